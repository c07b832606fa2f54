// Redis stores under the core and the transports, against a real redis-server: hubs, tasks,
// subscription limits and the per-client share of sessions across two instances (protocol
// handlers and standalone listeners on loopback). Each store on its own: lib/redis/*.spec.ts.
import { Redis } from 'ioredis';
import {
  Router,
  Runtime,
  TASKS_EXTENSION,
  createRuntime,
  type CallContext,
  type JsonObject,
  type SessionRecord,
  type TaskStore,
} from '../../lib/core/index.js';
import {
  MESSAGES,
  ProtocolHandler,
  classifyMessage,
  type JsonRpcNotification,
  NotificationHub,
} from '../../lib/core/internal.js';
import { redisStore, type RedisStore } from '../../lib/redis/index.js';
import { createStreamableHttpServer } from '../../lib/transports/index.js';
import { hardeningRouter } from '../helpers/hardening-fixtures.js';
import { clientAt, statuses } from '../helpers/loopback-client.js';
import { listenOnLoopback } from '../helpers/loopback-listener.js';
import { JSON_HEADERS, initializeRequest } from '../helpers/raw-http.js';
import { startRedis, type RedisServer } from '../helpers/redis-server.js';
import { waitFor } from '../helpers/wait-for.js';

const record = (id: string): SessionRecord => ({
  id,
  protocolVersion: '2025-11-25',
  clientCapabilities: {},
  initialized: false,
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
  const listener = await listenOnLoopback(
    createStreamableHttpServer({ runtime }, { hub, sessionStore: shared.sessionStore }),
  );
  const url = listener.url;
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
    await listener.close();
  };
  return { open, end, close };
}

describe('redisStore() shared by two instances', () => {
  let redis: RedisServer;
  let inspect: Redis;
  const opened: RedisStore[] = [];

  /** Two instances of one shared store under `keyPrefix`. */
  const pair = async (keyPrefix: string, options: { maxSessionsPerClient?: number } = {}) => {
    const stores = [1, 2].map(() =>
      redisStore({ url: redis.url, keyPrefix, sessionIdleTimeoutMs: 60_000, ...options }),
    );
    opened.push(...stores);
    await Promise.all(stores.map((store) => store.ready()));
    return [stores[0]!, stores[1]!] as const;
  };

  beforeAll(async () => {
    redis = await startRedis();
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all([...opened.map((store) => store.close()), inspect.quit()]);
    await redis.stop();
  });

  it('should deliver through hubs on two instances to the session stream each holds', async () => {
    const [store, other] = await pair('hubs:');
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

  it('should let one instance cancel a task another runs, abort its handler and tell listeners there', async () => {
    const [store, other] = await pair('tasks:');
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

  it('should cap the subscriptions of all sessions on every instance (limits.maxSubscriptions)', async () => {
    const [here, there] = await pair('cap:');
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
      expect(await there.subscriptionStore.size!()).toBe(2);
      // Ending a session on one instance makes room on the other.
      expect((await a.end(first.id)).status).toBe(204);
      expect(await there.subscriptionStore.size!()).toBe(1);
      expect(
        (await second.send('resources/subscribe', { uri: 'mem://items/3' })).json,
      ).toHaveProperty('result');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('should release what a session held in Redis when it ends (DELETE)', async () => {
    const [store] = await pair('life:');
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

  it('should hold a one-address flood to its share through two instances, and let another address in', async () => {
    const stores = await pair('flood:', { maxSessionsPerClient: 5 });
    const source = {
      runtime: createRuntime({ name: 'share', version: '1.0.0', router: hardeningRouter() }),
    };
    const listeners = await Promise.all(
      stores.map((store) =>
        listenOnLoopback(
          createStreamableHttpServer(source, {
            sessionStore: store.sessionStore,
            initializeRateLimit: false,
          }),
        ),
      ),
    );
    const urls = listeners.map((listener) => listener.url);
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
      await Promise.all(listeners.map((listener) => listener.close()));
    }
  });
});
