import { isJsonObject } from '../../core/internal.js';
import { OAuthClientError } from './oauth-client.error.js';
import type { AssertionAudience } from './oauth.interface.js';
import { OAUTH_MESSAGES } from './oauth.messages.js';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';

/** Options of {@link identityAssertion}. @publicApi */
export interface IdentityAssertionOptions {
  /** The token endpoint of the enterprise identity provider. */
  readonly tokenEndpoint: string;
  /** The user's ID token from that identity provider, or a function that gets a fresh one. */
  readonly idToken: string | (() => string | Promise<string>);
  /** The client's id at the identity provider. */
  readonly clientId?: string;
  /** The client's secret at the identity provider, sent with HTTP Basic when given. */
  readonly clientSecret?: string;
  /** The `fetch` of the exchange. @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

/**
 * The assertion of enterprise-managed authorization (SEP-990, the Identity Assertion JWT
 * Authorization Grant): for each token request, the user's ID token is exchanged at the
 * enterprise identity provider (RFC 8693 token exchange) for an ID-JAG whose audience is the MCP
 * server's authorization server and whose resource is the MCP server; the client then presents
 * it with the JWT-bearer grant.
 * @example
 * ```ts
 * const client = await SnodoClient.connect(url, {
 *   auth: {
 *     jwtBearer: {
 *       clientId: 'mcp-client',
 *       clientSecret: process.env.MCP_CLIENT_SECRET,
 *       assertion: identityAssertion({ tokenEndpoint: 'https://idp.example.com/token', idToken }),
 *     },
 *   },
 * });
 * ```
 * @publicApi
 */
export function identityAssertion(
  options: IdentityAssertionOptions,
): (audience: AssertionAudience) => Promise<string> {
  const fetchFn = options.fetch ?? globalThis.fetch;
  return async ({ issuer, resource }) => {
    const idToken =
      typeof options.idToken === 'function' ? await options.idToken() : options.idToken;
    const body = new URLSearchParams({
      grant_type: TOKEN_EXCHANGE,
      subject_token: idToken,
      subject_token_type: ID_TOKEN,
      requested_token_type: ID_JAG,
      audience: issuer,
      resource,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (options.clientId !== undefined && options.clientSecret !== undefined) {
      const pair = `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    } else if (options.clientId !== undefined) {
      body.set('client_id', options.clientId);
    }
    const response = await fetchFn(options.tokenEndpoint, { method: 'POST', headers, body });
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok || !isJsonObject(json) || typeof json.access_token !== 'string') {
      const error =
        isJsonObject(json) && typeof json.error === 'string' ? json.error : 'server_error';
      throw new OAuthClientError(OAUTH_MESSAGES.EXCHANGE_FAILED(response.status, error), error);
    }
    return json.access_token;
  };
}
