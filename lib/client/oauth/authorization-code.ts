import type { DpopProofs } from './dpop.js';
import { OAuthClientError } from './oauth-client.error.js';
import type { Discovery } from './oauth-discovery.js';
import { pkcePair, randomToken, requestTokens } from './oauth-tokens.js';
import type { OAuthClientInformation, OAuthClientOptions, OAuthTokens } from './oauth.interface.js';
import { OAUTH_MESSAGES } from './oauth.messages.js';

/**
 * Reads the authorization response the redirect URL received: its `iss` must be the issuer
 * (compared as strings, RFC 9207), present when the server says it always sends one; then its
 * `error`, its `state` and its `code`.
 * @returns the authorization code.
 * @throws {OAuthClientError} for a response that cannot be trusted or carries an error.
 * @internal
 */
export function readAuthorizationResponse(
  callback: URL,
  state: string,
  discovery: Discovery,
): string {
  const params = callback.searchParams;
  const iss = params.getAll('iss');
  if (iss.length > 0 && (iss.length !== 1 || iss[0] !== discovery.metadata.issuer)) {
    throw new OAuthClientError(OAUTH_MESSAGES.ISS_MISMATCH(discovery.metadata.issuer, iss.join()));
  }
  const error = params.get('error');
  if (error !== null) {
    const description = params.get('error_description') ?? '';
    throw new OAuthClientError(OAUTH_MESSAGES.AUTHORIZATION_ERROR(error, description), error);
  }
  const states = params.getAll('state');
  if (states.length !== 1 || states[0] !== state)
    throw new OAuthClientError(OAUTH_MESSAGES.BAD_STATE);
  if (
    iss.length === 0 &&
    discovery.metadata.authorization_response_iss_parameter_supported === true
  ) {
    throw new OAuthClientError(OAUTH_MESSAGES.ISS_MISSING(discovery.metadata.issuer));
  }
  const codes = params.getAll('code');
  if (codes.length !== 1 || codes[0] === '') throw new OAuthClientError(OAUTH_MESSAGES.NO_CODE);
  return codes[0]!;
}

/** The authorization request URL (RFC 6749 section 4.1.1, PKCE, RFC 8707 `resource`). */
function authorizationUrl(
  discovery: Discovery,
  client: OAuthClientInformation,
  redirectUrl: string,
  scope: string | undefined,
  pkce: { challenge: string; state: string },
): URL {
  const { metadata } = discovery;
  if (metadata.authorization_endpoint === undefined) {
    throw new OAuthClientError(OAUTH_MESSAGES.NO_ENDPOINT('authorization_endpoint'));
  }
  const methods = metadata.code_challenge_methods_supported;
  if (methods !== undefined && !methods.includes('S256')) {
    throw new OAuthClientError(OAUTH_MESSAGES.NO_S256);
  }
  const url = new URL(metadata.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', redirectUrl);
  url.searchParams.set('code_challenge', pkce.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', pkce.state);
  if (scope !== undefined) url.searchParams.set('scope', scope);
  // OpenID Connect grants offline access only with consent.
  if (scope?.split(' ').includes('offline_access') === true)
    url.searchParams.set('prompt', 'consent');
  url.searchParams.set('resource', discovery.resource);
  return url;
}

/**
 * The authorization code grant with PKCE (S256): sends the user to the authorization endpoint
 * through `onRedirect`, checks the response, and exchanges the code for tokens with the same
 * resource indicator (and DPoP proofs when `dpop` is given).
 * @throws {OAuthClientError} when the grant cannot be done or is refused.
 * @internal
 */
export async function authorizationCodeGrant(
  discovery: Discovery,
  client: OAuthClientInformation,
  scope: string | undefined,
  options: OAuthClientOptions,
  fetchFn: typeof fetch,
  dpop?: DpopProofs,
): Promise<OAuthTokens> {
  const { redirectUrl, onRedirect } = options;
  if (redirectUrl === undefined || onRedirect === undefined) {
    throw new OAuthClientError(OAUTH_MESSAGES.NO_REDIRECT);
  }
  const { verifier, challenge } = pkcePair();
  const state = randomToken(16);
  const url = authorizationUrl(discovery, client, redirectUrl, scope, { challenge, state });
  const callback = new URL(String(await onRedirect(url, redirectUrl)));
  const code = readAuthorizationResponse(callback, state, discovery);
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUrl,
    code_verifier: verifier,
    resource: discovery.resource,
  });
  return requestTokens(discovery.metadata, client, body, fetchFn, { askedScope: scope, dpop });
}
