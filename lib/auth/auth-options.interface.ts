import type { AuthInfo } from '../core/internal.js';

/**
 * How the MCP endpoint acts as an OAuth 2.1 protected resource (docs/oauth.md): the metadata it
 * publishes (RFC 9728) and how it checks the bearer token of every request.
 * @publicApi
 */
export interface SnodoAuthOptions {
  /**
   * This server's resource identifier (RFC 8707): the endpoint's absolute URL, global prefix
   * included, such as `https://mcp.example.com/api/mcp`. Tokens must be issued for it (`aud`).
   */
  resource: string;
  /** The authorization servers (issuer URLs) whose tokens the server accepts. */
  authorizationServers: readonly string[];
  /** The scopes clients may ask for, published in the metadata. */
  scopesSupported?: readonly string[];
  /** A human-readable name of the resource, published in the metadata. */
  resourceName?: string;
  /** A page about the resource, published in the metadata. */
  resourceDocumentation?: string;
  /** How JWT access tokens are checked (ignored with `verifyToken`). */
  jwt?: SnodoJwtOptions;
  /**
   * Checks a token yourself, for opaque tokens (introspection, RFC 7662): the caller it stands
   * for, or `undefined` when it is not valid (the client gets 401 `invalid_token`). Replaces the
   * JWT checks; it must check the audience itself.
   */
  verifyToken?: (token: string) => Promise<AuthInfo | undefined>;
  /**
   * Whether a granted scope covers a required one, for scope hierarchies (`files` covering
   * `files:read`, say). @default equality
   */
  scopeCovers?: (granted: string, required: string) => boolean;
  /**
   * Hides a component from the lists of a caller whose token lacks the scopes of its `@Scopes()`.
   * By default it is listed, so that a client which lists before it calls meets the scope
   * challenge (403 `insufficient_scope`, naming the scopes) and can ask for a token with them;
   * its call answers that challenge either way. @default false
   */
  hideWithoutScopes?: boolean;
}

/** How JWT access tokens are checked (jose). @publicApi */
export interface SnodoJwtOptions {
  /**
   * Where the signing keys are. @default the `jwks_uri` of the token issuer's metadata
   * (RFC 8414 `/.well-known/oauth-authorization-server`, then OpenID discovery)
   */
  jwksUri?: string;
  /** The issuers accepted (`iss`). @default `authorizationServers` */
  issuers?: readonly string[];
  /** The audiences accepted (`aud`). @default `[resource]` */
  audiences?: readonly string[];
  /** Leeway for `exp`, `nbf` and `iat`, in seconds (0 to 300). @default 30 */
  clockToleranceSeconds?: number;
  /** The signature algorithms accepted. @default RS256, PS256, ES256, EdDSA and their larger kin */
  algorithms?: readonly string[];
  /**
   * The issuers (each one of `issuers`) whose tokens may come without `exp`, for an authorization
   * server that never sets it. Every other token must carry `exp` (RFC 9068 section 2.2), or it
   * is refused with 401 `invalid_token`.
   * @default none: every token must expire
   */
  issuersWithoutExpiry?: readonly string[];
  /**
   * The most bytes read of the issuer's key set (and of its metadata), as they stream in: a
   * larger answer is given up (503), never held whole. From 1,024 to 67,108,864 (64 MiB).
   * @default 1,048,576 (1 MiB)
   */
  maxKeySetBytes?: number;
  /** The most keys a key set may hold (a larger one answers 503). From 1 to 10,000. @default 100 */
  maxKeys?: number;
  /**
   * The deadline of each fetch of the issuer's metadata (both well-known URLs together) and of
   * its key set, in ms, the body included: past it, 503. From 100 to 60,000. @default 5,000
   */
  fetchTimeoutMs?: number;
}
