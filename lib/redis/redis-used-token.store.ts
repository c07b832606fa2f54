import type { Redis } from 'ioredis';
import type { UsedTokenStore } from '../core/internal.js';
import { command } from './redis-connection.js';

const STORE = 'the Redis used-token store';

/**
 * One-time tokens in Redis (`SET NX PX`): a token claimed on one instance is refused on every
 * other, and forgotten when it would have expired anyway.
 * @publicApi
 */
export class RedisUsedTokenStore implements UsedTokenStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async claim(key: string, ttlMs: number): Promise<boolean> {
    const reply = await command(STORE, () =>
      this.redis.set(`${this.keyPrefix}used:${key}`, '1', 'PX', Math.max(1, ttlMs), 'NX'),
    );
    return reply === 'OK';
  }
}
