import { LRUCache } from 'lru-cache';

/** What a rate-limit store answers for one hit. @publicApi */
export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  readonly count: number;
  /** Milliseconds until the window resets. */
  readonly resetInMs: number;
}

/**
 * Where rate-limit counters live. The in-memory default serves one process; a shared store (Redis)
 * makes the limit hold across instances.
 * @publicApi
 */
export interface RateLimitStore {
  /** Counts one hit for `key` in a fixed window of `windowMs`. */
  hit(key: string, windowMs: number): RateLimitHit | Promise<RateLimitHit>;
}

/**
 * Fixed-window counters in memory, for the `maxKeys` keys hit last (clients, for the limit on
 * `initialize`): past that many, the window of the key hit least recently is forgotten, so that
 * memory and the work per hit stay bounded however many clients come (a forgotten key starts a
 * new window, which only lets its client through sooner).
 * @publicApi
 */
export class InMemoryRateLimitStore implements RateLimitStore {
  private readonly windows: LRUCache<string, { start: number; count: number }>;

  /**
   * @param now the clock, for tests.
   * @param maxKeys how many keys' windows are kept. @default 100_000
   */
  constructor(
    private readonly now: () => number = Date.now,
    maxKeys = 100_000,
  ) {
    this.windows = new LRUCache({ max: maxKeys });
  }

  /**
   * Counts one hit for `key` in a fixed window of `windowMs`; a hit after the window ended opens
   * the next one.
   */
  hit(key: string, windowMs: number): RateLimitHit {
    const now = this.now();
    let window = this.windows.get(key);
    if (window === undefined || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    return { count: window.count, resetInMs: window.start + windowMs - now };
  }
}
