import type { Redis } from 'ioredis';
import type { RateLimitHit, RateLimitStore } from '../core/internal.js';
import { REDIS_MESSAGES } from './redis.messages.js';

/**
 * Fixed-window rate-limit counters in Redis (`INCR`, then `PEXPIRE … NX` for the window), so that a
 * limit holds across every instance. When Redis cannot be reached the hit is let through (the
 * limit is a safeguard, not a reason to refuse service): `onUnavailable` hears about it.
 * @publicApi
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly onUnavailable: (error: unknown) => void = () => undefined,
  ) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const redisKey = `${this.keyPrefix}ratelimit:${key}`;
    try {
      const replies = await this.redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, windowMs, 'NX')
        .pttl(redisKey)
        .exec();
      const count = Number(replies?.[0]?.[1]);
      const ttl = Number(replies?.[2]?.[1]);
      if (!Number.isFinite(count)) throw new Error(REDIS_MESSAGES.NO_COUNT);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    } catch (error) {
      this.onUnavailable(error);
      return { count: 0, resetInMs: windowMs };
    }
  }
}
