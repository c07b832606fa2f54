// Tasks across instances: two instances of the built sample share their tasks through a real
// redis-server, so a task started on one is polled, fed and cancelled on the other.
// Run with `npm run test:scale` (needs redis-server; .ci/run installs it).
import { SnodoClient } from '../../lib/client/index.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { taskRequest } from '../helpers/task-requests.js';
import { taskMessageProblems } from '../helpers/tasks-schema.js';
import { startRedis } from '../helpers/redis-server.js';
import { startInstance } from '../helpers/sample-instance.js';

type Instance = Awaited<ReturnType<typeof startInstance>>;
type Redis = Awaited<ReturnType<typeof startRedis>>;

/** Polls `check` until it holds, for at most 10 s. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 10_000; !(await check());) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('tasks on two instances sharing Redis', () => {
  let redis: Redis;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url };
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  it('should let B poll a task that A runs, to its result', async () => {
    const onA = await SnodoClient.connect(a.url);
    const onB = await SnodoClient.connect(b.url);
    const started = await onA.startTool('audit_packages', { seconds: 1 });
    const taskId = started.task!.taskId;
    expect((await onB.getTask(taskId)).status).toBe('working');
    const done = await onB.waitForTask(taskId, { pollIntervalMs: 50 });
    expect(done.status).toBe('completed');
    expect(JSON.stringify(done.result)).toContain('no known advisories');
    await Promise.all([onA.close(), onB.close()]);
  });

  it('should let B cancel a task that A runs', async () => {
    const onA = await SnodoClient.connect(a.url);
    const onB = await SnodoClient.connect(b.url);
    const started = await onA.startTool('audit_packages', { seconds: 120 });
    const taskId = started.task!.taskId;
    await eventually(async () => (await onA.getTask(taskId)).statusMessage !== undefined);
    await onB.cancelTask(taskId);
    expect((await onA.getTask(taskId)).status).toBe('cancelled');
    expect((await onB.getTask(taskId)).status).toBe('cancelled');
    await Promise.all([onA.close(), onB.close()]);
  });

  it('should hide a task from another caller on every instance', async () => {
    const owner = await SnodoClient.connect(a.url, { bearerToken: 'owner-token' });
    const other = await SnodoClient.connect(b.url, { bearerToken: 'someone-else' });
    const started = await owner.startTool('audit_packages', { seconds: 0 });
    await expect(other.getTask(started.task!.taskId)).rejects.toMatchObject({ code: -32602 });
    await expect(owner.waitForTask(started.task!.taskId)).resolves.toMatchObject({
      status: 'completed',
    });
    await Promise.all([owner.close(), other.close()]);
  });

  it('should hold one client to its quota on both instances together (maxTasksPerClient)', async () => {
    // The sample's default quota: 50 tasks a client. 127.0.0.3 is a client no other test uses.
    const audit = { name: 'audit_packages', arguments: { seconds: 0 } };
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        taskRequest(i % 2 === 0 ? a.url : b.url, 'tools/call', audit, { from: '127.0.0.3' }),
      ),
    );
    const started = answers.filter((answer) => answer.json.result?.resultType === 'task');
    const refused = answers.filter((answer) => answer.status === 429);
    expect(started).toHaveLength(50);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      expect(answer.json.error?.message).toMatch(/tasks\.maxTasksPerClient/);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(3_500);
    }
    const other = await taskRequest(b.url, 'tools/call', audit, { from: '127.0.0.4' });
    expect(other.json.result).toMatchObject({ resultType: 'task' });
    const schemas = new McpSchemaValidator();
    const problems = [...answers, other].flatMap(({ json }) =>
      json.result === undefined
        ? schemas.checkServerMessage('2026-07-28', 'tools/call', json)
        : taskMessageProblems('tools/call', json),
    );
    expect(problems).toEqual([]);
  });
});
