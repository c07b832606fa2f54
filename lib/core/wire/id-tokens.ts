import {
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  isSpace,
  stringEnd,
} from './json-bytes.js';

/**
 * A JSON-RPC id that is an integer too large for a JavaScript number to hold exactly (beyond
 * 2^53 - 1 either way), kept as the JSON token the client sent, so that its answer echoes the very
 * same token (`9007199254740993`, not the `9007199254740992` that `JSON.parse` makes of it).
 * `serializeMessage()` writes the token as it is; `JSON.stringify` writes the nearest number.
 * @publicApi
 */
export class ExactNumberId {
  /** @param token the id's JSON number token, as sent. */
  constructor(readonly token: string) {}

  /** The nearest JavaScript number, for a writer that is not `serializeMessage()`. */
  toJSON(): number {
    return Number(this.token);
  }

  /** The token, as sent. */
  toString(): string {
    return this.token;
  }
}

/**
 * Where the text of a parsed message can be had, to read back the token of an id that parsed to
 * an inexact number: the text itself, or what holds its bytes (a watched body). Asked only for
 * such ids, so it costs nothing otherwise.
 * @publicApi
 */
export type IdSource = string | { text(): string };

const COMMA = 0x2c; // ,
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The JSON string or number token at `start` (after white space), or `undefined`. */
function scalarTokenAt(text: string, start: number): string | undefined {
  let i = start;
  while (isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === QUOTE) {
    const end = stringEnd(text, i);
    return end === -1 ? undefined : text.slice(i, end + 1);
  }
  NUMBER.lastIndex = i;
  return NUMBER.exec(text)?.[0];
}

/**
 * The JSON tokens of the `id` members of the messages in `text`, read without building them: of
 * the one object (index 0), or of each object of a top-level array (a batch), by index. Like
 * `JSON.parse`, the last of duplicate members wins.
 * @internal
 */
export function idTokens(text: string): Map<number, string> {
  const tokens = new Map<number, string>();
  let start = 0;
  while (isSpace(text.charCodeAt(start))) start++;
  const batch = text.charCodeAt(start) === OPEN_ARRAY;
  const memberDepth = batch ? 2 : 1;
  let depth = 0;
  let element = 0;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = stringEnd(text, i);
      if (end === -1) break;
      let next = end + 1;
      while (isSpace(text.charCodeAt(next))) next++;
      if (
        depth === memberDepth &&
        text.charCodeAt(next) === COLON &&
        text.slice(i, end + 1) === '"id"'
      ) {
        const token = scalarTokenAt(text, next + 1);
        if (token !== undefined) tokens.set(element, token);
      }
      i = end;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth++;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    } else if (code === COMMA && batch && depth === 1) {
      element++;
    }
  }
  return tokens;
}

/**
 * An integer id as the answer must carry it: the number itself when it is exact, else the token
 * the text holds for it (checked to be that number), else the number (no text to read it from).
 * @internal
 */
export function exactIntegerId(
  value: number,
  source: IdSource | undefined,
  index: number,
): number | ExactNumberId {
  if (Number.isSafeInteger(value) || source === undefined) return value;
  const token = idTokens(typeof source === 'string' ? source : source.text()).get(index);
  return token !== undefined && Number(token) === value ? new ExactNumberId(token) : value;
}

/**
 * An id read from a token (an id read without parsing the message): a string, an integer (exact,
 * or kept as its token when too large), or `undefined` for anything else.
 * @internal
 */
export function idOfToken(token: string | undefined): string | number | ExactNumberId | undefined {
  if (token === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    return undefined;
  }
  if (typeof value === 'string') return value;
  if (typeof value !== 'number' || !Number.isInteger(value)) return undefined;
  return Number.isSafeInteger(value) ? value : new ExactNumberId(token);
}

/**
 * The `id` of a message that is not parsed (it nests too deep): read from the top-level object
 * without building it, so that its refusal can carry it. `undefined` when there is none to read
 * (or the text is a batch).
 * @internal
 */
export function topLevelId(text: string): string | number | ExactNumberId | undefined {
  let start = 0;
  while (isSpace(text.charCodeAt(start))) start++;
  if (text.charCodeAt(start) === OPEN_ARRAY) return undefined;
  return idOfToken(idTokens(text).get(0));
}
