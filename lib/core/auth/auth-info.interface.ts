import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../wire/json-rpc.type.js';

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
 * What kind of principal a verified caller is: a `user` (the resource owner the token's `sub`
 * names), or a `client` acting on its own behalf (`client_id`, with no `sub` or with the `sub`
 * that RFC 9068 gives client-credentials tokens: the client id itself).
 * @internal
 */
export type PrincipalKind = 'user' | 'client';

/** The principal a verified caller names: its kind and its id. @internal */
export interface Principal {
  readonly kind: PrincipalKind;
  readonly id: string;
}

const nonEmpty = (value: string | undefined): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * The principal a verified caller names (empty values do not count): the user of its `sub`; or
 * the client of its `client_id` when it has no `sub`, or a `sub` equal to its `client_id` (a
 * client-credentials token, RFC 9068 section 2.2); `undefined` when the token names neither.
 * @internal
 */
export function principalOf(auth: AuthInfo): Principal | undefined {
  const subject = nonEmpty(auth.subject);
  const client = nonEmpty(auth.clientId);
  if (subject !== undefined && subject !== client) return { kind: 'user', id: subject };
  if (client !== undefined) return { kind: 'client', id: client };
  return undefined;
}

/**
 * Who a verified caller is, for binding sessions, request states and tasks to it: the kind of
 * its principal (user or client), its issuer and its id, so that a refreshed token of the same
 * caller still matches, and a client whose id is some user's `sub` is never taken for that user.
 * A token that names neither (an opaque token whose introspection gave no `sub` or `client_id`)
 * stands for itself: its identity is the digest the verifying layer put on it, so that another
 * such token never matches, and a refreshed one does not either. Without that digest, the
 * identity matches nothing at all (fail closed).
 * @internal
 */
export function callerIdentity(auth: AuthInfo): string {
  const principal = principalOf(auth);
  if (principal !== undefined)
    return `${principal.kind}:${JSON.stringify([auth.issuer ?? '', principal.id])}`;
  const token = (auth as TokenBoundAuthInfo)[TOKEN_IDENTITY];
  if (typeof token === 'string' && token !== '') return `token:${token}`;
  return `unbound:${randomUUID()}`;
}
