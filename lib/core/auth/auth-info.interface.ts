import { randomUUID } from 'node:crypto';
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
 * Where the layer that verified a token puts a digest of it, on an `AuthInfo` that names no
 * principal (neither `sub` nor `client_id`): such a caller is that token, and nothing else.
 * @internal
 */
export const TOKEN_IDENTITY = Symbol.for('snodo.tokenIdentity');

/** An `AuthInfo` as the verifying layer hands it on: with the token's digest when it names no principal. @internal */
export interface TokenBoundAuthInfo extends AuthInfo {
  readonly [TOKEN_IDENTITY]?: string;
}

/**
 * The principal a verified caller names: its subject, or else its client (empty values do not
 * count), or `undefined` when the token names neither.
 * @internal
 */
export function principalOf(auth: AuthInfo): string | undefined {
  if (typeof auth.subject === 'string' && auth.subject !== '') return auth.subject;
  if (typeof auth.clientId === 'string' && auth.clientId !== '') return auth.clientId;
  return undefined;
}

/**
 * Who a verified caller is, for binding sessions and request states to it: the issuer and the
 * subject (or the client), so that a refreshed token of the same caller still matches. A token
 * that names neither (an opaque token whose introspection gave no `sub` or `client_id`) stands for
 * itself: its identity is the digest the verifying layer put on it, so that another such token
 * never matches, and a refreshed one does not either. Without that digest, the identity matches
 * nothing at all (fail closed).
 * @internal
 */
export function callerIdentity(auth: AuthInfo): string {
  const principal = principalOf(auth);
  if (principal !== undefined) return `principal:${auth.issuer ?? ''}\u0000${principal}`;
  const token = (auth as TokenBoundAuthInfo)[TOKEN_IDENTITY];
  if (typeof token === 'string' && token !== '') return `token:${token}`;
  return `unbound:${randomUUID()}`;
}
