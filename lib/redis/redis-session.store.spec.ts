// RedisSessionStore against a real redis-server (npm run test:scale; .ci/run installs
// redis-server): sessions shared by instances, a sliding expiry by Redis TTL, the subscriptions
// of a session kept as long as it is, held sessions, and the sessions it ends to make room.
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { SessionRecord } from '../core/internal.js';
import { startRedis, type RedisServer } from '../../test/helpers/redis-server.js';
import { RedisSessionStore } from './redis-session.store.js';
import { RedisSubscriptionStore } from './redis-subscription.store.js';

const record = (id: string, client?: string): SessionRecord => ({
  id,
  protocolVersion: '2025-11-25',
  clientCapabilities: {},
  initialized: false,
  ...(client === undefined ? {} : { client }),
});

/** The idle timeout of the stores under test. */
const IDLE_MS = 400;

describe('RedisSessionStore', () => {
  let redis: RedisServer;
  let connections: Redis[];
  let inspect: Redis;
  /** Two instances sharing the prefix `s:`: their session and subscription stores. */
  let a: { sessions: RedisSessionStore; subscriptions: RedisSubscriptionStore };
  let b: { sessions: RedisSessionStore; subscriptions: RedisSubscriptionStore };

  beforeAll(async () => {
    redis = await startRedis();
    connections = [new Redis(redis.url), new Redis(redis.url)];
    const instance = (connection: Redis) => ({
      sessions: new RedisSessionStore(connection, 's:', IDLE_MS),
      subscriptions: new RedisSubscriptionStore(connection, 's:', IDLE_MS),
    });
    a = instance(connections[0]!);
    b = instance(connections[1]!);
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all([...connections, inspect].map((connection) => connection.quit()));
    await redis.stop();
  });

  it('should take a value that is no session for none, on get and on DELETE', async () => {
    await inspect.set('s:session:broken', '{"id":', 'PX', IDLE_MS);
    await inspect.set('s:session:other', '{"kind":"not a session"}', 'PX', IDLE_MS);
    expect(await a.sessions.get('broken')).toBeUndefined();
    expect(await a.sessions.get('other')).toBeUndefined();
    expect(await a.sessions.delete('broken')).toBe(true);
    expect(await inspect.exists('s:session:broken')).toBe(0);
  });

  it('should expire an idle session by its Redis TTL, and push the TTL back on each use', async () => {
    await a.sessions.create(record('s1'));
    const ttl = await inspect.pttl('s:session:s1');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(IDLE_MS);
    await delay(250);
    expect(await a.sessions.get('s1')).toEqual(record('s1'));
    expect(await inspect.pttl('s:session:s1')).toBeGreaterThan(250);
    await a.sessions.update({ ...record('s1'), initialized: true });
    expect(await b.sessions.get('s1')).toMatchObject({ initialized: true });
    await delay(500);
    expect(await a.sessions.get('s1')).toBeUndefined();
    expect(await inspect.exists('s:session:s1')).toBe(0);
    // An update never brings back a session that expired.
    await a.sessions.update(record('s1'));
    expect(await inspect.exists('s:session:s1')).toBe(0);
  });

  it('should delete a session once, on any instance', async () => {
    await a.sessions.create(record('s2'));
    expect(await b.sessions.delete('s2')).toBe(true);
    expect(await a.sessions.delete('s2')).toBe(false);
    expect(await a.sessions.get('s2')).toBeUndefined();
  });

  it('should keep the subscriptions of a session in use past the idle timeout, and let them go after it', async () => {
    await a.sessions.create(record('used'));
    await a.subscriptions.subscribe('used', 'x://kept');
    // Used every 150 ms for three idle timeouts: the session and its subscriptions stay.
    for (let i = 0; i < 8; i++) {
      await delay(150);
      expect(await b.sessions.get('used')).toBeDefined();
    }
    expect(await a.subscriptions.subscribers('x://kept')).toEqual(['used']);
    expect(await inspect.pttl('s:subscriptions:used')).toBeGreaterThan(0);
    expect(await inspect.pttl('s:subscribers:x://kept')).toBeGreaterThan(0);
    // Left alone, the session expires, and its subscriptions within two idle timeouts.
    await delay(500);
    expect(await a.sessions.get('used')).toBeUndefined();
    expect(await a.subscriptions.subscribers('x://kept')).toEqual([]);
    for (let i = 0; i < 100 && (await inspect.exists('s:subscriptions:used')) === 1; i++)
      await delay(20);
    expect(await inspect.exists('s:subscriptions:used')).toBe(0);
  });

  it('should keep a session held by a long request or a stream from expiring, until the last hold is released', async () => {
    await a.sessions.create(record('held'));
    await a.subscriptions.subscribe('held', 'x://held');
    const first = a.sessions.hold('held');
    const second = a.sessions.hold('held');
    await delay(1_000);
    expect(await b.sessions.get('held')).toBeDefined();
    expect(await a.subscriptions.has('held', 'x://held')).toBe(true);
    first();
    first(); // released twice: counts once
    await delay(600);
    expect(await b.sessions.get('held')).toBeDefined();
    second();
    await delay(600);
    expect(await b.sessions.get('held')).toBeUndefined();
  });

  it('should tell its listeners of a session it ends to make room, and no more once they stop listening', async () => {
    const connection = new Redis(redis.url);
    const store = new RedisSessionStore(connection, 'end:', 10_000, {
      maxSessionsPerClient: 1,
      evictionGraceMs: 100,
    });
    try {
      const ended: string[] = [];
      const stop = store.onEnd((id) => ended.push(id));
      store.onEnd(() => {
        throw new Error('a listener that fails');
      });
      await store.create(record('first', 'c'));
      // The grace period and the share's refresh interval (half of it) pass.
      await delay(200);
      await store.create(record('second', 'c'));
      expect(ended).toEqual(['first']);
      expect(await inspect.exists('end:session:first')).toBe(0);
      stop();
      await delay(200);
      await store.create(record('third', 'c'));
      expect(ended).toEqual(['first']);
      expect(await store.get('second')).toBeUndefined();
      expect(await store.get('third')).toEqual(record('third', 'c'));
    } finally {
      await connection.quit();
    }
  });
});
