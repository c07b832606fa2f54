import { LRUCache } from 'lru-cache';

/**
 * Remembers which one-time tokens were used: `claim` is `true` the first time a key is claimed
 * within `ttlMs`, `false` after. A shared store (Redis) makes it hold across instances.
 * @publicApi
 */
export interface UsedTokenStore {
  claim(key: string, ttlMs: number): boolean | Promise<boolean>;
}

/**
 * Used tokens in memory, for one process: each remembered until it would have expired anyway, and
 * at most `max` of them (the oldest forgotten first).
 * @publicApi
 */
export class InMemoryUsedTokenStore implements UsedTokenStore {
  private readonly used: LRUCache<string, true>;

  /** @param max how many tokens are remembered at once. @default 100_000 */
  constructor(max = 100_000) {
    this.used = new LRUCache({ max, ttlAutopurge: false });
  }

  claim(key: string, ttlMs: number): boolean {
    if (this.used.has(key)) return false;
    this.used.set(key, true, { ttl: Math.max(1, ttlMs) });
    return true;
  }
}
