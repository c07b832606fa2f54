// The per-client share of the Redis session store (maxSessionsPerClient) against a real
// redis-server: atomic across instances, eviction of the client's own idle session, sessions in
// use kept, counts that follow DELETE and expiry, and the share end to end through two standalone
// listeners from two loopback addresses.
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import {
  ClientSessionLimitError,
  MESSAGES,
  createRuntime,
  type SessionRecord,
} from '../../lib/core/index.js';
import { redisStore, type RedisStore, type RedisStoreOptions } from '../../lib/redis/index.js';
import { REDIS_MESSAGES } from '../../lib/redis/redis.messages.js';
import { createStreamableHttpServer } from '../../lib/transports/index.js';
import { hardeningRouter } from '../helpers/hardening-fixtures.js';
import { clientAt, statuses } from '../helpers/loopback-client.js';
import { startRedis } from '../helpers/redis-server.js';

const record = (id: string, client?: string): SessionRecord => ({
  id,
  protocolVersion: '2025-11-25',
  clientCapabilities: {},
  initialized: false,
  ...(client === undefined ? {} : { client }),
});

describe('redisStore() per-client share', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let inspect: Redis;
  const opened: RedisStore[] = [];
  let prefixes = 0;

  /** Two instances of one shared store, under a key prefix of their own. */
  const pair = async (options: Omit<RedisStoreOptions, 'url'>) => {
    const keyPrefix = `share${++prefixes}:`;
    const stores = [1, 2].map(() => redisStore({ url: redis.url, keyPrefix, ...options }));
    opened.push(...stores);
    await Promise.all(stores.map((store) => store.ready()));
    const shareKey = (client: string) =>
      `${keyPrefix}client-sessions:{${createHash('sha256').update(client).digest('base64url')}}`;
    return { a: stores[0]!, b: stores[1]!, keyPrefix, shareKey };
  };

  beforeAll(async () => {
    redis = await startRedis();
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all([...opened.map((store) => store.close()), inspect.quit()]);
    await redis.stop();
  });

  it('should give a client no more than its share across instances, however its creates race, and others theirs', async () => {
    const { a, b, shareKey } = await pair({ maxSessionsPerClient: 5 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).sessionStore.create(record(`f${i}`, '127.0.0.1')),
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
    await b.sessionStore.create(record('o1', '127.0.0.2'));
    await a.sessionStore.create(record('anonymous'));
    expect(await a.sessionStore.get('o1')).toMatchObject({ client: '127.0.0.2' });
  });

  it("should let the client's own session idle past the grace period make room, on any instance", async () => {
    const { a, b, keyPrefix } = await pair({
      maxSessionsPerClient: 2,
      sessionEvictionGraceMs: 200,
      sessionIdleTimeoutMs: 10_000,
    });
    const ended: string[] = [];
    b.sessionStore.onEnd((id) => ended.push(id));
    await a.sessionStore.create(record('old', 'c'));
    await a.sessionStore.create(record('young', 'c'));
    await expect(b.sessionStore.create(record('refused', 'c'))).rejects.toMatchObject({
      name: 'ClientSessionLimitError',
      retryAfterMs: expect.any(Number) as number,
    });
    await delay(200);
    await a.sessionStore.get('young'); // used within the grace period (a refresh is due by now)
    await delay(200);
    await b.sessionStore.create(record('new', 'c'));
    expect(ended).toEqual(['old']);
    expect(await inspect.exists(`${keyPrefix}session:old`)).toBe(0);
    expect(await a.sessionStore.get('young')).toBeDefined();
    await expect(b.sessionStore.create(record('next', 'c'))).rejects.toBeInstanceOf(
      ClientSessionLimitError,
    );
  });

  it('should never let a session held on an instance make room, however long it has been idle', async () => {
    const { a, b } = await pair({
      maxSessionsPerClient: 1,
      sessionEvictionGraceMs: 200,
      sessionIdleTimeoutMs: 10_000,
    });
    await a.sessionStore.create(record('streaming', 'c'));
    const release = a.sessionStore.hold('streaming');
    await delay(700);
    await expect(b.sessionStore.create(record('refused', 'c'))).rejects.toBeInstanceOf(
      ClientSessionLimitError,
    );
    release();
    await delay(400);
    await b.sessionStore.create(record('next', 'c'));
    expect(await a.sessionStore.get('streaming')).toBeUndefined();
  });

  it('should give a client its place back when a session is deleted or expires, without drift', async () => {
    const { a, b, shareKey } = await pair({
      maxSessionsPerClient: 1,
      sessionEvictionGraceMs: 60_000,
      sessionIdleTimeoutMs: 300,
    });
    await a.sessionStore.create(record('deleted', 'c'));
    await expect(a.sessionStore.create(record('refused', 'c'))).rejects.toBeInstanceOf(
      ClientSessionLimitError,
    );
    expect(await b.sessionStore.delete('deleted')).toBe(true);
    expect(await inspect.zcard(shareKey('c'))).toBe(0);
    await a.sessionStore.create(record('expiring', 'c'));
    // Expired by its Redis TTL (300 ms), and no longer counted 150 ms later at most.
    await delay(600);
    expect(await b.sessionStore.get('expiring')).toBeUndefined();
    await b.sessionStore.create(record('after', 'c'));
    expect(await inspect.zrange(shareKey('c'), 0, -1)).toEqual(['after']);
  });

  it('should keep counting a session used past its first idle timeout', async () => {
    const { a, b } = await pair({
      maxSessionsPerClient: 1,
      sessionEvictionGraceMs: 60_000,
      sessionIdleTimeoutMs: 300,
    });
    await a.sessionStore.create(record('busy', 'c'));
    for (let i = 0; i < 8; i++) {
      await delay(100);
      expect(await (i % 2 === 0 ? a : b).sessionStore.get('busy')).toBeDefined();
    }
    await expect(b.sessionStore.create(record('refused', 'c'))).rejects.toBeInstanceOf(
      ClientSessionLimitError,
    );
  });

  it('should hold a one-address flood to its share through two instances, and let another address in', async () => {
    const { a, b } = await pair({ maxSessionsPerClient: 5 });
    const source = {
      runtime: createRuntime({ name: 'share', version: '1.0.0', router: hardeningRouter() }),
    };
    const servers = [a, b].map((store) =>
      createStreamableHttpServer(source, {
        sessionStore: store.sessionStore,
        initializeRateLimit: false,
      }),
    );
    await Promise.all(
      servers.map(
        (server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
      ),
    );
    const urls = servers.map(
      (server) => `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`,
    );
    const flooder = clientAt('127.0.0.1');
    const newcomer = clientAt('127.0.0.2');
    try {
      const flood = await flooder.flood(urls, 40);
      expect(statuses(flood)).toEqual({ 200: 5, 429: 35 });
      const refused = flood.find((reply) => reply.status === 429)!;
      expect(refused.json).toMatchObject({
        error: { code: -32600, message: MESSAGES.CLIENT_SESSIONS_FULL(5) },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(statuses(await newcomer.flood(urls, 4))).toEqual({ 200: 4 });
    } finally {
      flooder.close();
      newcomer.close();
      await Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
    }
  });

  it.each([
    [{ maxSessionsPerClient: 0 }, REDIS_MESSAGES.BAD_MAX_SESSIONS_PER_CLIENT],
    [{ maxSessionsPerClient: 1.5 }, REDIS_MESSAGES.BAD_MAX_SESSIONS_PER_CLIENT],
    [{ sessionEvictionGraceMs: -1 }, REDIS_MESSAGES.BAD_DURATION('sessionEvictionGraceMs')],
  ])('should refuse %p, naming the option', (options, message) => {
    expect(() => redisStore({ url: redis.url, ...options })).toThrow(message);
  });
});
