// The bounds on tasks, end to end over HTTP: each client's quota (its verified caller, else its
// address), the byte bound on what the in-memory store holds, and Retry-After on every refusal.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  InMemoryTaskStore,
  Router,
  TASKS_EXTENSION,
  type JsonObject,
  type TasksOptions,
} from '../../lib/core/index.js';
import { StreamableHttpTransport, requestState } from '../../lib/transports/internal.js';
import { hardeningServer } from '../helpers/hardening-fixtures.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { taskRequest, type TaskAnswer } from '../helpers/task-requests.js';
import { taskMessageProblems } from '../helpers/tasks-schema.js';
import { TasksLimitsAppModule } from '../src/tasks-app.module.js';

const schemas = new McpSchemaValidator();
const MIB = 1_048_576;

/** Every message checked: task shapes by the extension, the rest by the 2026-07-28 schema. */
const problems: string[] = [];

/** {@link taskRequest}, its answer checked. */
async function send(
  url: string,
  method: string,
  params: JsonObject,
  options: { from?: string; headers?: Record<string, string> } = {},
): Promise<TaskAnswer> {
  const answer = await taskRequest(url, method, params, options);
  const message = answer.json;
  const taskSurface =
    method.startsWith('tasks/') ||
    (method === 'tools/call' && message.result?.resultType === 'task');
  const found = taskSurface
    ? taskMessageProblems(method, message)
    : schemas.checkServerMessage('2026-07-28', method, message);
  problems.push(...found.map((problem) => `${method}: ${problem}`));
  return answer;
}

/** Polls `tasks/get` until the task has ended. */
async function ended(url: string, taskId: string, from?: string): Promise<TaskAnswer> {
  for (let i = 0; i < 200; i++) {
    const answer = await send(url, 'tasks/get', { taskId }, { from });
    if (!['working', 'input_required'].includes(String(answer.json.result?.status))) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`task ${taskId} did not end`);
}

const retryAfter = (answer: TaskAnswer): number => Number(answer.headers['retry-after']);

describe('Task limits over Streamable HTTP', () => {
  const running: RunningApp[] = [];
  const start = async (tasks: TasksOptions) => {
    const app = await startApp(TasksLimitsAppModule.register(tasks));
    running.push(app);
    return app.url;
  };

  afterEach(async () => {
    for (const app of running.splice(0)) await app.close();
    expect(problems.splice(0)).toEqual([]);
  });

  describe('maxTasksPerClient', () => {
    it('should refuse a client at its quota with 429 and Retry-After while a client at another address still starts tasks', async () => {
      const url = await start({ maxTasksPerClient: 3 });
      const taskIds: string[] = [];
      for (let i = 0; i < 3; i++) {
        const started = await send(url, 'tools/call', {
          name: 'sized_result',
          arguments: { bytes: 10 },
        });
        expect(started.json.result).toMatchObject({ resultType: 'task' });
        taskIds.push(String(started.json.result!.taskId));
      }
      const refused = await send(url, 'tools/call', {
        name: 'sized_result',
        arguments: { bytes: 10 },
      });
      expect(refused.status).toBe(429);
      expect(refused.json.error).toMatchObject({ code: -32600 });
      expect(refused.json.error!.message).toMatch(/tasks\.maxTasksPerClient.*tasks\/get/);
      // Until the first of its tasks expires: the default ttlMs, an hour.
      expect(retryAfter(refused)).toBeGreaterThan(3_500);
      expect(retryAfter(refused)).toBeLessThanOrEqual(3_600);
      // Credentials the server does not check do not make another client.
      const disguised = await send(
        url,
        'tools/call',
        { name: 'sized_result', arguments: { bytes: 10 } },
        { headers: { authorization: 'Bearer made-up-token-4' } },
      );
      expect(disguised.status).toBe(429);
      const other = await send(
        url,
        'tools/call',
        { name: 'sized_result', arguments: { bytes: 10 } },
        { from: '127.0.0.2' },
      );
      expect(other.status).toBe(200);
      expect(other.json.result).toMatchObject({ resultType: 'task', status: 'working' });
      // Reading an ended task makes room for one more.
      expect((await ended(url, taskIds[0]!)).json.result).toMatchObject({ status: 'completed' });
      const after = await send(url, 'tools/call', {
        name: 'sized_result',
        arguments: { bytes: 10 },
      });
      expect(after.json.result).toMatchObject({ resultType: 'task' });
    });

    it('should count a verified caller apart from other callers at the same address', async () => {
      const router = Router.empty().registerTool({
        definition: { name: 'quick', inputSchema: { type: 'object' } },
        task: { support: 'optional' },
        call: () => 'done',
      });
      const server = hardeningServer({
        router,
        extensions: { [TASKS_EXTENSION]: {} },
        tasks: { maxTasksPerClient: 2 },
      });
      const transport = new StreamableHttpTransport(server.source, { hub: server.hub });
      // A front that verified the caller named by `x-user` (as the auth guard does with a token).
      const http = createServer((req, res) => {
        const user = req.headers['x-user'];
        if (typeof user === 'string')
          requestState(req).auth = { subject: user, scopes: [], claims: {} };
        void transport.handle(req, res);
      });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
      try {
        const call = (user: string) =>
          send(url, 'tools/call', { name: 'quick' }, { headers: { 'x-user': user } });
        expect((await call('ada')).status).toBe(200);
        expect((await call('ada')).status).toBe(200);
        const refused = await call('ada');
        expect(refused.status).toBe(429);
        expect(retryAfter(refused)).toBeGreaterThan(0);
        expect((await call('bob')).json.result).toMatchObject({ resultType: 'task' });
      } finally {
        transport.close();
        await new Promise<void>((resolve) => http.close(() => resolve()));
      }
    });
  });

  it('should answer a task beyond maxRunning with 429 and Retry-After', async () => {
    const url = await start({ maxRunning: 1 });
    const first = await send(url, 'tools/call', { name: 'count_slowly', arguments: { to: 500 } });
    expect(first.json.result).toMatchObject({ resultType: 'task' });
    const second = await send(
      url,
      'tools/call',
      { name: 'count_slowly', arguments: { to: 500 } },
      { from: '127.0.0.2' },
    );
    expect(second.status).toBe(429);
    expect(second.json.error!.message).toMatch(/running/);
    expect(second.headers['retry-after']).toBe('1');
    await send(url, 'tasks/cancel', { taskId: String(first.json.result!.taskId) });
  });

  describe('the byte bound', () => {
    /** Heap in use after a full collection. */
    function heapUsed(): number {
      setFlagsFromString('--expose-gc');
      (runInNewContext('gc') as () => void)();
      return process.memoryUsage().heapUsed;
    }

    it('should hold a flood of 1 MiB results within maxTotalBytes, making room from the results read', async () => {
      const maxTotalBytes = 16 * MIB;
      const store = new InMemoryTaskStore({ maxTasks: 1_000, maxTotalBytes });
      const url = await start({ store, maxResultBytes: 2 * MIB, maxTasksPerClient: 1_000 });
      const before = heapUsed();
      const accepted: string[] = [];
      let refused = 0;
      for (let i = 0; i < 200; i++) {
        const answer = await send(url, 'tools/call', {
          name: 'sized_result',
          arguments: { bytes: MIB },
        });
        if (answer.status === 429) {
          refused++;
          expect(answer.json.error!.message).toMatch(/as many tasks/);
          expect(retryAfter(answer)).toBeGreaterThan(0);
        } else accepted.push(String(answer.json.result!.taskId));
        expect(store.bytes + store.reservedBytes).toBeLessThanOrEqual(maxTotalBytes);
      }
      const growth = heapUsed() - before;
      expect(accepted.length).toBeGreaterThan(5);
      expect(refused).toBeGreaterThan(150);
      // 200 MiB without the bound; the 16 MiB held, and what the requests left behind.
      expect(growth).toBeLessThan(64 * MIB);
      // Results read make room, before anyone is refused.
      for (const taskId of accepted) {
        const answer = await ended(url, taskId);
        expect(JSON.stringify(answer.json.result)).toContain('x'.repeat(1_000));
      }
      for (let i = 0; i < accepted.length; i++) {
        const answer = await send(url, 'tools/call', {
          name: 'sized_result',
          arguments: { bytes: MIB },
        });
        expect(answer.json.result).toMatchObject({ resultType: 'task' });
        expect(store.bytes + store.reservedBytes).toBeLessThanOrEqual(maxTotalBytes);
      }
    }, 60_000);

    it('should keep a result over maxResultBytes as an isError result that says so', async () => {
      const url = await start({ maxResultBytes: 64 * 1_024 });
      const started = await send(url, 'tools/call', {
        name: 'sized_result',
        arguments: { bytes: MIB },
      });
      const done = await ended(url, String(started.json.result!.taskId));
      expect(done.json.result).toMatchObject({
        status: 'completed',
        result: {
          isError: true,
          content: [{ type: 'text', text: expect.stringMatching(/tasks\.maxResultBytes/) }],
        },
      });
      expect(JSON.stringify(done.json).length).toBeLessThan(2_000);
    });
  });
});
