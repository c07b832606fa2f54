// RedisRateLimitStore against a real redis-server (npm run test:scale; .ci/run installs
// redis-server): fixed windows shared by instances, and hits let through when Redis is away.
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { freePort } from '../../test/helpers/free-port.js';
import { startRedis, type RedisServer } from '../../test/helpers/redis-server.js';
import { RedisRateLimitStore } from './redis-rate-limit.store.js';

describe('RedisRateLimitStore', () => {
  let redis: RedisServer;
  let connections: Redis[];
  let store: RedisRateLimitStore;
  let other: RedisRateLimitStore;

  beforeAll(async () => {
    redis = await startRedis();
    connections = [new Redis(redis.url), new Redis(redis.url)];
    store = new RedisRateLimitStore(connections[0]!, 'rl:');
    other = new RedisRateLimitStore(connections[1]!, 'rl:');
  });

  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.quit()));
    await redis.stop();
  });

  it('should count rate-limit hits in shared fixed windows, one per key', async () => {
    const first = await store.hit('k', 300);
    const second = await other.hit('k', 300);
    expect([first.count, second.count]).toEqual([1, 2]);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(300);
    expect((await other.hit('another', 300)).count).toBe(1);
    // A hit later in the window does not push the window back.
    await delay(200);
    expect((await store.hit('k', 300)).resetInMs).toBeLessThanOrEqual(100);
    await delay(150);
    expect(await store.hit('k', 300)).toMatchObject({ count: 1 });
  });

  it('should let a hit through when Redis cannot be reached, and say so', async () => {
    const away = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      lazyConnect: true,
      enableOfflineQueue: false,
    });
    const unavailable: unknown[] = [];
    const failing = new RedisRateLimitStore(away, 'rl:', (error) => unavailable.push(error));
    try {
      expect(await failing.hit('k', 1_000)).toEqual({ count: 0, resetInMs: 1_000 });
      expect(unavailable).toHaveLength(1);
      expect(unavailable[0]).toBeInstanceOf(Error);
      // Without a listener, quietly.
      expect(await new RedisRateLimitStore(away, 'rl:').hit('k', 500)).toEqual({
        count: 0,
        resetInMs: 500,
      });
    } finally {
      away.disconnect();
    }
  });
});
