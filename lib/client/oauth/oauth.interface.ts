import type { JsonObject } from '../../core/internal.js';

/** A value, or a promise of it. */

/**
 * The tokens an authorization server issued (RFC 6749 section 5.1), with the moment the access
 * token expires.
 * @publicApi
 */
export interface OAuthTokens {
  /** The access token, sent with each request to the MCP server. */
  readonly access_token: string;
  /** How the access token is sent: `Bearer`, or `DPoP` for a token bound to the client's key. */
  readonly token_type: string;
  /** The access token's lifetime in seconds from its issue, when the authorization server said. */
  readonly expires_in?: number;
  /** Gets new tokens once the access token expires, without the user; when one was issued. */
  readonly refresh_token?: string;
  /** The scopes granted, or those asked for when the server did not say. */
  readonly scope?: string;
  /** When the access token expires, in milliseconds since the epoch. */
  readonly expires_at?: number;
}

/**
 * A client registered at an authorization server: by dynamic registration (RFC 7591), by a
 * client ID metadata document (its URL is the `client_id`), or beforehand.
 * @publicApi
 */
export interface OAuthClientInformation {
  /** The client's identifier at the authorization server. */
  readonly client_id: string;
  /** The secret of a confidential client; absent for a public one. */
  readonly client_secret?: string;
  /** `client_secret_basic`, `client_secret_post` or `none`. */
  readonly token_endpoint_auth_method?: string;
}

/**
 * Client metadata for dynamic registration (RFC 7591 section 2); the client fills in
 * `redirect_uris`, `grant_types`, `response_types`, `token_endpoint_auth_method` and
 * `application_type` where they are left out.
 * @publicApi
 */
export interface OAuthClientMetadata extends JsonObject {
  /** The client's name, as the authorization server shows it to the user. */
  client_name?: string;
  /** Where the authorization server may send the user back. */
  redirect_uris?: string[];
  /** The grants the client uses, such as `authorization_code` and `refresh_token`. */
  grant_types?: string[];
  /** The scopes the client may ask for, separated by spaces. */
  scope?: string;
  /** `native` (a loopback or custom-scheme redirect URL) or `web`. */
  application_type?: string;
}

/**
 * Where the OAuth client keeps what it obtained: the tokens of each resource from each
 * authorization server, and its registration at each authorization server (never used at
 * another, SEP-2352). Give your own to keep them across processes; the default keeps them in
 * memory.
 * @publicApi
 */
export interface OAuthStore {
  /** The tokens kept for a resource from an authorization server (its issuer), if any. */
  tokens(
    resource: string,
    issuer: string,
  ): OAuthTokens | undefined | Promise<OAuthTokens | undefined>;
  /** Keeps the tokens for a resource from an authorization server, in place of any before. */
  saveTokens(resource: string, issuer: string, tokens: OAuthTokens): void | Promise<void>;
  /** Forgets the tokens (they were refused, or a refresh failed). */
  deleteTokens(resource: string, issuer: string): void | Promise<void>;
  /** The client's registration at an authorization server (its issuer), if any. */
  client(
    issuer: string,
  ): OAuthClientInformation | undefined | Promise<OAuthClientInformation | undefined>;
  /** Keeps the client's registration at an authorization server. */
  saveClient(issuer: string, client: OAuthClientInformation): void | Promise<void>;
}

/**
 * The client-credentials grant (machine to machine, the `oauth-client-credentials` extension):
 * a client secret sent with HTTP Basic, or a private key that signs a JWT assertion
 * (`private_key_jwt`, RFC 7523).
 * @publicApi
 */
export interface OAuthClientCredentials {
  /** The client's identifier at the authorization server. */
  readonly clientId: string;
  /** The client's secret, sent with HTTP Basic; give it or `privateKeyPem`. */
  readonly clientSecret?: string;
  /** A PKCS#8 PEM private key for `private_key_jwt`. */
  readonly privateKeyPem?: string;
  /** The JWS algorithm of the assertion. @default 'ES256' */
  readonly signingAlgorithm?: string;
}

/**
 * The JWT-bearer grant (RFC 7523 section 2.1) for workload identity federation (SEP-1933): the
 * workload's identity token (from its platform: a Kubernetes service account, a cloud metadata
 * server) is exchanged for an access token, with no user and no client secret. A refused
 * assertion is reported, never retried with another grant.
 * @publicApi
 */
export interface OAuthJwtBearer {
  /**
   * The JWT assertion, or a function that gets a fresh one for each token request, told which
   * authorization server and resource it is for (see `identityAssertion()` for an
   * enterprise-managed one, SEP-990).
   */
  readonly assertion: string | ((audience: AssertionAudience) => string | Promise<string>);
  /** The `client_id` sent with the assertion, if the authorization server wants one. */
  readonly clientId?: string;
  /** The client's secret at the authorization server, sent with HTTP Basic when given. */
  readonly clientSecret?: string;
}

/** What a JWT-bearer assertion is for: the authorization server and the resource. @publicApi */
export interface AssertionAudience {
  /** The authorization server's issuer identifier. */
  readonly issuer: string;
  /** The resource indicator of the MCP server (RFC 8707). */
  readonly resource: string;
}

/**
 * The `auth` option of `SnodoClient.connect()`: the client acts as an OAuth 2.1 client of the
 * MCP server's authorization server. On a 401 it discovers the server's Protected Resource
 * Metadata (RFC 9728) and the authorization server's metadata (RFC 8414 or OpenID Connect),
 * registers (client ID metadata document, pre-registration or dynamic registration), and gets a
 * token with the authorization code grant and PKCE (or the client-credentials grant), with the
 * resource indicator of RFC 8707; on a 403 `insufficient_scope` it asks again for the union of
 * the scopes; it refreshes expired tokens.
 * @see docs/client.md
 * @publicApi
 */
export interface OAuthClientOptions {
  /**
   * Where the authorization server sends the user back; needed for the authorization code grant.
   * @default undefined
   */
  readonly redirectUrl?: string;
  /**
   * Sends the user to the authorization URL, and resolves with the URL the authorization server
   * redirected back to (with `code`, `state` and `iss`): open a browser and serve the redirect
   * URL, or, for a server that authorizes without a user, `headlessAuthorization()`.
   * @default undefined
   */
  readonly onRedirect?: (authorizationUrl: URL, redirectUrl: string) => Promise<string | URL>;
  /** The metadata of dynamic registration. @default { client_name: 'snodo-client' } */
  readonly clientMetadata?: OAuthClientMetadata;
  /**
   * An HTTPS URL of the client's ID metadata document, used as `client_id` by authorization
   * servers that advertise `client_id_metadata_document_supported`.
   * @default undefined
   */
  readonly clientMetadataUrl?: string;
  /**
   * A client registered beforehand (used at every authorization server that has no other).
   * @default undefined
   */
  readonly clientInformation?: OAuthClientInformation;
  /** Use the client-credentials grant instead of the authorization code grant. @default undefined */
  readonly clientCredentials?: OAuthClientCredentials;
  /**
   * Use the JWT-bearer grant (workload identity) instead of the authorization code grant.
   * @default undefined
   */
  readonly jwtBearer?: OAuthJwtBearer;
  /** The scope asked for when neither the challenge nor the metadata names one. @default undefined */
  readonly scope?: string;
  /** Where tokens and registrations are kept. @default an in-memory store */
  readonly store?: OAuthStore;
  /** Authorizations tried for one request before its 401 or 403 is given up on. @default 3 */
  readonly maxAttempts?: number;
  /**
   * Bind the tokens to a key of the client with DPoP (RFC 9449, SEP-1932): every token request
   * and MCP request carries a fresh ES256 proof, and the tokens the authorization server issues
   * as `DPoP` tokens are sent with the `DPoP` scheme. A resource server that does not support
   * DPoP refuses such tokens, so it is asked for, not guessed from the authorization server.
   * @default true when the Protected Resource Metadata says `dpop_bound_access_tokens_required`
   */
  readonly dpop?: boolean;
}

/** Protected Resource Metadata (RFC 9728), as far as the client reads it. @publicApi */
export interface ProtectedResourceMetadata extends JsonObject {
  /** The resource identifier; it must cover the MCP server's URL. */
  resource: string;
  /** The authorization servers (issuers) whose tokens it accepts; the client uses the first. */
  authorization_servers?: string[];
  /** The scopes the resource knows: all are asked for when a challenge names none. */
  scopes_supported?: string[];
  /** Whether the resource accepts only DPoP-bound tokens: the client then uses DPoP by default. */
  dpop_bound_access_tokens_required?: boolean;
}

/** Authorization server metadata (RFC 8414), as far as the client reads it. @publicApi */
export interface AuthorizationServerMetadata extends JsonObject {
  /** The authorization server's issuer identifier: the one the metadata was fetched for. */
  issuer: string;
  /** Where the user is sent to authorize (the authorization code grant). */
  authorization_endpoint?: string;
  /** Where tokens are requested and refreshed. */
  token_endpoint?: string;
  /** Where a client registers itself (dynamic registration, RFC 7591). */
  registration_endpoint?: string;
  /**
   * The scopes it knows: with `offline_access` among them, the authorization code grant asks for
   * it too, to get a refresh token.
   */
  scopes_supported?: string[];
  /** The grants it supports, such as `authorization_code` and `client_credentials`. */
  grant_types_supported?: string[];
  /** How a client may authenticate at the token endpoint: `client_secret_basic`, `none`... */
  token_endpoint_auth_methods_supported?: string[];
  /** The PKCE methods it supports; when given, it must include `S256`. */
  code_challenge_methods_supported?: string[];
  /** Whether it takes the URL of a client ID metadata document as `client_id`. */
  client_id_metadata_document_supported?: boolean;
  /** Whether its authorization responses carry `iss` (RFC 9207): the client then requires it. */
  authorization_response_iss_parameter_supported?: boolean;
  /** The JWS algorithms it accepts for DPoP proofs. */
  dpop_signing_alg_values_supported?: string[];
}
