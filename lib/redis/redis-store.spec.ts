// redisStore() against a real redis-server (npm run test:scale; .ci/run installs redis-server):
// its options checked, its stores wired to one prefix and idle timeout, ready() and close(), and
// what its stores answer while Redis cannot be reached.
import { Redis } from 'ioredis';
import { isStoreUnavailable, MESSAGES, type SessionRecord } from '../core/internal.js';
import { freePort } from '../../test/helpers/free-port.js';
import { startRedis, type RedisServer } from '../../test/helpers/redis-server.js';
import { redisStore, type RedisStore } from './redis-store.js';
import { REDIS_MESSAGES } from './redis.messages.js';

const record = (id: string): SessionRecord => ({
  id,
  protocolVersion: '2025-11-25',
  clientCapabilities: {},
  initialized: false,
});

describe('redisStore()', () => {
  let redis: RedisServer;
  let inspect: Redis;

  beforeAll(async () => {
    redis = await startRedis();
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await inspect.quit();
    await redis.stop();
  });

  it('should check its options', () => {
    expect(() => redisStore({ url: '' })).toThrow(REDIS_MESSAGES.URL_REQUIRED);
    expect(() => redisStore(undefined as never)).toThrow(REDIS_MESSAGES.URL_REQUIRED);
    expect(() => redisStore({ url: redis.url, keyPrefix: 7 as never })).toThrow(
      REDIS_MESSAGES.BAD_KEY_PREFIX,
    );
    expect(() => redisStore({ url: redis.url, sessionIdleTimeoutMs: 0 })).toThrow(
      'Snodo: redisStore sessionIdleTimeoutMs must be a whole number of milliseconds, 1 or more',
    );
    expect(() => redisStore({ url: redis.url, commandTimeoutMs: 2.5 })).toThrow(
      REDIS_MESSAGES.BAD_DURATION('commandTimeoutMs'),
    );
  });

  it.each([
    [{ maxSessionsPerClient: 0 }, REDIS_MESSAGES.BAD_MAX_SESSIONS_PER_CLIENT],
    [{ maxSessionsPerClient: 1.5 }, REDIS_MESSAGES.BAD_MAX_SESSIONS_PER_CLIENT],
    [{ sessionEvictionGraceMs: -1 }, REDIS_MESSAGES.BAD_DURATION('sessionEvictionGraceMs')],
  ])('should refuse %p, naming the option', (options, message) => {
    expect(() => redisStore({ url: redis.url, ...options })).toThrow(message);
  });

  it('should name the Redis URL without its password when it cannot connect', async () => {
    const unreachable = redisStore({ url: 'redis://user:secret@127.0.0.1:1' });
    const error = await unreachable.ready().catch((e: unknown) => e as Error);
    expect((error as Error).message).toContain(
      'Snodo: cannot reach Redis at redis://user:***@127.0.0.1:1',
    );
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect((error as Error).message).not.toContain('secret');
    await unreachable.close();
  });

  it('should be ready once Redis is, when asked again after a failure', async () => {
    const port = await freePort();
    const store = redisStore({ url: `redis://127.0.0.1:${port}` });
    const late = await startRedisLater(port, store);
    try {
      await store.ready();
      // Asked again: the same connection, already up.
      await store.ready();
      await store.sessionStore.create(record('after-restart'));
      expect(await store.sessionStore.get('after-restart')).toEqual(record('after-restart'));
    } finally {
      await store.close();
      await late.stop();
    }
  });

  it('should keep every key under its prefix, and expire sessions, subscriptions and replay logs with its idle timeout', async () => {
    const store = redisStore({ url: redis.url, keyPrefix: 'wired:', sessionIdleTimeoutMs: 5_000 });
    try {
      await store.ready();
      await store.sessionStore.create(record('w'));
      await store.subscriptionStore.subscribe('w', 'x://w');
      await store.replay.append('w', 'stream', { seq: 1, data: '{}' });
      await store.rateLimitStore.hit('k', 60_000);
      await store.usedTokens.claim('jti', 60_000);
      const keys = await inspect.keys('wired:*');
      expect(keys.sort()).toEqual([
        'wired:ratelimit:k',
        'wired:replay:w:stream',
        'wired:session:w',
        'wired:subscribers:x://w',
        'wired:subscription-index',
        'wired:subscriptions:w',
        'wired:used:jti',
      ]);
      for (const key of ['wired:session:w', 'wired:replay:w:stream']) {
        expect(await inspect.pttl(key)).toBeGreaterThan(4_000);
        expect(await inspect.pttl(key)).toBeLessThanOrEqual(5_000);
      }
      // Subscriptions live twice the idle timeout.
      expect(await inspect.pttl('wired:subscriptions:w')).toBeGreaterThan(9_000);
      expect(await inspect.pttl('wired:subscriptions:w')).toBeLessThanOrEqual(10_000);
    } finally {
      await store.close();
    }
  });

  it('should answer a StoreUnavailableError naming each store while Redis cannot be reached, and let rate-limit hits through', async () => {
    const unavailable: unknown[] = [];
    const away = redisStore({
      url: `redis://127.0.0.1:${await freePort()}`,
      onRateLimitUnavailable: (error) => unavailable.push(error),
    });
    try {
      const failures = await Promise.all(
        [
          away.sessionStore.get('s'),
          away.subscriptionStore.subscribers('x://1'),
          away.replay.read('s', 'stream', 0),
          away.notificationBus.publish({ kind: 'listChanged', list: 'tools' }),
          away.usedTokens.claim('jti', 1_000),
          away.tasks.get('t'),
        ].map((pending) =>
          Promise.resolve(pending).then(
            () => undefined,
            (error: unknown) => error,
          ),
        ),
      );
      expect(failures.every(isStoreUnavailable)).toBe(true);
      expect(failures.map((error) => (error as Error).message)).toEqual(
        [
          'the Redis session store',
          'the Redis subscription store',
          'the Redis replay log',
          'the Redis notification bus',
          'the Redis used-token store',
          'the Redis task store',
        ].map((store) => MESSAGES.STORE_UNREACHABLE(store)),
      );
      expect(await away.rateLimitStore.hit('k', 1_000)).toEqual({ count: 0, resetInMs: 1_000 });
      expect(unavailable).toHaveLength(1);
    } finally {
      await away.close();
    }
  });

  it('should close both its connections', async () => {
    const store = redisStore({ url: redis.url, keyPrefix: 'closing:' });
    await store.ready();
    const clients = async () =>
      String(await inspect.client('LIST'))
        .trim()
        .split('\n').length;
    const open = await clients();
    await store.close();
    for (let i = 0; i < 50 && (await clients()) > open - 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await clients()).toBe(open - 2);
    await expect(store.sessionStore.get('s')).rejects.toMatchObject({
      name: 'StoreUnavailableError',
    });
  });
});

/**
 * Asks `store` to be ready while nothing listens on `port` (it fails, naming the URL), then starts
 * a redis-server there.
 */
async function startRedisLater(port: number, store: RedisStore): Promise<RedisServer> {
  await expect(store.ready()).rejects.toThrow(
    `Snodo: cannot reach Redis at redis://127.0.0.1:${port}`,
  );
  return startRedis(port);
}
