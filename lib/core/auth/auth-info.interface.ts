import type { JsonObject } from '../protocol/json-rpc.type.js';

/**
 * The verified caller of a request whose bearer token the server checked (the OAuth protected
 * resource of docs/oauth.md): what handlers read as `context.auth`, and what guards find on
 * `request.user`.
 * @publicApi
 */
export interface AuthInfo {
  /** The authorization server that issued the token (`iss`). */
  readonly issuer?: string;
  /** Whom the token is about (`sub`): a user, or the client itself for client credentials. */
  readonly subject?: string;
  /** The client the token was issued to (`client_id`, or `azp`). */
  readonly clientId?: string;
  /** The scopes the token grants (`scope`, space-separated, or `scp`). */
  readonly scopes: readonly string[];
  /** When the token expires, in seconds since the epoch (`exp`). */
  readonly expiresAt?: number;
  /** Every claim of the token (or of the introspection answer). */
  readonly claims: JsonObject;
}

/**
 * Who a verified caller is, for binding sessions and request states to it: the issuer and the
 * subject (or the client), so that a refreshed token of the same caller still matches.
 * @internal
 */
export function callerIdentity(auth: AuthInfo): string {
  return `principal:${auth.issuer ?? ''}\u0000${auth.subject ?? auth.clientId ?? ''}`;
}
