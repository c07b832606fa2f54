import { LRUCache } from 'lru-cache';
import { MESSAGES } from '../errors/messages.constant.js';

/**
 * Remembers which one-time tokens were used: `claim` is `true` the first time a key is claimed
 * within `ttlMs`, `false` after. A shared store (Redis) makes it hold across instances.
 * @publicApi
 */
export interface UsedTokenStore {
  /**
   * Marks a token as used, for `ttlMs` milliseconds (until it would have expired anyway).
   * @returns `true` the first time the key is claimed, `false` when it was already.
   */
  claim(key: string, ttlMs: number): boolean | Promise<boolean>;
}

/**
 * Used tokens in memory, for one process: each remembered until it would have expired anyway, and
 * at most `max` of them (the oldest forgotten first: past `max` single-use states used within their
 * lifetime, the oldest could be sent again, by the caller each is bound to; give a larger `max`, or
 * a shared store, where that matters). The memory it holds is bounded by `max`, whoever sends
 * the tokens.
 * @publicApi
 */
export class InMemoryUsedTokenStore implements UsedTokenStore {
  private readonly used: LRUCache<string, true>;

  /**
   * @param max how many tokens are remembered at once. @default 100_000
   * @throws {Error} for a `max` that is not a whole number of 1 or more.
   */
  constructor(max = 100_000) {
    if (!Number.isInteger(max) || max < 1) throw new Error(MESSAGES.BAD_USED_TOKEN_MAX);
    this.used = new LRUCache({ max, ttlAutopurge: false });
  }

  /**
   * Marks a token as used, for `ttlMs` milliseconds.
   * @returns `true` the first time the key is claimed, `false` when it is remembered as used.
   */
  claim(key: string, ttlMs: number): boolean {
    if (this.used.has(key)) return false;
    this.used.set(key, true, { ttl: Math.max(1, ttlMs) });
    return true;
  }
}
