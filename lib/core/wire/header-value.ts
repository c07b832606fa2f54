const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const PLAIN_VALUE = /^[\x20-\x7e\t]*$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes an MCP header value (`Mcp-Name`, `Mcp-Param-*`): surrounding whitespace is dropped, and
 * a `=?base64?…?=` sentinel is decoded strictly (canonical padding, valid UTF-8).
 * A value with only the prefix or only the suffix is a plain literal.
 * @returns the decoded value, or `undefined` when the value is malformed.
 * @publicApi
 */
export function decodeHeaderValue(raw: string): string | undefined {
  const value = raw.trim();
  if (
    value.length >= SENTINEL_PREFIX.length + SENTINEL_SUFFIX.length &&
    value.startsWith(SENTINEL_PREFIX) &&
    value.endsWith(SENTINEL_SUFFIX)
  ) {
    const payload = value.slice(SENTINEL_PREFIX.length, value.length - SENTINEL_SUFFIX.length);
    if (!STRICT_BASE64.test(payload)) return undefined;
    try {
      const binary = atob(payload);
      return utf8.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    } catch {
      return undefined;
    }
  }
  return PLAIN_VALUE.test(value) ? value : undefined;
}
