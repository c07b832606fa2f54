import { fetchBounded, type FetchBounds, type FetchProblem } from '../core/internal.js';
import type { SnodoAuthOptions } from './auth-options.interface.js';
import { AUTH_MESSAGES } from './auth.messages.js';

type Jose = typeof import('jose');
/** A remote key set, as jose makes it. @internal */
export type KeySet = ReturnType<Jose['createRemoteJWKSet']>;

/**
 * The bounds on what is fetched from an authorization server (its metadata and its key set):
 * their defaults, and the range each option takes (checked at bootstrap).
 * @internal
 */
export const KEY_SET_BOUNDS = {
  maxKeySetBytes: { default: 1_048_576, min: 1_024, max: 67_108_864 },
  maxKeys: { default: 100, min: 1, max: 10_000 },
  fetchTimeoutMs: { default: 5_000, min: 100, max: 60_000 },
} as const;

/** The issuer's key set could not be read (network, timeout, status, body): no token can be checked now. @internal */
export class KeySetUnavailable extends Error {
  override readonly name = 'KeySetUnavailable';
}

/** Why a bounded fetch was given up, in words. */
function whyOf(problem: FetchProblem): string {
  switch (problem.kind) {
    case 'too-large':
      return AUTH_MESSAGES.FETCH_TOO_LARGE(problem.maxBytes);
    case 'timed-out':
      return AUTH_MESSAGES.FETCH_TIMED_OUT(problem.timeoutMs);
    case 'redirected-away':
      return AUTH_MESSAGES.FETCH_REDIRECTED_AWAY(problem.origin);
    case 'too-many-redirects':
      return AUTH_MESSAGES.FETCH_TOO_MANY_REDIRECTS(problem.max);
    default:
      return problem.cause instanceof Error ? problem.cause.message : String(problem.cause);
  }
}

/**
 * The key sets of the trusted issuers: found through `jwt.jwksUri` or the issuer's metadata
 * (RFC 8414, then OpenID discovery), and fetched by jose, each fetch within bounds (the
 * `jwt.maxKeySetBytes`, `jwt.maxKeys` and `jwt.fetchTimeoutMs` options, body included, and
 * redirects within the origin only). Whatever fails is a {@link KeySetUnavailable}: 503, not 401.
 * @internal
 */
export class KeySets {
  private readonly found = new Map<string, Promise<KeySet>>();
  private readonly bounds: FetchBounds;
  private readonly maxKeys: number;

  constructor(
    private readonly options: SnodoAuthOptions,
    private readonly fetcher: typeof fetch,
  ) {
    const jwt = options.jwt;
    this.bounds = {
      maxBytes: jwt?.maxKeySetBytes ?? KEY_SET_BOUNDS.maxKeySetBytes.default,
      timeoutMs: jwt?.fetchTimeoutMs ?? KEY_SET_BOUNDS.fetchTimeoutMs.default,
      redirects: 'same-origin',
    };
    this.maxKeys = jwt?.maxKeys ?? KEY_SET_BOUNDS.maxKeys.default;
  }

  /** The issuer's key set: from `jwt.jwksUri`, or its metadata's `jwks_uri`; a failed lookup is retried next time. */
  of(jose: Jose, issuer: string): Promise<KeySet> {
    let found = this.found.get(issuer);
    if (found === undefined) {
      found = this.jwksUriOf(issuer).then((uri) =>
        jose.createRemoteJWKSet(new URL(uri), {
          [jose.customFetch]: this.readKeySet,
          timeoutDuration: this.bounds.timeoutMs,
        }),
      );
      found.catch(() => this.found.delete(issuer));
      this.found.set(issuer, found);
    }
    return found;
  }

  /**
   * How jose fetches a key set: through the bounded fetch, and any failure to read it (a network
   * error, the deadline, a status other than 200, a body too large or that is no JWKS, too many
   * keys) is a {@link KeySetUnavailable}, which answers 503, not 401: the token may well be good.
   */
  private readonly readKeySet = async (
    url: string,
    init: Parameters<typeof fetch>[1],
  ): Promise<Response> => {
    const unreadable = (why: string, cause?: unknown) =>
      new KeySetUnavailable(AUTH_MESSAGES.KEY_SET_UNREADABLE(url, why), { cause });
    const answer = await fetchBounded(
      this.fetcher,
      url,
      { headers: init?.headers, signal: init?.signal },
      this.bounds,
    );
    if (!answer.ok) throw unreadable(whyOf(answer.problem), answer.problem);
    if (answer.status !== 200) throw unreadable(`HTTP ${answer.status}`);
    let keys: unknown;
    try {
      keys = (JSON.parse(answer.body) as { keys?: unknown } | null)?.keys;
    } catch (error) {
      throw unreadable(error instanceof Error ? error.message : String(error), error);
    }
    if (!Array.isArray(keys)) throw unreadable(AUTH_MESSAGES.NO_KEYS_ARRAY);
    if (keys.length > this.maxKeys) throw unreadable(AUTH_MESSAGES.TOO_MANY_KEYS(this.maxKeys));
    return new Response(answer.body, {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };

  /**
   * The `jwks_uri` of the issuer's metadata, at the RFC 8414 URL then the OpenID one, both read
   * within one deadline of `jwt.fetchTimeoutMs`.
   */
  private async jwksUriOf(issuer: string): Promise<string> {
    if (this.options.jwt?.jwksUri !== undefined) return this.options.jwt.jwksUri;
    const base = issuer.replace(/\/$/, '');
    const { origin, pathname } = new URL(base);
    const path = pathname === '/' ? '' : pathname;
    const candidates = [
      `${origin}/.well-known/oauth-authorization-server${path}`,
      `${base}/.well-known/openid-configuration`,
    ];
    const signal = AbortSignal.timeout(this.bounds.timeoutMs);
    const headers = { accept: 'application/json' };
    let why: string | undefined;
    for (const url of candidates) {
      const answer = await fetchBounded(this.fetcher, url, { headers, signal }, this.bounds);
      if (!answer.ok) why = whyOf(answer.problem);
      if (!answer.ok || answer.status !== 200) continue;
      try {
        const metadata = JSON.parse(answer.body) as { issuer?: unknown; jwks_uri?: unknown };
        if (metadata.issuer === issuer && typeof metadata.jwks_uri === 'string')
          return metadata.jwks_uri;
      } catch {
        // The next candidate, then a failure.
      }
    }
    throw new Error(AUTH_MESSAGES.ISSUER_METADATA_FAILED(issuer, why));
  }
}
