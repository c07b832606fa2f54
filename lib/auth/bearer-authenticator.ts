import { createHash } from 'node:crypto';
import {
  principalOf,
  TOKEN_IDENTITY,
  type AuthInfo,
  type TokenBoundAuthInfo,
} from '../core/internal.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import { JwtVerifier, type TokenCheck, type TokenRefusal } from './jwt-verifier.js';
import { ProtectedResource } from './protected-resource.js';
import type { SnodoAuthOptions } from './auth-options.interface.js';

/** What a caller is told of each refused token: which check failed (401, `invalid_token`). */
const REFUSAL_MESSAGES: Readonly<Record<Exclude<TokenRefusal, 'unavailable'>, string>> = {
  unreadable: AUTH_MESSAGES.TOKEN_UNREADABLE,
  issuer: AUTH_MESSAGES.TOKEN_UNTRUSTED_ISSUER,
  audience: AUTH_MESSAGES.TOKEN_WRONG_AUDIENCE,
  signature: AUTH_MESSAGES.TOKEN_BAD_SIGNATURE,
  algorithm: AUTH_MESSAGES.TOKEN_ALGORITHM,
  expired: AUTH_MESSAGES.TOKEN_EXPIRED,
  unexpiring: AUTH_MESSAGES.TOKEN_NO_EXPIRY,
  'not-yet-valid': AUTH_MESSAGES.TOKEN_NOT_YET_VALID,
  'issued-later': AUTH_MESSAGES.TOKEN_ISSUED_LATER,
  invalid: AUTH_MESSAGES.TOKEN_INVALID,
};

/**
 * The caller a verified token stands for, as sessions and request states are bound to it: a token
 * that names no principal (neither `sub` nor `client_id`, as some introspection answers) carries a
 * digest of itself, so that it is its own identity and no other such token shares it.
 */
function boundToToken(auth: AuthInfo, token: string): AuthInfo {
  if (principalOf(auth) !== undefined) return auth;
  const bound: TokenBoundAuthInfo = { ...auth };
  // Not enumerable: what handlers and guards read (and log) is what was verified, nothing more.
  Object.defineProperty(bound, TOKEN_IDENTITY, {
    value: createHash('sha256').update(token).digest('base64url'),
  });
  return Object.freeze(bound);
}

/**
 * A refused request: 401 with its challenge and a message that says what to fix, or 503 when the
 * token cannot be checked (the authorization server's keys cannot be read).
 * @publicApi
 */
export interface AuthRefusal {
  /** 401 for a missing, malformed, invalid or expired token; 503 when it cannot be checked now. */
  readonly status: 401 | 503;
  /** What is wrong and what to fix, for the JSON-RPC error of the answer. */
  readonly message: string;
  /**
   * The `WWW-Authenticate` challenge of the answer: `Bearer` with `resource_metadata` (where the
   * Protected Resource Metadata is), and `error` for a token that was sent.
   */
  readonly wwwAuthenticate: string;
}

/**
 * Checks the bearer token of a request to the MCP endpoint: none, a malformed header, an invalid
 * or expired token → 401 with `WWW-Authenticate: Bearer resource_metadata="…"` (and
 * `error="invalid_token"` for a token that was sent); an issuer that cannot be reached → 503.
 * @internal
 */
export class BearerAuthenticator {
  readonly resource: ProtectedResource;
  private readonly verify: (token: string) => Promise<TokenCheck>;

  constructor(options: SnodoAuthOptions, fetcher?: typeof fetch) {
    this.resource = new ProtectedResource(options);
    const custom = options.verifyToken;
    if (custom !== undefined) {
      this.verify = async (token) => {
        const auth = await custom(token);
        return auth === undefined ? { ok: false, refusal: 'invalid' } : { ok: true, auth };
      };
    } else {
      const jwt = new JwtVerifier(options, this.resource.resource, fetcher);
      this.verify = (token) => jwt.verify(token);
    }
  }

  /** The caller of a request with this `Authorization` header, or why it is refused. */
  async authenticate(authorization: string | undefined): Promise<AuthInfo | AuthRefusal> {
    if (authorization === undefined || authorization === '')
      return this.refusal(AUTH_MESSAGES.TOKEN_REQUIRED);
    const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization);
    if (match === null) return this.refusal(AUTH_MESSAGES.TOKEN_MALFORMED, 'invalid_request');
    let outcome: TokenCheck;
    try {
      outcome = await this.verify(match[1]!);
    } catch {
      outcome = { ok: false, refusal: 'invalid' };
    }
    if (outcome.ok) return boundToToken(outcome.auth, match[1]!);
    if (outcome.refusal === 'unavailable')
      return { ...this.refusal(AUTH_MESSAGES.KEYS_UNAVAILABLE), status: 503 };
    return this.refusal(REFUSAL_MESSAGES[outcome.refusal], 'invalid_token');
  }

  private refusal(message: string, error?: string): AuthRefusal {
    return {
      status: 401,
      message,
      wwwAuthenticate: this.resource.challenge(
        error === undefined ? undefined : { code: error, description: message },
      ),
    };
  }
}

/** Whether an authentication outcome is a refusal. @internal */
export const isAuthRefusal = (value: AuthInfo | AuthRefusal): value is AuthRefusal =>
  'wwwAuthenticate' in value;
