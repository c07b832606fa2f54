import { redisStore, type RedisStore } from '../../../lib/redis/index.js';

/**
 * With `REDIS_URL` set, every instance of the sample shares its sessions, subscriptions,
 * notifications and rate limits through Redis (see docs/scaling.md); without it, one process
 * keeps everything in memory.
 */
export const sharedStore: RedisStore | undefined = process.env.REDIS_URL
  ? redisStore({ url: process.env.REDIS_URL })
  : undefined;

/** How many versions may be published per minute, across every instance. */
export const PUBLISH_LIMIT = Number(process.env.PUBLISH_LIMIT ?? 60);
