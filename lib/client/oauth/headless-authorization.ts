import { OAuthClientError } from './oauth-client.error.js';
import { OAUTH_MESSAGES } from './oauth.messages.js';

/** Options of {@link headlessAuthorization}. @publicApi */
export interface HeadlessAuthorizationOptions {
  /** The `fetch` that follows the redirects. @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Redirects followed before giving up. @default 10 */
  readonly maxRedirects?: number;
}

/** The `name=value` pairs of `Set-Cookie` headers, by name. */
function remember(jar: Map<string, string>, response: Response): void {
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(';', 1)[0]!;
    const equals = pair.indexOf('=');
    if (equals > 0) jar.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
  }
}

const cookieHeader = (jar: Map<string, string>): Record<string, string> =>
  jar.size === 0 ? {} : { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') };

/** Whether a URL is the redirect URL (same origin and path; the query is the response). */
const isRedirectUrl = (url: URL, redirect: URL): boolean =>
  url.origin === redirect.origin && url.pathname === redirect.pathname;

/**
 * An `onRedirect` for authorization servers that need no user (test servers, servers that
 * approve a known client without a login page): it follows the redirects of the authorization
 * URL with `fetch`, keeping the cookies each origin sets, until one leads to the redirect URL,
 * and resolves with that URL. A server that answers with a page instead (a login form) stops
 * it with an {@link OAuthClientError}.
 * @example
 * ```ts
 * const client = await SnodoClient.connect(url, {
 *   auth: { redirectUrl: 'http://127.0.0.1:8976/callback', onRedirect: headlessAuthorization() },
 * });
 * ```
 * @publicApi
 */
export function headlessAuthorization(
  options: HeadlessAuthorizationOptions = {},
): (authorizationUrl: URL, redirectUrl: string) => Promise<string> {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const maxRedirects = options.maxRedirects ?? 10;
  return async (authorizationUrl, redirectUrl) => {
    const redirect = new URL(redirectUrl);
    const jars = new Map<string, Map<string, string>>();
    let url = authorizationUrl;
    for (let hop = 0; hop <= maxRedirects; hop++) {
      const jar = jars.get(url.origin) ?? new Map<string, string>();
      jars.set(url.origin, jar);
      const response = await fetchFn(url, { redirect: 'manual', headers: cookieHeader(jar) });
      remember(jar, response);
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) {
        throw new OAuthClientError(OAUTH_MESSAGES.HEADLESS_STOPPED(url.href, response.status));
      }
      url = new URL(location, url);
      if (isRedirectUrl(url, redirect)) return url.href;
    }
    throw new OAuthClientError(OAUTH_MESSAGES.HEADLESS_TOO_MANY(maxRedirects));
  };
}
