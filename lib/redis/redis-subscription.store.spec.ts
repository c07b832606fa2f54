// RedisSubscriptionStore against a real redis-server (npm run test:scale; .ci/run installs
// redis-server): subscriptions per URI and per session, shared by instances, pruned with the
// sessions that expired, and counted in all for limits.maxSubscriptions.
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { startRedis, type RedisServer } from '../../test/helpers/redis-server.js';
import { RedisSubscriptionStore, refreshSubscriptions } from './redis-subscription.store.js';

describe('RedisSubscriptionStore', () => {
  let redis: RedisServer;
  let connections: Redis[];
  let inspect: Redis;
  /** Two instances' stores under the prefix `u:`, with an idle timeout of 60 s. */
  let a: RedisSubscriptionStore;
  let b: RedisSubscriptionStore;
  /** A live session: the session key the store checks subscribers against. */
  const live = (id: string) => inspect.set(`u:session:${id}`, '{}', 'PX', 60_000);

  beforeAll(async () => {
    redis = await startRedis();
    connections = [new Redis(redis.url), new Redis(redis.url)];
    a = new RedisSubscriptionStore(connections[0]!, 'u:', 60_000);
    b = new RedisSubscriptionStore(connections[1]!, 'u:', 60_000);
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all([...connections, inspect].map((connection) => connection.quit()));
    await redis.stop();
  });

  it('should keep subscriptions per URI and per session, and drop a session whole', async () => {
    await Promise.all([live('a'), live('b')]);
    await a.subscribe('a', 'x://1');
    await a.subscribe('b', 'x://1');
    await a.subscribe('a', 'x://2');
    expect([...(await b.subscribers('x://1'))].sort()).toEqual(['a', 'b']);
    await a.unsubscribe('b', 'x://1');
    expect(await a.subscribers('x://1')).toEqual(['a']);
    await a.dropSession('a');
    expect(await a.subscribers('x://1')).toEqual([]);
    expect(await a.subscribers('x://2')).toEqual([]);
    expect(await inspect.exists('u:subscriptions:a')).toBe(0);
  });

  it('should count a session’s subscriptions, and forget the subscribers whose session expired', async () => {
    await live('live');
    await a.subscribe('live', 'x://3');
    await a.subscribe('gone', 'x://3'); // its session key is not there: expired
    expect(await a.count('live')).toBe(1);
    expect(await a.has('live', 'x://3')).toBe(true);
    expect(await a.has('live', 'x://4')).toBe(false);
    expect(await a.subscribers('x://3')).toEqual(['live']);
    expect(await inspect.smembers('u:subscribers:x://3')).toEqual(['live']);
    expect(await inspect.zscore('u:subscription-index', 'gone\nx://3')).toBeNull();
  });

  it('should count the subscriptions of every instance in all, and stop counting those that expired, were dropped or ended', async () => {
    const store = new RedisSubscriptionStore(connections[0]!, 'size:', 100);
    const other = new RedisSubscriptionStore(connections[1]!, 'size:', 100);
    await store.subscribe('s1', 'x://a');
    await other.subscribe('s2', 'x://a');
    await other.subscribe('s2', 'x://b');
    await store.subscribe('s2', 'x://b'); // again: still one subscription
    expect(await store.size()).toBe(3);
    await other.unsubscribe('s1', 'x://a');
    expect(await store.size()).toBe(2);
    await store.dropSession('s2');
    expect(await other.size()).toBe(0);
    await store.subscribe('s3', 'x://c');
    // Twice the idle timeout (100 ms) later, its entry no longer counts, and is gone.
    await delay(250);
    expect(await other.size()).toBe(0);
    expect(await inspect.zcard('size:subscription-index')).toBe(0);
  });

  it('should push back the expiry of a session’s subscriptions, and never bring back one unsubscribed meanwhile', async () => {
    const store = new RedisSubscriptionStore(connections[0]!, 'refresh:', 100);
    await store.subscribe('s', 'x://kept');
    await store.subscribe('s', 'x://dropped');
    await store.unsubscribe('s', 'x://dropped');
    // An unsubscribe that lands between the refresh's read of the set and its writes: the
    // subscription has left the index already, not yet the set the refresh read.
    await store.subscribe('s', 'x://raced');
    await inspect.zrem('refresh:subscription-index', 's\nx://raced');
    await delay(150);
    await refreshSubscriptions(connections[1]!, 'refresh:', 's', 100);
    await delay(150);
    // 300 ms after subscribing, past the 200 ms they were given at first.
    expect(await store.has('s', 'x://kept')).toBe(true);
    expect(await inspect.pttl('refresh:subscribers:x://kept')).toBeGreaterThan(0);
    expect(await store.size()).toBe(1);
    expect(await inspect.zrange('refresh:subscription-index', 0, -1)).toEqual(['s\nx://kept']);
    expect(await store.has('s', 'x://dropped')).toBe(false);
  });
});
