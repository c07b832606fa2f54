const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';
/** Printable ASCII and the space: what a header value may carry as it is. */
const PLAIN = /^[\x20-\x7e]*$/;

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
  return safe
    ? value
    : `${SENTINEL_PREFIX}${Buffer.from(value, 'utf8').toString('base64')}${SENTINEL_SUFFIX}`;
}
