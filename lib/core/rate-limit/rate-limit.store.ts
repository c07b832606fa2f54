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
 * Fixed-window counters in memory. Expired windows are dropped as the map grows.
 * @publicApi
 */
export class InMemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, windowMs: number): RateLimitHit {
    const now = this.now();
    let window = this.windows.get(key);
    if (window === undefined || now - window.start >= windowMs) {
      if (this.windows.size >= 10_000) this.prune(now, windowMs);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    return { count: window.count, resetInMs: window.start + windowMs - now };
  }

  private prune(now: number, windowMs: number): void {
    for (const [key, window] of this.windows)
      if (now - window.start >= windowMs) this.windows.delete(key);
  }
}
