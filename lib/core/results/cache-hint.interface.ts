import { MESSAGES } from '../errors/messages.constant.js';
/**
 * How long a client may reuse a 2026-07-28 list or discover result, and with whom.
 * @publicApi
 */
export interface CacheHint {
  /** Milliseconds the result stays fresh; 0 means already stale. @default 0 */
  ttlMs: number;
  /** `public`: nothing user-specific, any cache may serve it; `private`: same authorization context only. */
  scope: 'public' | 'private';
}

/**
 * Checks a cache hint: `ttlMs` a whole number of 0 or more, `scope` public or private.
 * @throws {Error} naming the option.
 * @internal
 */
export function checkCacheHint(hint: CacheHint, option: string): CacheHint {
  if (!Number.isInteger(hint.ttlMs) || hint.ttlMs < 0) {
    throw new Error(MESSAGES.BAD_TTL(option));
  }
  if (hint.scope !== 'public' && hint.scope !== 'private') {
    throw new Error(MESSAGES.BAD_SCOPE(option));
  }
  return Object.freeze({ ttlMs: hint.ttlMs, scope: hint.scope });
}
