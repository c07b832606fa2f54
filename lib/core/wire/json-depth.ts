import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  isSpace,
} from './json-bytes.js';
import { idOfToken, idTokens, type ExactNumberId } from './id-tokens.js';

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
