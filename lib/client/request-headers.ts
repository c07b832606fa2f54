import { CLIENT_MESSAGES } from './client.messages.js';

/**
 * Extra HTTP headers of a request, such as `{ 'X-Api-Key': '…' }`. Names are case-insensitive.
 * @publicApi
 */
export type RequestHeaders = Readonly<Record<string, string>>;

/**
 * The `headers` option of {@link SnodoClientOptions}: fixed headers, or a function the client
 * calls before every request (a token that expires, a trace id), which may be async.
 * @publicApi
 */
export type RequestHeadersOption =
  RequestHeaders | (() => RequestHeaders | Promise<RequestHeaders>);

/**
 * The headers the client sets itself on every request, in lower case: they carry the protocol
 * (content negotiation, revision, session, method routing), so a caller may not set them.
 * `Mcp-Param-*` headers are refused too: they mirror tool arguments.
 * @internal
 */
export const MANAGED_HEADERS: readonly string[] = [
  'accept',
  'content-type',
  'content-length',
  'mcp-protocol-version',
  'mcp-session-id',
  'mcp-method',
  'mcp-name',
];

const MANAGED_PREFIX = 'mcp-param-';
/** An HTTP token (RFC 9110, section 5.6.2), the syntax of a header name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What a header value may hold: no CR, LF or NUL, nothing `fetch` cannot send (above U+00FF). */
const VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** A bearer token: visible characters, no spaces. */
const BEARER = /^[\x21-\x7e]+$/;

/**
 * Checks the extra headers of a request and adds the bearer token's `Authorization`.
 * @param headers the caller's headers.
 * @param bearerToken sent as `Authorization: Bearer <token>` when given.
 * @returns the headers with lower-case names, in the order given.
 * @throws {TypeError} for a name that is not an HTTP token, a value with CR, LF or a character
 *   `fetch` cannot send, a header the client manages, a name given twice (ignoring case), a
 *   bearer token with spaces or control characters, or a bearer token beside an `Authorization`.
 * @internal
 */
export function checkRequestHeaders(
  headers: RequestHeaders | undefined,
  bearerToken?: string,
): Record<string, string> {
  if (
    headers !== undefined &&
    (typeof headers !== 'object' || headers === null || Array.isArray(headers))
  ) {
    throw new TypeError(CLIENT_MESSAGES.HEADERS_NOT_AN_OBJECT);
  }
  const checked = new Map<string, string>();
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (!TOKEN.test(name)) throw new TypeError(CLIENT_MESSAGES.BAD_HEADER_NAME(name));
    if (typeof value !== 'string' || !VALUE.test(value)) {
      throw new TypeError(CLIENT_MESSAGES.BAD_HEADER_VALUE(name));
    }
    if (MANAGED_HEADERS.includes(lower) || lower.startsWith(MANAGED_PREFIX)) {
      throw new TypeError(
        CLIENT_MESSAGES.MANAGED_HEADER(name, [...MANAGED_HEADERS, `${MANAGED_PREFIX}*`]),
      );
    }
    if (checked.has(lower)) throw new TypeError(CLIENT_MESSAGES.DUPLICATE_HEADER(name));
    checked.set(lower, value);
  }
  if (bearerToken !== undefined) {
    if (typeof bearerToken !== 'string' || !BEARER.test(bearerToken)) {
      throw new TypeError(CLIENT_MESSAGES.BAD_BEARER_TOKEN);
    }
    if (checked.has('authorization')) {
      throw new TypeError(CLIENT_MESSAGES.BEARER_AND_AUTHORIZATION);
    }
    checked.set('authorization', `Bearer ${bearerToken}`);
  }
  return Object.fromEntries(checked);
}
