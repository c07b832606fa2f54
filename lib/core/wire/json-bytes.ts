/** The character codes JSON's structure is read by, for the scans that read text without parsing it. */
export const OPEN_OBJECT = 0x7b; // {
export const OPEN_ARRAY = 0x5b; // [
export const CLOSE_OBJECT = 0x7d; // }
export const CLOSE_ARRAY = 0x5d; // ]
export const QUOTE = 0x22; // "
export const BACKSLASH = 0x5c; // \
export const COLON = 0x3a; // :

/** Whether a character code is JSON white space. @internal */
export const isSpace = (code: number): boolean =>
  code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/** The index of the quote that closes the string opening at `start`, or -1. @internal */
export function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i++;
    else if (code === QUOTE) return i;
  }
  return -1;
}
