const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether `text` holds at most `max` opening brackets in all, strings included: then it cannot
 * nest deeper than `max`, and the scan below is not needed. `indexOf` runs natively, about ten
 * times faster than the scan's loop over every character, and a message sent by a client holds a
 * handful of brackets. Counting stops at `max + 1`, so a text full of brackets costs no more than
 * the scan again.
 */
function opensAtMost(text: string, max: number): boolean {
  let count = 0;
  for (let i = text.indexOf('{'); i !== -1; i = text.indexOf('{', i + 1)) {
    if (++count > max) return false;
  }
  for (let i = text.indexOf('['); i !== -1; i = text.indexOf('[', i + 1)) {
    if (++count > max) return false;
  }
  return true;
}

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read before the text is parsed,
 * so that a hostile message costs one linear scan and no memory. Brackets inside strings do not
 * count. Malformed text is left for the parser to refuse.
 * @internal
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  if (opensAtMost(text, max)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * Whether a value that is already parsed (by a framework's body parser) nests deeper than `max`.
 * Walks without recursion, so it is safe on any depth.
 * @internal
 */
export function valueNestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

const COLON = 0x3a; // :

const isSpace = (code: number): boolean =>
  code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/** The index of the quote that closes the string opening at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i++;
    else if (code === QUOTE) return i;
  }
  return -1;
}

/** A JSON string or integer at `start` (after white space), as a JSON-RPC id can be. */
function scalarAt(text: string, start: number): string | number | undefined {
  let i = start;
  while (isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === QUOTE) {
    const end = stringEnd(text, i);
    if (end === -1) return undefined;
    try {
      return JSON.parse(text.slice(i, end + 1)) as string;
    } catch {
      return undefined;
    }
  }
  const number = /^-?(?:0|[1-9]\d*)(?=[\s,}\]]|$)/.exec(text.slice(i, i + 24))?.[0];
  const value = number === undefined ? undefined : Number(number);
  return value !== undefined && Number.isSafeInteger(value) ? value : undefined;
}

/**
 * The `id` of a message that is not parsed (it nests too deep): read from the top-level object
 * without building it, so that its refusal can carry it. `undefined` when there is none to read.
 * @internal
 */
export function topLevelId(text: string): string | number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = stringEnd(text, i);
      if (end === -1) return undefined;
      let next = end + 1;
      while (isSpace(text.charCodeAt(next))) next++;
      // At the top level, a string followed by a colon is a key.
      if (depth === 1 && text.charCodeAt(next) === COLON && text.slice(i, end + 1) === '"id"') {
        return scalarAt(text, next + 1);
      }
      i = end;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth++;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    }
  }
  return undefined;
}
