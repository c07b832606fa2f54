import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
} from './json-bytes.js';

/**
 * JSON text or bytes, whole or one chunk of them: the brackets, quotes and backslashes the scans
 * read are the same either way (bytes of multi-byte UTF-8 characters, and the UTF-16 units of text,
 * are never one of them).
 */
type Chunk = string | Uint8Array;

/**
 * How many opening brackets a chunk holds, counting no further than `budget + 1`: while the count
 * stays within the depth limit, the JSON cannot nest deeper than the limit and needs no scan.
 * `indexOf` runs natively, about ten times faster than the scan's loop over every character, and a
 * message sent by a client holds a handful of brackets. Counting stops past the budget, so a chunk
 * full of brackets costs no more than the scan again.
 * @internal
 */
export function countOpens(chunk: Chunk, budget: number): number {
  return typeof chunk === 'string'
    ? countBoth(chunk, '{', '[', budget)
    : countBoth(chunk, OPEN_OBJECT, OPEN_ARRAY, budget);
}

/** How many of `first` and `second` `chunk` holds, counting no further than `budget + 1`. */
function countBoth<T>(
  chunk: { indexOf(value: T, from?: number): number },
  first: T,
  second: T,
  budget: number,
): number {
  let count = 0;
  for (let i = chunk.indexOf(first); i !== -1; i = chunk.indexOf(first, i + 1)) {
    if (++count > budget) return count;
  }
  for (let i = chunk.indexOf(second); i !== -1; i = chunk.indexOf(second, i + 1)) {
    if (++count > budget) return count;
  }
  return count;
}

/**
 * The nesting depth of JSON read chunk by chunk, text or bytes, before anything parses it, so that
 * a hostile message costs one linear scan and no memory: a transport feeds it the bytes of a body
 * as they arrive (so that a framework's parser gets them untouched and at once), and
 * {@link nestsDeeperThan} feeds it a whole text once. Whether the scan is inside a string, and
 * after a backslash, carries over from one chunk to the next. Brackets inside strings do not count;
 * malformed JSON is left for the parser to refuse.
 * @internal
 */
export class DepthScan {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max: number) {}

  /** Scans the next chunk: `true` once the JSON so far nests deeper than the limit. */
  feed(chunk: Chunk): boolean {
    const text = typeof chunk === 'string' ? chunk : undefined;
    const max = this.max;
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    let deeper = false;
    for (let i = 0; i < chunk.length; i++) {
      const code = text === undefined ? (chunk as Uint8Array)[i] : text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
      } else if (code === QUOTE) {
        inString = true;
      } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
        if (++depth > max) {
          deeper = true;
          break;
        }
      } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
        depth--;
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return deeper;
  }
}

/**
 * Whether JSON text nests objects and arrays deeper than `max`: the bracket count first, then,
 * past it, the {@link DepthScan} fed the whole text.
 * @internal
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  return countOpens(text, max) > max && new DepthScan(max).feed(text);
}

/**
 * Whether a value that is already parsed (by a framework's body parser, which had the text before
 * the transport could scan it) nests deeper than `max`. Walks without recursion, so it is safe on
 * any depth.
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
