import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isJsonObject } from '../../core/internal.js';
import type { DpopProofs } from './dpop.js';
import { loadJose } from './jose.loader.js';
import { OAuthClientError } from './oauth-client.error.js';
import type {
  AssertionAudience,
  AuthorizationServerMetadata,
  OAuthClientCredentials,
  OAuthClientInformation,
  OAuthJwtBearer,
  OAuthTokens,
} from './oauth.interface.js';
import { OAUTH_MESSAGES } from './oauth.messages.js';

/** How the client authenticates at the token endpoint. @internal */
export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

const METHODS: readonly string[] = ['client_secret_basic', 'client_secret_post', 'none'];
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A random base64url string of `bytes` bytes. @internal */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/**
 * A PKCE verifier and its S256 challenge (RFC 7636).
 * @internal
 */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomToken(32);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * How to authenticate: the method the registration gave when the server supports it, else
 * `client_secret_basic`, `client_secret_post` (with a secret) or `none`, in that order.
 * @internal
 */
export function selectAuthMethod(
  client: OAuthClientInformation,
  supported: readonly string[] | undefined,
): ClientAuthMethod {
  const registered = client.token_endpoint_auth_method;
  const offered = supported ?? [];
  if (
    registered !== undefined &&
    METHODS.includes(registered) &&
    (offered.length === 0 || offered.includes(registered))
  ) {
    return registered as ClientAuthMethod;
  }
  const secret = client.client_secret !== undefined;
  if (offered.length === 0) return secret ? 'client_secret_basic' : 'none';
  if (secret && offered.includes('client_secret_basic')) return 'client_secret_basic';
  if (secret && offered.includes('client_secret_post')) return 'client_secret_post';
  return secret && !offered.includes('none') ? 'client_secret_post' : 'none';
}

/** Adds the client's authentication to a token request (RFC 6749 section 2.3.1). */
function authenticate(
  method: ClientAuthMethod,
  client: OAuthClientInformation,
  headers: Record<string, string>,
  body: URLSearchParams,
): void {
  const secret = client.client_secret ?? '';
  if (method === 'client_secret_basic') {
    const pair = `${encodeURIComponent(client.client_id)}:${encodeURIComponent(secret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    return;
  }
  body.set('client_id', client.client_id);
  if (method === 'client_secret_post') body.set('client_secret', secret);
}

/** The tokens of a successful answer, with their expiry; the scope asked for when none is said. */
function readTokens(body: unknown, askedScope: string | undefined): OAuthTokens {
  if (
    !isJsonObject(body) ||
    typeof body.access_token !== 'string' ||
    typeof body.token_type !== 'string'
  ) {
    throw new OAuthClientError(OAUTH_MESSAGES.BAD_TOKEN_RESPONSE);
  }
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : undefined;
  const scope = typeof body.scope === 'string' ? body.scope : askedScope;
  return {
    access_token: body.access_token,
    token_type: body.token_type,
    ...(expiresIn === undefined
      ? {}
      : { expires_in: expiresIn, expires_at: Date.now() + expiresIn * 1_000 }),
    ...(typeof body.refresh_token === 'string' ? { refresh_token: body.refresh_token } : {}),
    ...(scope === undefined ? {} : { scope }),
  };
}

/** How a token request is sent: the client, and the proofs of possession (DPoP). @internal */
export interface TokenRequestOptions {
  /** The scope the tokens are for when the answer names none. */
  readonly askedScope?: string;
  /** Sends a DPoP proof with the request (and again with the nonce the server asks for). */
  readonly dpop?: DpopProofs;
}

/** An OAuth error answer: its code and description. */
function errorOf(json: unknown): { error: string; description: string } | undefined {
  if (!isJsonObject(json) || typeof json.error !== 'string') return undefined;
  const description = typeof json.error_description === 'string' ? json.error_description : '';
  return { error: json.error, description };
}

/**
 * POSTs a token request to the token endpoint and reads the tokens. With DPoP, a
 * `use_dpop_nonce` answer (RFC 9449 section 8) is met once with a proof carrying the nonce.
 * @param client the registered client, authenticated by {@link selectAuthMethod}; `undefined`
 *   when the body already authenticates it (a JWT assertion).
 * @throws {OAuthClientError} with the OAuth `error` when the server refuses.
 * @internal
 */
export async function requestTokens(
  metadata: AuthorizationServerMetadata,
  client: OAuthClientInformation | undefined,
  body: URLSearchParams,
  fetchFn: typeof fetch,
  options: TokenRequestOptions = {},
): Promise<OAuthTokens> {
  const endpoint = metadata.token_endpoint;
  if (endpoint === undefined) {
    throw new OAuthClientError(OAUTH_MESSAGES.NO_ENDPOINT('token_endpoint'));
  }
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (client !== undefined) {
    const method = selectAuthMethod(client, metadata.token_endpoint_auth_methods_supported);
    authenticate(method, client, headers, body);
  }
  const { dpop } = options;
  const send = async (): Promise<{ response: Response; json: unknown }> => {
    const proof: Record<string, string> =
      dpop === undefined ? {} : { dpop: await dpop.proof('POST', endpoint) };
    const response = await fetchFn(endpoint, {
      method: 'POST',
      headers: { ...headers, ...proof },
      body,
    });
    dpop?.observe(response, endpoint);
    return { response, json: await response.json().catch(() => undefined) };
  };
  let { response, json } = await send();
  if (dpop !== undefined && errorOf(json)?.error === 'use_dpop_nonce') {
    ({ response, json } = await send());
  }
  const refused =
    errorOf(json) ?? (response.ok ? undefined : { error: 'server_error', description: '' });
  if (refused !== undefined) {
    const { error, description } = refused;
    throw new OAuthClientError(
      OAUTH_MESSAGES.TOKEN_FAILED(response.status, error, description),
      error,
    );
  }
  return readTokens(json, options.askedScope ?? body.get('scope') ?? undefined);
}

/**
 * The body of a client-credentials token request, authenticated with a signed JWT assertion
 * (`private_key_jwt`, RFC 7523) when a private key is given.
 * @returns the body, and the client to authenticate with a secret (none for an assertion).
 * @throws {OAuthClientError} when neither a secret nor a private key is given.
 * @internal
 */
export async function clientCredentialsRequest(
  credentials: OAuthClientCredentials,
  metadata: AuthorizationServerMetadata,
): Promise<{ body: URLSearchParams; client?: OAuthClientInformation }> {
  const body = new URLSearchParams({ grant_type: 'client_credentials' });
  if (credentials.privateKeyPem !== undefined) {
    const algorithm = credentials.signingAlgorithm ?? 'ES256';
    const { importPKCS8, SignJWT } = await loadJose();
    const key = await importPKCS8(credentials.privateKeyPem, algorithm);
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: algorithm })
      .setIssuer(credentials.clientId)
      .setSubject(credentials.clientId)
      .setAudience(metadata.issuer)
      .setIssuedAt()
      .setExpirationTime('5m')
      .setJti(randomUUID())
      .sign(key);
    body.set('client_id', credentials.clientId);
    body.set('client_assertion_type', JWT_BEARER);
    body.set('client_assertion', assertion);
    return { body };
  }
  if (credentials.clientSecret === undefined) {
    throw new OAuthClientError(OAUTH_MESSAGES.BAD_CREDENTIALS);
  }
  return {
    body,
    client: { client_id: credentials.clientId, client_secret: credentials.clientSecret },
  };
}

/**
 * The body of a JWT-bearer token request (RFC 7523 section 2.1), and the client to authenticate
 * when a secret is given; the `client_id` goes in the body otherwise.
 * @internal
 */
export async function jwtBearerRequest(
  grant: OAuthJwtBearer,
  audience: AssertionAudience,
): Promise<{ body: URLSearchParams; client?: OAuthClientInformation }> {
  const assertion =
    typeof grant.assertion === 'function' ? await grant.assertion(audience) : grant.assertion;
  const body = new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion });
  if (grant.clientId !== undefined && grant.clientSecret !== undefined) {
    return { body, client: { client_id: grant.clientId, client_secret: grant.clientSecret } };
  }
  if (grant.clientId !== undefined) body.set('client_id', grant.clientId);
  return { body };
}
