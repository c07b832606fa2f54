import type { JWTPayload, JWTVerifyOptions } from 'jose';
import type { AuthInfo, JsonObject } from '../core/internal.js';
import type { SnodoAuthOptions } from './auth-options.interface.js';
import { KeySetUnavailable, KeySets, type KeySet } from './key-sets.js';

type Jose = typeof import('jose');

const DEFAULT_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

/**
 * Why a token was refused: not a JWT (`unreadable`), from an issuer not trusted, for another
 * audience, a signature that does not verify (or no key of the issuer's set signed it), an
 * algorithm not accepted, expired, without `exp`, not valid yet (`nbf`), issued in the future
 * (`iat`), not checkable now (the keys cannot be read), or refused for another reason (`invalid`,
 * also what a custom `verifyToken` gives). @internal
 */
export type TokenRefusal =
  | 'unreadable'
  | 'issuer'
  | 'audience'
  | 'signature'
  | 'algorithm'
  | 'expired'
  | 'unexpiring'
  | 'not-yet-valid'
  | 'issued-later'
  | 'unavailable'
  | 'invalid';

/** What checking a token gave: its caller, or why it was refused. @internal */
export type TokenCheck = { ok: true; auth: AuthInfo } | { ok: false; refusal: TokenRefusal };

/** The scopes a token grants: `scope` (space-separated, RFC 9068) or `scp` (an array). */
function scopesOf(claims: JsonObject): string[] {
  if (typeof claims.scope === 'string') return claims.scope.split(' ').filter((s) => s !== '');
  if (Array.isArray(claims.scp))
    return claims.scp.filter((s): s is string => typeof s === 'string');
  return [];
}

/** The refusal of each claim jose found wrong (other than `exp`, which has its own error class). */
const CLAIM_REFUSALS: Readonly<Record<string, TokenRefusal>> = {
  aud: 'audience',
  iss: 'issuer',
  nbf: 'not-yet-valid',
};

/** Why jose refused a token. */
function refusalOf(jose: Jose, error: unknown): TokenRefusal {
  const { errors } = jose;
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'exp' && error.reason === 'missing') return 'unexpiring';
    return CLAIM_REFUSALS[error.claim] ?? 'invalid';
  }
  if (error instanceof KeySetUnavailable || error instanceof errors.JWKSTimeout)
    return 'unavailable';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature';
  if (error instanceof errors.JWKSNoMatchingKey) return 'signature';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'algorithm';
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return 'unreadable';
  return 'invalid';
}

/**
 * The caller that verified token claims (or an RFC 7662 introspection answer) stand for: `iss`,
 * `sub`, `client_id` (or `azp`), `scope` (or `scp`) and `exp`, with every claim kept.
 * @publicApi
 */
export function authInfoOf(claims: JsonObject): AuthInfo {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const auth: {
    -readonly [K in keyof AuthInfo]: AuthInfo[K];
  } = { scopes: Object.freeze(scopesOf(claims)), claims: Object.freeze({ ...claims }) };
  const issuer = text(claims.iss);
  const subject = text(claims.sub);
  const clientId = text(claims.client_id) ?? text(claims.azp);
  if (issuer !== undefined) auth.issuer = issuer;
  if (subject !== undefined) auth.subject = subject;
  if (clientId !== undefined) auth.clientId = clientId;
  if (typeof claims.exp === 'number') auth.expiresAt = claims.exp;
  return Object.freeze(auth);
}

/**
 * Checks JWT access tokens with jose: the signature against the issuer's keys (found through its
 * metadata, RFC 8414 or OpenID discovery, and cached by jose with its cooldown), the issuer, the
 * audience (this resource), `exp` (required, unless the issuer is one of `issuersWithoutExpiry`),
 * `nbf` and `iat` (not in the future) with a clock tolerance. jose is loaded on first use, so that
 * apps without `auth` never load it.
 * @internal
 */
export class JwtVerifier {
  private jose: Promise<Jose> | undefined;
  private readonly keySets: KeySets;
  private readonly issuers: readonly string[];
  private readonly audiences: readonly string[];
  private readonly tolerance: number;
  /** jose's checks of a token: `exp` required, or not for the issuers that never set it. */
  private readonly checks: JWTVerifyOptions;
  private readonly checksWithoutExpiry: JWTVerifyOptions;
  private readonly issuersWithoutExpiry: ReadonlySet<string>;

  constructor(options: SnodoAuthOptions, resource: string, fetcher: typeof fetch = fetch) {
    this.keySets = new KeySets(options, fetcher);
    this.issuers = options.jwt?.issuers ?? options.authorizationServers;
    this.audiences = options.jwt?.audiences ?? [resource, options.resource];
    this.tolerance = options.jwt?.clockToleranceSeconds ?? 30;
    this.checksWithoutExpiry = {
      issuer: [...this.issuers],
      audience: [...this.audiences],
      clockTolerance: this.tolerance,
      algorithms: [...(options.jwt?.algorithms ?? DEFAULT_ALGORITHMS)],
    };
    this.checks = { ...this.checksWithoutExpiry, requiredClaims: ['exp'] };
    this.issuersWithoutExpiry = new Set(options.jwt?.issuersWithoutExpiry ?? []);
  }

  async verify(token: string): Promise<TokenCheck> {
    const jose = await (this.jose ??= import('jose'));
    let issuer: unknown;
    try {
      issuer = jose.decodeJwt(token).iss;
    } catch {
      return { ok: false, refusal: 'unreadable' };
    }
    if (typeof issuer !== 'string' || !this.issuers.includes(issuer))
      return { ok: false, refusal: 'issuer' };
    let keys: KeySet;
    try {
      keys = await this.keySets.of(jose, issuer);
    } catch {
      return { ok: false, refusal: 'unavailable' };
    }
    const checks = this.issuersWithoutExpiry.has(issuer) ? this.checksWithoutExpiry : this.checks;
    let payload: JWTPayload;
    try {
      ({ payload } = await jose.jwtVerify(token, keys, checks));
    } catch (error) {
      return { ok: false, refusal: refusalOf(jose, error) };
    }
    // jose checks `iat` against the clock only with `maxTokenAge`: a token from the future is refused here.
    if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + this.tolerance)
      return { ok: false, refusal: 'issued-later' };
    return { ok: true, auth: authInfoOf(payload) };
  }
}
