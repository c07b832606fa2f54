import { isJsonObject } from '../../core/internal.js';
import { OAuthClientError } from './oauth-client.error.js';
import type {
  AuthorizationServerMetadata,
  OAuthClientInformation,
  OAuthClientOptions,
  OAuthStore,
} from './oauth.interface.js';
import { OAUTH_MESSAGES } from './oauth.messages.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `native` for a loopback or custom-scheme redirect URL (RFC 8252), `web` otherwise: what
 * dynamic registration declares as `application_type` (SEP-837).
 * @internal
 */
export function applicationType(redirectUrl: string | undefined): 'native' | 'web' {
  if (redirectUrl === undefined) return 'native';
  const url = new URL(redirectUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'native';
  return LOOPBACK.has(url.hostname) ? 'native' : 'web';
}

/** The token endpoint authentication to register with: public (`none`) where it may. */
function registrationAuthMethod(metadata: AuthorizationServerMetadata): string {
  const supported = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  return (
    ['none', 'client_secret_basic', 'client_secret_post'].find((method) =>
      supported.includes(method),
    ) ?? 'none'
  );
}

/** Dynamic client registration (RFC 7591). */
async function register(
  metadata: AuthorizationServerMetadata,
  options: OAuthClientOptions,
  fetchFn: typeof fetch,
): Promise<OAuthClientInformation> {
  const body = {
    client_name: 'snodo-client',
    redirect_uris: options.redirectUrl === undefined ? [] : [options.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: registrationAuthMethod(metadata),
    application_type: applicationType(options.redirectUrl),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
    ...options.clientMetadata,
  };
  const response = await fetchFn(metadata.registration_endpoint!, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok || !isJsonObject(json) || typeof json.client_id !== 'string') {
    const reason =
      isJsonObject(json) && typeof json.error === 'string' ? json.error : 'no client_id';
    throw new OAuthClientError(OAUTH_MESSAGES.REGISTRATION_FAILED(response.status, reason));
  }
  return {
    client_id: json.client_id,
    ...(typeof json.client_secret === 'string' ? { client_secret: json.client_secret } : {}),
    ...(typeof json.token_endpoint_auth_method === 'string'
      ? { token_endpoint_auth_method: json.token_endpoint_auth_method }
      : {}),
  };
}

/**
 * The client's registration at an authorization server: the one stored for that issuer, else
 * the pre-registered one, else its client ID metadata document URL where the server supports
 * them, else a dynamic registration. A registration is kept for its issuer only: a client whose
 * resource moves to another authorization server registers again there (SEP-2352).
 * @throws {OAuthClientError} when the client has no way to register.
 * @internal
 */
export async function clientFor(
  issuer: string,
  metadata: AuthorizationServerMetadata,
  options: OAuthClientOptions,
  store: OAuthStore,
  fetchFn: typeof fetch,
): Promise<OAuthClientInformation> {
  const stored = await store.client(issuer);
  if (stored !== undefined) return stored;
  let client: OAuthClientInformation;
  if (options.clientInformation !== undefined) {
    client = options.clientInformation;
  } else if (
    metadata.client_id_metadata_document_supported === true &&
    options.clientMetadataUrl !== undefined
  ) {
    client = { client_id: options.clientMetadataUrl, token_endpoint_auth_method: 'none' };
  } else if (metadata.registration_endpoint !== undefined) {
    client = await register(metadata, options, fetchFn);
  } else {
    throw new OAuthClientError(OAUTH_MESSAGES.NO_REGISTRATION(issuer));
  }
  await store.saveClient(issuer, client);
  return client;
}
