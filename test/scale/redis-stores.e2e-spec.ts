// The Redis stores against a real redis-server: expiry by Redis TTLs, subscriptions, the bus,
// rate-limit windows, and the option checks of redisStore().
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import {
  MESSAGES,
  NotificationHub,
  ProtocolHandler,
  Router,
  Runtime,
  TASKS_EXTENSION,
  classifyMessage,
  createRuntime,
  type BusMessage,
  type CallContext,
  type JsonObject,
  type JsonRpcNotification,
  type SessionRecord,
  type TaskRecord,
  type TaskStore,
} from '../../lib/core/index.js';
import { redisStore, type RedisStore } from '../../lib/redis/index.js';
import { createStreamableHttpServer } from '../../lib/transports/index.js';
import { hardeningRouter } from '../helpers/hardening-fixtures.js';
import { JSON_HEADERS, initializeRequest } from '../helpers/raw-http.js';
import { waitFor } from '../helpers/wait-for.js';
import { startRedis } from '../helpers/redis-server.js';

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

  it('should keep tasks with their TTL, and change them only by compare-and-set', async () => {
    const task: TaskRecord = {
      taskId: 'task-1',
      status: 'working',
      createdAt: new Date().toISOString(),
      lastUpdatedAt: new Date().toISOString(),
      ttlMs: 5_000,
      pollIntervalMs: 100,
      version: 1,
      expiresAt: Date.now() + 5_000,
      tool: 'slow',
      arguments: {},
      protocolVersion: '2026-07-28',
      clientCapabilities: {},
      answers: {},
    };
    await store.tasks.create(task);
    expect(await other.tasks.get('task-1')).toEqual(task);
    const ttl = await inspect.pttl('t:{tasks}:task:task-1');
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
    expect(await other.tasks.replace({ ...task, version: 2, statusMessage: 'b' }, 1)).toBe(true);
    expect(await store.tasks.replace({ ...task, version: 2, statusMessage: 'a' }, 1)).toBe(false);
    expect(await store.tasks.replace({ ...task, version: 3, status: 'cancelled' }, 2)).toBe(true);
    expect(await other.tasks.replace({ ...task, version: 4, status: 'working' }, 3)).toBe(false);
    expect(await store.tasks.get('task-1')).toMatchObject({ status: 'cancelled', version: 3 });
    expect(await inspect.pttl('t:{tasks}:task:task-1')).toBeGreaterThan(3_000);
    await inspect.set('t:{tasks}:task:junk', 'not json');
    expect(await store.tasks.get('junk')).toBeUndefined();
    expect(await store.tasks.get('missing')).toBeUndefined();
  });

  it('should let one instance cancel a task another runs, abort its handler and tell listeners there', async () => {
    let aborted = false;
    const router = Router.empty().registerTool({
      definition: { name: 'wait', inputSchema: { type: 'object' } },
      task: { support: 'optional' },
      call: (_args, context: CallContext) =>
        new Promise((_, reject) =>
          context.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          }),
        ),
    });
    const instance = (shared: RedisStore) => {
      const tasks: { store: TaskStore; pollIntervalMs: number } = {
        store: shared.tasks,
        pollIntervalMs: 50,
      };
      const runtime = new Runtime({
        name: 'tasks',
        version: '1.0.0',
        router,
        extensions: { [TASKS_EXTENSION]: {} },
        tasks,
      });
      const hub = new NotificationHub(shared.subscriptionStore, shared.notificationBus);
      return { handler: new ProtocolHandler({ runtime }, { hub }), hub };
    };
    const [a, b] = [instance(store), instance(other)];
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
    };
    let id = 1;
    const send = async (on: typeof a, method: string, params: JsonObject) => {
      const outcome = await on.handler.handle(
        classifyMessage({ jsonrpc: '2.0', id: id++, method, params: { ...params, _meta: meta } }),
        { transport: 'stdio', caller: 'someone' },
      );
      return outcome;
    };
    const started = await send(a, 'tools/call', { name: 'wait' });
    const taskId = String((started.response as { result: JsonObject }).result.taskId);
    const listen = await send(b, 'subscriptions/listen', { notifications: { taskIds: [taskId] } });
    const heard: JsonRpcNotification[] = [];
    const stop = b.hub.listen(listen.listen!.id, listen.listen!.filter, (n) => heard.push(n));
    await send(b, 'tasks/cancel', { taskId });
    await waitFor(() => aborted, 'the handler on the other instance to be aborted');
    await waitFor(() => heard.length > 0, 'notifications/tasks on the listening instance');
    expect(heard[0]).toMatchObject({
      method: 'notifications/tasks',
      params: { taskId, status: 'cancelled' },
    });
    stop();
    a.hub.close();
    b.hub.close();
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

/** A standalone listener over a Redis store, serving the hardening router's resources. */
async function listenerOver(shared: RedisStore, limits: { maxSubscriptions: number }) {
  const runtime = createRuntime({
    name: 'redis-subscriptions',
    version: '1.0.0',
    router: hardeningRouter(),
    resourceSubscriptions: true,
    limits,
  });
  const hub = new NotificationHub(shared.subscriptionStore, shared.notificationBus);
  const http = createStreamableHttpServer({ runtime }, { hub, sessionStore: shared.sessionStore });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  const open = async () => {
    const opened = await fetch(url, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(initializeRequest()),
    });
    await opened.body?.cancel();
    const id = opened.headers.get('mcp-session-id')!;
    const send = async (method: string, params: JsonObject) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...JSON_HEADERS, 'mcp-session-id': id },
        body: JSON.stringify({ jsonrpc: '2.0', id: 5, method, params }),
      });
      return { status: response.status, json: (await response.json()) as JsonObject };
    };
    return { id, send };
  };
  const end = (id: string) => fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': id } });
  const close = async () => {
    hub.close();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  };
  return { open, end, close };
}

describe('redisStore() subscriptions over the life of a session', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let store: RedisStore;
  let other: RedisStore;
  let inspect: Redis;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    redis = await startRedis();
    store = redisStore({ url: redis.url, keyPrefix: 'life:', sessionIdleTimeoutMs: 400 });
    other = redisStore({ url: redis.url, keyPrefix: 'life:', sessionIdleTimeoutMs: 400 });
    await Promise.all([store.ready(), other.ready()]);
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all([store.close(), other.close(), inspect.quit()]);
    await redis.stop();
  });

  it('should keep the subscriptions of a session in use past the idle timeout, and let them go after it', async () => {
    await store.sessionStore.create(record('used'));
    await store.subscriptionStore.subscribe('used', 'x://kept');
    // Used every 150 ms for three idle timeouts: the session and its subscriptions stay.
    for (let i = 0; i < 8; i++) {
      await pause(150);
      expect(await other.sessionStore.get('used')).toBeDefined();
    }
    expect(await store.subscriptionStore.subscribers('x://kept')).toEqual(['used']);
    expect(await inspect.pttl('life:subscriptions:used')).toBeGreaterThan(0);
    expect(await inspect.pttl('life:subscribers:x://kept')).toBeGreaterThan(0);
    // Left alone, the session expires, and its subscriptions within two idle timeouts.
    await pause(500);
    expect(await store.sessionStore.get('used')).toBeUndefined();
    expect(await store.subscriptionStore.subscribers('x://kept')).toEqual([]);
    for (let i = 0; i < 100 && (await inspect.exists('life:subscriptions:used')) === 1; i++)
      await pause(20);
    expect(await inspect.exists('life:subscriptions:used')).toBe(0);
  });

  it('should keep a session held by a long request or a stream from expiring', async () => {
    await store.sessionStore.create(record('held'));
    await store.subscriptionStore.subscribe('held', 'x://held');
    const release = store.sessionStore.hold('held');
    await pause(1_000);
    expect(await other.sessionStore.get('held')).toBeDefined();
    expect(await store.subscriptionStore.has('held', 'x://held')).toBe(true);
    release();
    await pause(600);
    expect(await other.sessionStore.get('held')).toBeUndefined();
  });

  it('should cap the subscriptions of all sessions on every instance (limits.maxSubscriptions)', async () => {
    // Stores of their own: what other tests left counts until it expires.
    const here = redisStore({ url: redis.url, keyPrefix: 'cap:', sessionIdleTimeoutMs: 60_000 });
    const there = redisStore({ url: redis.url, keyPrefix: 'cap:', sessionIdleTimeoutMs: 60_000 });
    await Promise.all([here.ready(), there.ready()]);
    const [a, b] = await Promise.all([
      listenerOver(here, { maxSubscriptions: 2 }),
      listenerOver(there, { maxSubscriptions: 2 }),
    ]);
    try {
      const [first, second] = [await a.open(), await b.open()];
      expect(
        (await first.send('resources/subscribe', { uri: 'mem://items/1' })).json,
      ).toHaveProperty('result');
      expect(
        (await second.send('resources/subscribe', { uri: 'mem://items/2' })).json,
      ).toHaveProperty('result');
      const full = await second.send('resources/subscribe', { uri: 'mem://items/3' });
      expect(full.status).toBe(503);
      expect(full.json).toEqual({
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32603, message: MESSAGES.SUBSCRIPTIONS_FULL },
      });
      expect(await there.subscriptionStore.size()).toBe(2);
      // Ending a session on one instance makes room on the other.
      expect((await a.end(first.id)).status).toBe(204);
      expect(await there.subscriptionStore.size()).toBe(1);
      expect(
        (await second.send('resources/subscribe', { uri: 'mem://items/3' })).json,
      ).toHaveProperty('result');
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([here.close(), there.close()]);
    }
  });

  it('should release what a session held in Redis when it ends (DELETE)', async () => {
    const a = await listenerOver(store, { maxSubscriptions: 100 });
    try {
      const session = await a.open();
      await session.send('resources/subscribe', { uri: 'mem://items/7' });
      await session.send('resources/subscribe', { uri: 'mem://open' });
      expect(await inspect.scard(`life:subscriptions:${session.id}`)).toBe(2);
      expect((await a.end(session.id)).status).toBe(204);
      expect(await inspect.exists(`life:subscriptions:${session.id}`)).toBe(0);
      expect(await inspect.sismember('life:subscribers:mem://items/7', session.id)).toBe(0);
      expect(await inspect.sismember('life:subscribers:mem://open', session.id)).toBe(0);
      expect(
        await inspect.zscore('life:subscription-index', `${session.id}\nmem://open`),
      ).toBeNull();
      expect(await inspect.exists(`life:session:${session.id}`)).toBe(0);
    } finally {
      await a.close();
    }
  });
});
