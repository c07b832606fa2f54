// RedisUsedTokenStore against a real redis-server (npm run test:scale; .ci/run installs
// redis-server): a one-time token claimed once across instances, and forgotten when it expires.
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { startRedis, type RedisServer } from '../../test/helpers/redis-server.js';
import { RedisUsedTokenStore } from './redis-used-token.store.js';

describe('RedisUsedTokenStore', () => {
  let redis: RedisServer;
  let connections: Redis[];
  let inspect: Redis;
  let here: RedisUsedTokenStore;
  let there: RedisUsedTokenStore;

  beforeAll(async () => {
    redis = await startRedis();
    connections = [new Redis(redis.url), new Redis(redis.url)];
    here = new RedisUsedTokenStore(connections[0]!, 'ut:');
    there = new RedisUsedTokenStore(connections[1]!, 'ut:');
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all([...connections, inspect].map((connection) => connection.quit()));
    await redis.stop();
  });

  it('should let a token be claimed once, on whichever instance comes first', async () => {
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? here : there).claim('jti-1', 60_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await here.claim('jti-2', 60_000)).toBe(true);
    expect(await inspect.exists('ut:used:jti-1', 'ut:used:jti-2')).toBe(2);
  });

  it('should forget a token when it would have expired anyway, and take one already expiring', async () => {
    expect(await here.claim('brief', 100)).toBe(true);
    expect(await inspect.pttl('ut:used:brief')).toBeLessThanOrEqual(100);
    expect(await there.claim('brief', 100)).toBe(false);
    await delay(150);
    expect(await there.claim('brief', 100)).toBe(true);
    // A token with no time left is claimed for a millisecond, not refused by Redis.
    expect(await here.claim('expiring', 0)).toBe(true);
    expect(await here.claim('past', -5_000)).toBe(true);
  });
});
