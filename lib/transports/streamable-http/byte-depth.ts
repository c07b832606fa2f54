const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * How many opening brackets a chunk holds, counting no further than `budget + 1`: while a body's
 * count stays within the depth limit it cannot nest deeper than the limit and needs no scan (the
 * same shortcut as the core's text scan, with the native `indexOf`). The chunk is bytes, or text
 * decoded from them (a stream with an encoding set): the brackets are the same either way.
 * @internal
 */
export function countOpens(chunk: Uint8Array | string, budget: number): number {
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
 * The nesting depth of JSON bytes read chunk by chunk: the scan the core's `parseMessage` makes of
 * the text, made on the bytes as they arrive, so that a body a framework's parser is to parse is
 * neither decoded twice nor held back from it. Whether the scan is inside a string, and after a
 * backslash, carries over from one chunk to the next. Bytes of multi-byte UTF-8 characters are
 * never brackets, quotes or backslashes, so the bytes give the same answer as the text.
 * @internal
 */
export class DepthScan {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max: number) {}

  /** Scans the next chunk: `true` once the bytes so far nest deeper than the limit. */
  feed(bytes: Uint8Array): boolean {
    const max = this.max;
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    let deeper = false;
    for (let i = 0; i < bytes.length; i++) {
      const code = bytes[i];
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
