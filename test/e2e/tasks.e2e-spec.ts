import { SnodoClient } from '../../lib/client/index.js';
import { TASKS_EXTENSION, type JsonObject } from '../../lib/core/index.js';
import { createRecordingFetch, type RecordedExchange } from '../helpers/recording-fetch.js';
import { JSON_HEADERS, raw } from '../helpers/raw-http.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { taskMessageProblems } from '../helpers/tasks-schema.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { API_KEY } from '../src/api-key-app.module.js';
import { TasksAppModule } from '../src/tasks-app.module.js';

const schemas = new McpSchemaValidator();
const TASK_METHODS = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);

/** Every message the server sent: task shapes by the extension, the rest by 2026-07-28. */
function problemsOf(exchanges: RecordedExchange[]): string[] {
  return exchanges.flatMap((exchange) =>
    exchange.messages.flatMap((message) => {
      const method = exchange.method ?? '';
      const taskSurface =
        TASK_METHODS.has(method) ||
        (method === 'tools/call' &&
          (message as { result?: JsonObject }).result?.resultType === 'task');
      const problems = taskSurface
        ? taskMessageProblems(method, message)
        : schemas.checkServerMessage('2026-07-28', method, message);
      return problems.map((problem) => `${method}: ${problem}`);
    }),
  );
}

describe('Tasks over Streamable HTTP', () => {
  let running: RunningApp;
  const original = globalThis.fetch;
  let recording: ReturnType<typeof createRecordingFetch>;

  beforeAll(async () => {
    running = await startApp(TasksAppModule);
  });

  beforeEach(() => {
    recording = createRecordingFetch(original);
    globalThis.fetch = recording.fetch;
  });

  afterEach(() => {
    globalThis.fetch = original;
    expect(problemsOf(recording.exchanges)).toEqual([]);
  });

  afterAll(async () => {
    await running.close();
  });

  it('should advertise the extension and run a task to its result, with progress as its status message', async () => {
    const client = await SnodoClient.connect(running.url);
    expect((client.serverCapabilities.extensions as JsonObject)[TASKS_EXTENSION]).toEqual({});
    const started = await client.startTool('count_slowly', { to: 5 });
    expect(started.task).toMatchObject({ status: 'working', pollIntervalMs: 20 });
    const messages = new Set<string>();
    const done = await client.waitForTask(started.task!.taskId, {
      pollIntervalMs: 10,
      onInputRequired: () => ({}),
    });
    for (const exchange of recording.exchanges) {
      const message = exchange.messages[0] as { result?: { statusMessage?: string } } | undefined;
      if (exchange.method === 'tasks/get' && message?.result?.statusMessage !== undefined)
        messages.add(message.result.statusMessage);
    }
    expect(done).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'counted to 5' }] },
    });
    expect(messages.size).toBeGreaterThan(0);
    expect([...messages].every((message) => /^counted \d$/.test(message))).toBe(true);
    await client.close();
  });

  it('should send the Mcp-Name header with the task id on every task method', async () => {
    const client = await SnodoClient.connect(running.url);
    const { task } = await client.startTool('count_slowly', { to: 100 });
    await client.getTask(task!.taskId);
    await client.cancelTask(task!.taskId);
    const taskRequests = recording.exchanges.filter((e) => TASK_METHODS.has(e.method ?? ''));
    expect(taskRequests).toHaveLength(2);
    for (const exchange of taskRequests) {
      expect(exchange.requestHeaders['mcp-name']).toBe(task!.taskId);
    }
    expect((await client.getTask(task!.taskId)).status).toBe('cancelled');
    await client.close();
  });

  it('should refuse a task method whose Mcp-Name differs from the task id with -32020', async () => {
    const client = await SnodoClient.connect(running.url);
    const { task } = await client.startTool('count_slowly', { to: 100 });
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
    };
    const answer = await raw(running.url, {
      headers: {
        ...JSON_HEADERS,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tasks/get',
        'mcp-name': 'someone-else',
      },
      body: {
        jsonrpc: '2.0',
        id: 'x1',
        method: 'tasks/get',
        params: { taskId: task!.taskId, _meta: meta },
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ id: 'x1', error: { code: -32020 } });
    await client.cancelTask(task!.taskId);
    await client.close();
  });

  it('should surface input requests of a task, and resume it with the answers', async () => {
    const client = await SnodoClient.connect(running.url, { capabilities: { elicitation: {} } });
    const { task } = await client.startTool('ask_then_answer');
    const asked: string[] = [];
    const done = await client.waitForTask(task!.taskId, {
      pollIntervalMs: 10,
      onInputRequired: (requests) => {
        asked.push(...Object.values(requests).map((request) => request.method));
        return Object.fromEntries(
          Object.keys(requests).map((key) => [
            key,
            { action: 'accept', content: { colour: 'teal' } },
          ]),
        );
      },
    });
    expect(asked).toEqual(['elicitation/create']);
    expect(done).toMatchObject({
      status: 'completed',
      result: { content: [{ text: 'colour: {"colour":"teal"}' }] },
    });
    await client.close();
  });

  it('should answer a tool that needs a task with -32021 to a client without the extension', async () => {
    const client = await SnodoClient.connect(running.url);
    await expect(client.callTool('ask_then_answer')).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    });
    // A task tool that may run either way is a plain call for it.
    expect(await client.callTool('count_slowly', { to: 1 })).toMatchObject({
      resultType: 'complete',
      content: [{ text: 'counted to 1' }],
    });
    await client.close();
  });

  it('should authorize before creating a task: a guarded tool is unknown to a caller without the key', async () => {
    const stranger = await SnodoClient.connect(running.url);
    await expect(stranger.startTool('keyed_job')).rejects.toMatchObject({ code: -32602 });
    const keyed = await SnodoClient.connect(running.url, { headers: { 'X-Api-Key': API_KEY } });
    const { task } = await keyed.startTool('keyed_job');
    expect((await keyed.waitForTask(task!.taskId, { pollIntervalMs: 10 })).result).toMatchObject({
      content: [{ text: 'keyed job done' }],
    });
    await Promise.all([stranger.close(), keyed.close()]);
  });

  it('should keep a task to its creator: another caller gets -32602 as for an unknown task', async () => {
    const owner = await SnodoClient.connect(running.url, { bearerToken: 'token-of-ada' });
    const other = await SnodoClient.connect(running.url, { bearerToken: 'token-of-bob' });
    const { task } = await owner.startTool('count_slowly', { to: 100 });
    await expect(other.getTask(task!.taskId)).rejects.toMatchObject({ code: -32602 });
    await expect(other.cancelTask(task!.taskId)).rejects.toMatchObject({ code: -32602 });
    await expect(other.getTask('no-such-task')).rejects.toMatchObject({ code: -32602 });
    expect((await owner.getTask(task!.taskId)).status).toBe('working');
    await owner.cancelTask(task!.taskId);
    await Promise.all([owner.close(), other.close()]);
  });
});
