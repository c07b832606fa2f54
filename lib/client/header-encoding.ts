const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';
/** Printable ASCII and the space: what a header value may carry as it is. */
const PLAIN = /^[\x20-\x7e]*$/;

/** The base64 of a text's UTF-8 bytes, with what Node and browsers both have (no `Buffer`). */
function base64OfUtf8(value: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Encodes a value for an MCP header (`Mcp-Name`, `Mcp-Param-*`): as it is when it is printable
 * ASCII without surrounding whitespace, otherwise as the `=?base64?…?=` sentinel of its UTF-8
 * bytes (non-ASCII text, control characters and tabs, leading or trailing spaces, and a plain
 * value that would read as a sentinel).
 * @internal
 */
export function encodeHeaderValue(value: string): string {
  const safe =
    PLAIN.test(value) &&
    value === value.trim() &&
    !(value.startsWith(SENTINEL_PREFIX) && value.endsWith(SENTINEL_SUFFIX));
  return safe ? value : `${SENTINEL_PREFIX}${base64OfUtf8(value)}${SENTINEL_SUFFIX}`;
}
