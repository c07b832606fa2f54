// The per-client share of RedisSessionStore (maxSessionsPerClient) against a real redis-server
// (npm run test:scale; .ci/run installs redis-server): atomic across instances, eviction of the
// client's own idle session, sessions in use kept, counts that follow DELETE and expiry. The share
// end to end, through two standalone listeners: test/scale/redis-stores.e2e-spec.ts.
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { ClientSessionLimitError, MESSAGES, type SessionRecord } from '../core/internal.js';
import { startRedis, type RedisServer } from '../../test/helpers/redis-server.js';
import { RedisSessionStore, type RedisSessionShareOptions } from './redis-session.store.js';

const record = (id: string, client?: string): SessionRecord => ({
  id,
  protocolVersion: '2025-11-25',
  clientCapabilities: {},
  initialized: false,
  ...(client === undefined ? {} : { client }),
});

describe('RedisSessionStore per-client share', () => {
  let redis: RedisServer;
  let inspect: Redis;
  const connections: Redis[] = [];
  let prefixes = 0;

  /** Two instances of one session store, under a key prefix of their own. */
  const pair = (idleTimeoutMs: number, share: RedisSessionShareOptions) => {
    const keyPrefix = `share${++prefixes}:`;
    const [a, b] = [1, 2].map(() => {
      const connection = new Redis(redis.url);
      connections.push(connection);
      return new RedisSessionStore(connection, keyPrefix, idleTimeoutMs, share);
    });
    const shareKey = (client: string) =>
      `${keyPrefix}client-sessions:{${createHash('sha256').update(client).digest('base64url')}}`;
    return { a: a!, b: b!, keyPrefix, shareKey };
  };

  beforeAll(async () => {
    redis = await startRedis();
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all([...connections, inspect].map((connection) => connection.quit()));
    await redis.stop();
  });

  it('should give a client no more than its share across instances, however its creates race, and others theirs', async () => {
    const { a, b, shareKey } = pair(1_800_000, { maxSessionsPerClient: 5 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).create(record(`f${i}`, '127.0.0.1')),
      ),
    );
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.length - refused.length).toBe(5);
    for (const outcome of refused) {
      expect(outcome.reason).toBeInstanceOf(ClientSessionLimitError);
      expect((outcome.reason as ClientSessionLimitError).message).toBe(
        MESSAGES.CLIENT_SESSIONS_FULL(5),
      );
    }
    expect(await inspect.zcard(shareKey('127.0.0.1'))).toBe(5);
    // The one key the scripts touch carries a hash tag, and expires with the sessions it counts.
    expect(shareKey('127.0.0.1')).toMatch(/^share\d+:client-sessions:\{[\w-]+\}$/);
    expect(await inspect.pttl(shareKey('127.0.0.1'))).toBeGreaterThan(0);
    await b.create(record('o1', '127.0.0.2'));
    await a.create(record('anonymous'));
    expect(await a.get('o1')).toMatchObject({ client: '127.0.0.2' });
  });

  it("should let the client's own session idle past the grace period make room, on any instance", async () => {
    const { a, b, keyPrefix } = pair(10_000, { maxSessionsPerClient: 2, evictionGraceMs: 200 });
    const ended: string[] = [];
    b.onEnd((id) => ended.push(id));
    await a.create(record('old', 'c'));
    await a.create(record('young', 'c'));
    await expect(b.create(record('refused', 'c'))).rejects.toMatchObject({
      name: 'ClientSessionLimitError',
      retryAfterMs: expect.any(Number) as number,
    });
    await delay(200);
    await a.get('young'); // used within the grace period (a refresh is due by now)
    await delay(200);
    await b.create(record('new', 'c'));
    expect(ended).toEqual(['old']);
    expect(await inspect.exists(`${keyPrefix}session:old`)).toBe(0);
    expect(await a.get('young')).toBeDefined();
    await expect(b.create(record('next', 'c'))).rejects.toBeInstanceOf(ClientSessionLimitError);
  });

  it('should never let a session held on an instance make room, however long it has been idle', async () => {
    const { a, b } = pair(10_000, { maxSessionsPerClient: 1, evictionGraceMs: 200 });
    await a.create(record('streaming', 'c'));
    const release = a.hold('streaming');
    await delay(700);
    await expect(b.create(record('refused', 'c'))).rejects.toBeInstanceOf(ClientSessionLimitError);
    release();
    await delay(400);
    await b.create(record('next', 'c'));
    expect(await a.get('streaming')).toBeUndefined();
  });

  it('should give a client its place back when a session is deleted or expires, without drift', async () => {
    const { a, b, shareKey } = pair(300, { maxSessionsPerClient: 1, evictionGraceMs: 60_000 });
    await a.create(record('deleted', 'c'));
    await expect(a.create(record('refused', 'c'))).rejects.toBeInstanceOf(ClientSessionLimitError);
    expect(await b.delete('deleted')).toBe(true);
    expect(await inspect.zcard(shareKey('c'))).toBe(0);
    await a.create(record('expiring', 'c'));
    // Expired by its Redis TTL (300 ms), and no longer counted 150 ms later at most.
    await delay(600);
    expect(await b.get('expiring')).toBeUndefined();
    await b.create(record('after', 'c'));
    expect(await inspect.zrange(shareKey('c'), 0, -1)).toEqual(['after']);
  });

  it('should keep counting a session used past its first idle timeout', async () => {
    const { a, b } = pair(300, { maxSessionsPerClient: 1, evictionGraceMs: 60_000 });
    await a.create(record('busy', 'c'));
    for (let i = 0; i < 8; i++) {
      await delay(100);
      expect(await (i % 2 === 0 ? a : b).get('busy')).toBeDefined();
    }
    await expect(b.create(record('refused', 'c'))).rejects.toBeInstanceOf(ClientSessionLimitError);
  });
});
