import type { CallContext } from '../components/call-context.interface.js';
import type { ToolComponent } from '../components/tool.interface.js';
import { SnodoError } from '../errors/snodo.error.js';
import { NotificationHub } from '../notifications/notification-hub.js';
import type { Exchange } from '../exchange/exchange.js';
import { classifyMessage } from '../wire/json-rpc.parser.js';
import type { JsonObject, JsonRpcNotification } from '../wire/json-rpc.type.js';
import { ProtocolHandler } from '../protocol/protocol-handler.js';
import { Router } from '../router/router.js';
import { Runtime } from '../runtime/runtime.js';
import { InMemoryTaskStore } from '../task-store/in-memory-task.store.js';
import { TASKS_EXTENSION, TASK_METHODS } from '../task-store/task.js';
import type { TasksOptions } from '../task-store/tasks-options.js';
import { serverMethods } from '../protocol/server-methods.js';

/** Resolves when `release()` is called: a tool that runs until the test lets it end. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

const noArgs = { type: 'object' } as const;

function tools(slow: ReturnType<typeof gate>): ToolComponent[] {
  return [
    { definition: { name: 'plain', inputSchema: noArgs }, call: () => 'plain result' },
    {
      definition: { name: 'slow', inputSchema: noArgs },
      task: { support: 'optional' },
      call: async (_args, context: CallContext) => {
        await Promise.race([
          slow.opened,
          new Promise((_, reject) =>
            context.signal.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
        ]);
        context.progress(1, 2, 'half way');
        return 'slow result';
      },
    },
    {
      definition: { name: 'needed', inputSchema: noArgs },
      task: { support: 'required' },
      call: () => 'needed result',
    },
    {
      definition: { name: 'broken', inputSchema: noArgs },
      task: { support: 'optional' },
      call: () => {
        throw SnodoError.internal('broken inside');
      },
    },
    {
      definition: { name: 'sized', inputSchema: noArgs },
      task: { support: 'optional' },
      call: (args) => 'x'.repeat(Number(args.size)),
    },
    {
      definition: { name: 'fails_large', inputSchema: noArgs },
      task: { support: 'optional' },
      call: () => {
        throw SnodoError.internal('broken inside', { detail: 'y'.repeat(5_000) });
      },
    },
    {
      definition: { name: 'crashes', inputSchema: noArgs },
      task: { support: 'optional' },
      call: () => {
        throw new Error('a secret detail');
      },
    },
    {
      definition: { name: 'asks', inputSchema: noArgs },
      task: { support: 'optional' },
      call: async (_args, context: CallContext) => {
        const answers = await context.askAll({
          a: { method: 'elicitation/create', params: { message: 'A?', requestedSchema: {} } },
          b: { method: 'elicitation/create', params: { message: 'B?', requestedSchema: {} } },
        });
        return `answers ${JSON.stringify(answers.a)} ${JSON.stringify(answers.b)}`;
      },
    },
    {
      definition: { name: 'gathers', inputSchema: noArgs },
      task: { support: 'required', start: 'handler' },
      call: async (_args, context: CallContext) => {
        const name = await context.elicit({ message: 'Name?', requestedSchema: {} });
        await context.startTask!();
        return `hello ${JSON.stringify(name.content)}`;
      },
    },
  ];
}

function setup(tasks: TasksOptions = {}) {
  const slow = gate();
  let router = Router.empty();
  for (const tool of tools(slow)) router = router.registerTool(tool);
  const runtime = new Runtime({
    name: 'tasks-test',
    version: '1.0.0',
    router,
    extensions: { [TASKS_EXTENSION]: {} },
    tasks: { pollIntervalMs: 5, ...tasks },
  });
  const hub = new NotificationHub();
  const source = { runtime };
  const handler = new ProtocolHandler(source, { hub });
  return { handler, slow, hub, source };
}

const DECLARING = { elicitation: {}, extensions: { [TASKS_EXTENSION]: {} } };

let nextId = 1;
async function send(
  handler: ProtocolHandler,
  method: string,
  params: JsonObject = {},
  options: { capabilities?: JsonObject; caller?: string; client?: string } = {},
) {
  const exchange: Exchange = {
    transport: 'stdio',
    caller: options.caller ?? 'alice',
    ...(options.client === undefined ? {} : { client: options.client }),
  };
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': options.capabilities ?? DECLARING,
  };
  const message = { jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: meta } };
  const outcome = await handler.handle(classifyMessage(message), exchange);
  const response = outcome.response as
    | { result?: JsonObject; error?: { code: number; message: string; data?: JsonObject } }
    | undefined;
  return { outcome, result: response?.result, error: response?.error };
}

/** Polls `tasks/get` until the status is one of `statuses`. */
async function until(handler: ProtocolHandler, taskId: string, ...statuses: string[]) {
  for (let i = 0; i < 400; i++) {
    const { result } = await send(handler, 'tasks/get', { taskId });
    if (statuses.includes(String(result?.status))) return result!;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`task ${taskId} never reached ${statuses.join('/')}`);
}

describe('The tasks extension', () => {
  it('should add exactly the methods of TASK_METHODS to the table', () => {
    const { source } = setup();
    const table = serverMethods(source);
    for (const method of TASK_METHODS) expect(table.request(method)?.target).toBe('taskId');
    expect(table.request('tasks/list')).toBeUndefined();
  });

  it('should advertise the extension in server/discover', async () => {
    const { handler } = setup();
    const { result } = await send(handler, 'server/discover');
    expect((result!.capabilities as JsonObject).extensions).toEqual({ [TASKS_EXTENSION]: {} });
  });

  describe('tools/call', () => {
    it('should answer a plain tool with its result, never a task', async () => {
      const { handler } = setup();
      const { result } = await send(handler, 'tools/call', { name: 'plain' });
      expect(result).toMatchObject({ resultType: 'complete', content: [{ text: 'plain result' }] });
      expect(result).not.toHaveProperty('taskId');
    });

    it('should create a task, durably, before answering, and complete it', async () => {
      const { handler, slow } = setup();
      const { result } = await send(handler, 'tools/call', { name: 'slow' });
      expect(result).toMatchObject({ resultType: 'task', status: 'working', pollIntervalMs: 5 });
      expect(Object.keys(result!).sort()).toEqual(
        [
          'createdAt',
          'lastUpdatedAt',
          'pollIntervalMs',
          'resultType',
          'status',
          'taskId',
          'ttlMs',
          '_meta',
        ].sort(),
      );
      const taskId = String(result!.taskId);
      expect(taskId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const working = await send(handler, 'tasks/get', { taskId });
      expect(working.result).toMatchObject({ resultType: 'complete', taskId, status: 'working' });
      slow.release();
      const done = await until(handler, taskId, 'completed');
      expect(done.result).toMatchObject({ content: [{ type: 'text', text: 'slow result' }] });
      expect(done).not.toHaveProperty('error');
    });

    it('should run a task tool as a plain call for a client that did not declare the extension', async () => {
      const { handler, slow } = setup();
      slow.release();
      const { result } = await send(handler, 'tools/call', { name: 'slow' }, { capabilities: {} });
      expect(result).toMatchObject({ resultType: 'complete', content: [{ text: 'slow result' }] });
    });

    it('should answer -32021 with the required extension for a tool that needs a task', async () => {
      const { handler } = setup();
      const { error, outcome } = await send(
        handler,
        'tools/call',
        { name: 'needed' },
        { capabilities: {} },
      );
      expect(outcome.status).toBe(400);
      expect(error).toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      });
    });

    it('should fail a task with the JSON-RPC error of a protocol failure', async () => {
      const { handler } = setup();
      const { result } = await send(handler, 'tools/call', { name: 'broken' });
      const failed = await until(handler, String(result!.taskId), 'failed');
      expect(failed.error).toMatchObject({ code: -32603, message: 'broken inside' });
      expect(failed).not.toHaveProperty('result');
    });

    it('should complete with isError, not leak, when the tool throws something else', async () => {
      const { handler } = setup();
      const { result } = await send(handler, 'tools/call', { name: 'crashes' });
      const done = await until(handler, String(result!.taskId), 'completed', 'failed');
      expect(done.status).toBe('completed');
      expect(done.result).toMatchObject({ isError: true });
      expect(JSON.stringify(done)).not.toContain('a secret detail');
    });

    it('should gather input with input_required rounds, then become a task', async () => {
      const { handler } = setup();
      const first = await send(handler, 'tools/call', { name: 'gathers' });
      expect(first.result).toMatchObject({ resultType: 'input_required' });
      expect(first.result).not.toHaveProperty('taskId');
      const [key] = Object.keys(first.result!.inputRequests as JsonObject);
      const second = await send(handler, 'tools/call', {
        name: 'gathers',
        inputResponses: { [key!]: { action: 'accept', content: { name: 'Ada' } } },
        requestState: first.result!.requestState,
      });
      expect(second.result).toMatchObject({ resultType: 'task' });
      expect(second.result).not.toHaveProperty('requestState');
      const done = await until(handler, String(second.result!.taskId), 'completed');
      expect(JSON.stringify(done.result)).toContain('Ada');
    });
  });

  describe('tasks/update', () => {
    it('should take answers one by one and resume once none is outstanding', async () => {
      const { handler } = setup();
      const { result } = await send(handler, 'tools/call', { name: 'asks' });
      const taskId = String(result!.taskId);
      const waiting = await until(handler, taskId, 'input_required');
      expect(Object.keys(waiting.inputRequests as JsonObject).sort()).toEqual(['a', 'b']);
      const ack = await send(handler, 'tasks/update', {
        taskId,
        inputResponses: { a: { action: 'accept', content: { x: 1 } }, zzz: { ignored: true } },
      });
      expect(ack.result).toEqual({ resultType: 'complete', _meta: expect.any(Object) });
      const partly = await send(handler, 'tasks/get', { taskId });
      expect(partly.result).toMatchObject({ status: 'input_required' });
      expect(Object.keys(partly.result!.inputRequests as JsonObject)).toEqual(['b']);
      await send(handler, 'tasks/update', {
        taskId,
        inputResponses: { b: { action: 'accept', content: { y: 2 } } },
      });
      const done = await until(handler, taskId, 'completed');
      expect(JSON.stringify(done.result)).toContain('{\\"x\\":1}');
      expect(JSON.stringify(done.result)).toContain('{\\"y\\":2}');
    });

    it('should refuse inputResponses that are not an object', async () => {
      const { handler } = setup();
      const { error } = await send(handler, 'tasks/update', { taskId: 'x', inputResponses: 3 });
      expect(error).toMatchObject({ code: -32602 });
    });
  });

  describe('tasks/cancel', () => {
    it('should ack, cancel a running task and abort its handler; a second cancel acks alike', async () => {
      const { handler } = setup();
      const { result } = await send(handler, 'tools/call', { name: 'slow' });
      const taskId = String(result!.taskId);
      const ack = await send(handler, 'tasks/cancel', { taskId });
      expect(Object.keys(ack.result!).sort()).toEqual(['_meta', 'resultType']);
      expect((await until(handler, taskId, 'cancelled')).status).toBe('cancelled');
      const again = await send(handler, 'tasks/cancel', { taskId });
      expect(again.result).toMatchObject({ resultType: 'complete' });
      // Terminal: the run that ended after the cancel changed nothing.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await send(handler, 'tasks/get', { taskId })).result!.status).toBe('cancelled');
    });
  });

  describe('who may see a task', () => {
    it('should answer -32602 for an unknown id and for another caller’s task alike', async () => {
      const { handler } = setup();
      const { result } = await send(handler, 'tools/call', { name: 'slow' });
      const unknown = await send(handler, 'tasks/get', { taskId: 'nope' });
      const foreign = await send(
        handler,
        'tasks/get',
        { taskId: result!.taskId },
        { caller: 'mallory' },
      );
      expect(unknown.error).toMatchObject({ code: -32602 });
      expect(foreign.error).toEqual(unknown.error);
      const cancel = await send(
        handler,
        'tasks/cancel',
        { taskId: result!.taskId },
        { caller: 'mallory' },
      );
      expect(cancel.error).toMatchObject({ code: -32602 });
    });

    it.each(TASK_METHODS)(
      'should answer %s with -32021 to a client that did not declare the extension',
      async (method) => {
        const { handler } = setup();
        const { error } = await send(
          handler,
          method,
          { taskId: 'x', inputResponses: {} },
          { capabilities: {} },
        );
        expect(error).toMatchObject({ code: -32021 });
      },
    );

    it('should answer tasks/list and tasks/result as unknown methods', async () => {
      const { handler } = setup();
      for (const method of ['tasks/list', 'tasks/result']) {
        expect((await send(handler, method, { taskId: 'x' })).error).toMatchObject({
          code: -32601,
        });
      }
    });
  });

  describe('limits', () => {
    it('should refuse a task beyond maxRunning with 429, and take one again when a task ends', async () => {
      const { handler, slow } = setup({ maxRunning: 1 });
      const first = await send(handler, 'tools/call', { name: 'slow' });
      const second = await send(handler, 'tools/call', { name: 'slow' });
      expect(second.outcome.status).toBe(429);
      expect(second.outcome.headers).toEqual({ 'Retry-After': '1' });
      expect(second.error).toMatchObject({ code: -32600, message: expect.stringMatching(/1/) });
      slow.release();
      await until(handler, String(first.result!.taskId), 'completed');
      expect((await send(handler, 'tools/call', { name: 'slow' })).result).toMatchObject({
        resultType: 'task',
      });
    });

    it('should refuse a task when the store is full, never evicting a live one', async () => {
      const { handler } = setup({ store: new InMemoryTaskStore(1) });
      const first = await send(handler, 'tools/call', { name: 'slow' });
      const second = await send(handler, 'tools/call', { name: 'slow' });
      expect(second.outcome.status).toBe(429);
      expect(second.error!.message).toMatch(/as many tasks/);
      expect(
        (await send(handler, 'tasks/get', { taskId: first.result!.taskId })).result,
      ).toBeDefined();
    });

    it('should forget a task after its ttlMs', async () => {
      const { handler, slow } = setup({ ttlMs: 30 });
      slow.release();
      const { result } = await send(handler, 'tools/call', { name: 'slow' });
      expect(result!.ttlMs).toBe(30);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect((await send(handler, 'tasks/get', { taskId: result!.taskId })).error).toMatchObject({
        code: -32602,
      });
    });

    it.each([
      [{ ttlMs: 0 }, /tasks.ttlMs/],
      [{ pollIntervalMs: 1.5 }, /tasks.pollIntervalMs/],
      [{ maxTasks: -1 }, /tasks.maxTasks/],
      [{ maxRunning: 'many' }, /tasks.maxRunning/],
      [{ store: {} }, /tasks.store must be a TaskStore/],
      [{ maxTasksPerClient: 0 }, /tasks.maxTasksPerClient must be a whole number/],
      [{ maxTasks: 10, maxTasksPerClient: 11 }, /maxTasksPerClient must not exceed tasks.maxTasks/],
      [{ maxResultBytes: 2 ** 31 }, /tasks.maxResultBytes must be a whole number from 1/],
      [{ maxTotalBytes: '1 GiB' }, /tasks.maxTotalBytes must be a whole number/],
      [{ maxResultBytes: 2_000, maxTotalBytes: 1_000 }, /must not exceed tasks.maxTotalBytes/],
    ])('should refuse the option %p at bootstrap', (tasks, message) => {
      expect(() => setup(tasks as TasksOptions)).toThrow(message);
    });
  });

  describe('the quota of a client', () => {
    it('should refuse a client at maxTasksPerClient with 429 and Retry-After, and still take another client’s task', async () => {
      const { handler } = setup({ maxTasksPerClient: 2, ttlMs: 60_000 });
      const mine = { client: '10.0.0.1' };
      for (let i = 0; i < 2; i++) {
        const { result } = await send(handler, 'tools/call', { name: 'slow' }, mine);
        expect(result).toMatchObject({ resultType: 'task' });
      }
      const refused = await send(handler, 'tools/call', { name: 'slow' }, mine);
      expect(refused.outcome.status).toBe(429);
      expect(Number(refused.outcome.headers?.['Retry-After'])).toBeGreaterThan(55);
      expect(Number(refused.outcome.headers?.['Retry-After'])).toBeLessThanOrEqual(60);
      expect(refused.error).toMatchObject({ code: -32600 });
      expect(refused.error!.message).toMatch(/tasks\.maxTasksPerClient/);
      const other = await send(handler, 'tools/call', { name: 'slow' }, { client: '10.0.0.2' });
      expect(other.result).toMatchObject({ resultType: 'task' });
    });

    it('should count the tasks of callers that name no client by their caller', async () => {
      const { handler } = setup({ maxTasksPerClient: 1 });
      await send(handler, 'tools/call', { name: 'slow' }, { caller: 'carol' });
      const refused = await send(handler, 'tools/call', { name: 'slow' }, { caller: 'carol' });
      expect(refused.outcome.status).toBe(429);
      const dave = await send(handler, 'tools/call', { name: 'slow' }, { caller: 'dave' });
      expect(dave.result).toMatchObject({ resultType: 'task' });
    });

    it('should let a client that read an ended task start another in its place', async () => {
      const { handler } = setup({ maxTasksPerClient: 1 });
      const first = await send(handler, 'tools/call', { name: 'sized', arguments: { size: 3 } });
      const taskId = String(first.result!.taskId);
      await until(handler, taskId, 'completed');
      const again = await send(handler, 'tools/call', { name: 'sized', arguments: { size: 3 } });
      expect(again.result).toMatchObject({ resultType: 'task' });
      expect((await send(handler, 'tasks/get', { taskId })).error).toMatchObject({
        code: -32602,
      });
    });
  });

  describe('maxResultBytes', () => {
    it('should keep a result larger than maxResultBytes as an isError result that says so', async () => {
      const { handler } = setup({ maxResultBytes: 1_000 });
      const small = await send(handler, 'tools/call', { name: 'sized', arguments: { size: 100 } });
      const large = await send(handler, 'tools/call', {
        name: 'sized',
        arguments: { size: 5_000 },
      });
      const kept = await until(handler, String(small.result!.taskId), 'completed');
      expect(JSON.stringify(kept.result)).toContain('x'.repeat(100));
      const replaced = await until(handler, String(large.result!.taskId), 'completed');
      expect(replaced.result).toEqual({
        resultType: 'complete',
        isError: true,
        content: [{ type: 'text', text: expect.stringMatching(/tasks\.maxResultBytes/) }],
      });
      expect(JSON.stringify(replaced)).not.toContain('xxxxxxxxxx');
    });

    it('should keep an error larger than maxResultBytes as a -32603 that says so', async () => {
      const { handler } = setup({ maxResultBytes: 1_000 });
      const { result } = await send(handler, 'tools/call', { name: 'fails_large' });
      const failed = await until(handler, String(result!.taskId), 'failed');
      expect(failed.error).toEqual({
        code: -32603,
        message: expect.stringMatching(/tasks\.maxResultBytes/),
      });
      expect(failed.statusMessage).toBe((failed.error as JsonObject).message);
    });
  });

  describe('status notifications', () => {
    it('should send notifications/tasks to a listen stream that asked for its task', async () => {
      const { handler, slow, hub } = setup();
      const { result } = await send(handler, 'tools/call', { name: 'slow' });
      const taskId = String(result!.taskId);
      const listen = await send(handler, 'subscriptions/listen', {
        notifications: { taskIds: [taskId, 'unknown'] },
      });
      const { filter, acknowledgement } = listen.outcome.listen!;
      expect(acknowledgement.params).toMatchObject({ notifications: { taskIds: [taskId] } });
      const seen: JsonRpcNotification[] = [];
      hub.listen(listen.outcome.listen!.id, filter, (notification) => seen.push(notification));
      slow.release();
      await until(handler, taskId, 'completed');
      await new Promise((resolve) => setTimeout(resolve, 10));
      const last = seen.at(-1)!;
      expect(last.method).toBe('notifications/tasks');
      expect(last.params).toMatchObject({
        taskId,
        status: 'completed',
        result: expect.any(Object),
      });
    });

    it('should refuse taskIds from a client that did not declare the extension', async () => {
      const { handler } = setup();
      const { error } = await send(
        handler,
        'subscriptions/listen',
        { notifications: { taskIds: ['x'] } },
        { capabilities: {} },
      );
      expect(error).toMatchObject({ code: -32021 });
    });
  });
});
