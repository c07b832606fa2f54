// The Redis stores against a real redis-server: expiry by Redis TTLs, subscriptions, the bus,
// rate-limit windows, and the option checks of redisStore().
import { Redis } from 'ioredis';
import { NotificationHub, type BusMessage, type SessionRecord } from '../../lib/core/index.js';
import { redisStore, type RedisStore } from '../../lib/redis/index.js';
import { waitFor } from '../helpers/wait-for.js';
import { startRedis } from './processes.js';

const record = (id: string): SessionRecord => ({
  id,
  protocolVersion: '2025-11-25',
  clientCapabilities: {},
  initialized: false,
});

describe('redisStore()', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let store: RedisStore;
  let other: RedisStore;
  let inspect: Redis;

  beforeAll(async () => {
    redis = await startRedis();
    store = redisStore({ url: redis.url, keyPrefix: 't:', sessionIdleTimeoutMs: 400 });
    other = redisStore({ url: redis.url, keyPrefix: 't:', sessionIdleTimeoutMs: 400 });
    await Promise.all([store.ready(), other.ready()]);
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all([store.close(), other.close(), inspect.quit()]);
    await redis.stop();
  });

  it('should expire an idle session by its Redis TTL, and push the TTL back on each use', async () => {
    await store.sessionStore.create(record('s1'));
    const ttl = await inspect.pttl('t:session:s1');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(400);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await store.sessionStore.get('s1')).toEqual(record('s1'));
    expect(await inspect.pttl('t:session:s1')).toBeGreaterThan(250);
    await store.sessionStore.update({ ...record('s1'), initialized: true });
    expect(await other.sessionStore.get('s1')).toMatchObject({ initialized: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await store.sessionStore.get('s1')).toBeUndefined();
    expect(await inspect.exists('t:session:s1')).toBe(0);
    await store.sessionStore.update(record('s1'));
    expect(await inspect.exists('t:session:s1')).toBe(0);
  });

  it('should delete a session once', async () => {
    await store.sessionStore.create(record('s2'));
    expect(await other.sessionStore.delete('s2')).toBe(true);
    expect(await store.sessionStore.delete('s2')).toBe(false);
  });

  it('should keep subscriptions per URI and per session, and drop a session whole', async () => {
    const subs = store.subscriptionStore;
    await store.sessionStore.create(record('a'));
    await store.sessionStore.create(record('b'));
    await subs.subscribe('a', 'x://1');
    await subs.subscribe('b', 'x://1');
    await subs.subscribe('a', 'x://2');
    expect([...(await other.subscriptionStore.subscribers('x://1'))].sort()).toEqual(['a', 'b']);
    await subs.unsubscribe('b', 'x://1');
    expect(await subs.subscribers('x://1')).toEqual(['a']);
    await subs.dropSession('a');
    expect(await subs.subscribers('x://1')).toEqual([]);
    expect(await subs.subscribers('x://2')).toEqual([]);
    expect(await inspect.exists('t:subscriptions:a')).toBe(0);
  });

  it('should count a session’s subscriptions, and forget the subscribers whose session expired', async () => {
    const subs = store.subscriptionStore;
    await store.sessionStore.create(record('live'));
    await subs.subscribe('live', 'x://3');
    await subs.subscribe('gone', 'x://3'); // its session key is not there: expired
    expect(await subs.count('live')).toBe(1);
    expect(await subs.has('live', 'x://3')).toBe(true);
    expect(await subs.has('live', 'x://4')).toBe(false);
    expect(await subs.subscribers('x://3')).toEqual(['live']);
    expect(await inspect.smembers('t:subscribers:x://3')).toEqual(['live']);
  });

  it('should carry announcements to every instance, the publisher included', async () => {
    const heardHere: BusMessage[] = [];
    const heardThere: BusMessage[] = [];
    const stopHere = store.notificationBus.subscribe((m) => heardHere.push(m));
    const stopThere = other.notificationBus.subscribe((m) => heardThere.push(m));
    await store.notificationBus.publish({ kind: 'resourceUpdated', uri: 'x://9' });
    await inspect.publish('t:notifications', '{"kind":"evil"}');
    await inspect.publish('t:notifications', 'not json');
    await other.notificationBus.publish({ kind: 'listChanged', list: 'tools' });
    await waitFor(() => heardHere.length === 2 && heardThere.length === 2, 'both messages');
    expect(heardHere).toEqual([
      { kind: 'resourceUpdated', uri: 'x://9' },
      { kind: 'listChanged', list: 'tools' },
    ]);
    expect(heardThere).toEqual(heardHere);
    stopHere();
    stopThere();
  });

  it('should deliver through hubs on two instances to the session stream each holds', async () => {
    const hubA = new NotificationHub(store.subscriptionStore, store.notificationBus);
    const hubB = new NotificationHub(other.subscriptionStore, other.notificationBus);
    const got: string[] = [];
    await store.sessionStore.create(record('held-by-b'));
    hubB.attachSession('held-by-b', (n) => got.push(String(n.params?.uri)));
    await hubA.subscribe('held-by-b', 'x://news');
    await hubA.resourceUpdated('x://news');
    await hubA.resourceUpdated('x://other');
    await waitFor(() => got.length > 0, 'the update on B');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got).toEqual(['x://news']);
    hubA.close();
    hubB.close();
  });

  it('should count rate-limit hits in shared fixed windows', async () => {
    const first = await store.rateLimitStore.hit('k', 300);
    const second = await other.rateLimitStore.hit('k', 300);
    expect([first.count, second.count]).toEqual([1, 2]);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await store.rateLimitStore.hit('k', 300)).count).toBe(1);
  });

  it('should check its options', () => {
    expect(() => redisStore({ url: '' })).toThrow(
      'Snodo: redisStore needs a url, such as redis://localhost:6379',
    );
    expect(() => redisStore({ url: redis.url, sessionIdleTimeoutMs: 0 })).toThrow(
      'Snodo: redisStore sessionIdleTimeoutMs must be a whole number of milliseconds, 1 or more',
    );
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
});
