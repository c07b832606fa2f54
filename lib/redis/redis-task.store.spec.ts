// RedisTaskStore against a real redis-server (npm run test:scale; .ci/run installs redis-server):
// the per-client quota, atomic with each create and held across instances, its count kept by
// expiry, the room read tasks make, one hash tag for every key a script touches, and changes by
// compare-and-set only.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { TaskLimitError, type TaskQuota, type TaskRecord } from '../core/internal.js';
import { startRedis, type RedisServer } from '../../test/helpers/redis-server.js';
import { RedisTaskStore } from './redis-task.store.js';

let next = 1;

/** A working task of a client (none: `undefined`), expiring `ttlMs` from now. */
function task(client: string | undefined, ttlMs = 60_000): TaskRecord {
  const now = Date.now();
  const at = new Date(now).toISOString();
  return {
    taskId: `t${next++}`,
    status: 'working',
    createdAt: at,
    lastUpdatedAt: at,
    ttlMs,
    pollIntervalMs: 100,
    version: 1,
    expiresAt: now + ttlMs,
    ...(client === undefined ? {} : { client }),
    tool: 'slow',
    arguments: {},
    protocolVersion: '2026-07-28',
    clientCapabilities: {},
    answers: {},
  };
}

const completed = (record: TaskRecord): TaskRecord => ({
  ...record,
  status: 'completed',
  version: record.version + 1,
  result: { resultType: 'complete', content: [{ type: 'text', text: 'done' }] },
});

/** The sorted set of a client's tasks, as docs/tasks.md names it. */
const clientKey = (client: string): string =>
  `q:{tasks}:client:${createHash('sha256').update(client).digest('base64url')}`;

/** The hash tag Redis Cluster places a key by: the first `{…}` with something inside. */
function hashTag(key: string): string {
  const open = key.indexOf('{');
  const close = open < 0 ? -1 : key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : key;
}

describe('RedisTaskStore', () => {
  let redis: RedisServer;
  /** Two instances' stores, each on its own connection. */
  let a: RedisTaskStore;
  let b: RedisTaskStore;
  let connections: Redis[];
  let inspect: Redis;

  /** Whether `create()` on `store` took the task, or the TaskLimitError it threw. */
  async function outcome(
    store: RedisTaskStore,
    record: TaskRecord,
    quota: TaskQuota,
  ): Promise<'created' | TaskLimitError> {
    try {
      await store.create(record, quota);
      return 'created';
    } catch (error) {
      if (error instanceof TaskLimitError) return error;
      throw error;
    }
  }

  beforeAll(async () => {
    redis = await startRedis();
    connections = [new Redis(redis.url), new Redis(redis.url)];
    a = new RedisTaskStore(connections[0]!, 'q:');
    b = new RedisTaskStore(connections[1]!, 'q:');
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all([...connections, inspect].map((connection) => connection.quit()));
    await redis.stop();
  });

  it('should keep a task with its TTL, and change it only by compare-and-set until it ends', async () => {
    const record = { ...task(undefined, 5_000), taskId: 'cas' };
    await a.create(record);
    expect(await b.get('cas')).toEqual(record);
    const ttl = await inspect.pttl('q:{tasks}:task:cas');
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
    expect(await b.replace({ ...record, version: 2, statusMessage: 'b' }, 1)).toBe(true);
    expect(await a.replace({ ...record, version: 2, statusMessage: 'a' }, 1)).toBe(false);
    expect(await a.get('cas')).toMatchObject({ version: 2, statusMessage: 'b' });
    expect(await a.replace({ ...record, version: 3, status: 'cancelled' }, 2)).toBe(true);
    expect(await b.replace({ ...record, version: 4, status: 'working' }, 3)).toBe(false);
    expect(await a.get('cas')).toMatchObject({ status: 'cancelled', version: 3 });
    expect(await inspect.pttl('q:{tasks}:task:cas')).toBeGreaterThan(3_000);
    expect(await a.replace({ ...task(undefined), taskId: 'missing' }, 1)).toBe(false);
    expect(await inspect.exists('q:{tasks}:task:missing')).toBe(0);
  });

  it('should answer nothing for a task that is not there or not a task, and never overwrite one by its id', async () => {
    await inspect.set('q:{tasks}:task:junk', 'not json');
    await inspect.set('q:{tasks}:task:other', '{"taskId":"other","status":"working"}');
    expect(await a.get('junk')).toBeUndefined();
    expect(await a.get('other')).toBeUndefined();
    expect(await a.get('missing')).toBeUndefined();
    const first = { ...task(undefined), taskId: 'taken' };
    await a.create(first);
    await b.create({ ...task(undefined), taskId: 'taken', tool: 'another' });
    expect(await a.get('taken')).toEqual(first);
  });

  it('should hold a client to its quota across instances, under concurrent creates', async () => {
    const quota = { maxTasksPerClient: 5, maxResultBytes: 1_000 };
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => outcome(i % 2 === 0 ? a : b, task('busy'), quota)),
    );
    const created = outcomes.filter((o) => o === 'created');
    const refused = outcomes.filter((o): o is TaskLimitError => o instanceof TaskLimitError);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(35);
    for (const error of refused) {
      expect(error).toMatchObject({ scope: 'client', max: 5 });
      expect(error.retryAfterMs).toBeGreaterThan(55_000);
      expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
    expect(await outcome(b, task('calm'), quota)).toBe('created');
  });

  it('should stop counting a client’s tasks as they expire, and let its set go with the last', async () => {
    const quota = { maxTasksPerClient: 2, maxResultBytes: 1_000 };
    await a.create(task('brief', 200), quota);
    await b.create(task('brief', 200), quota);
    expect(await outcome(a, task('brief', 200), quota)).toBeInstanceOf(TaskLimitError);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outcome(a, task('brief', 200), quota)).toBe('created');
    expect(await outcome(b, task('brief', 200), quota)).toBe('created');
    expect(await inspect.zcard(clientKey('brief'))).toBe(2);
    expect(await inspect.pttl(clientKey('brief'))).toBeLessThanOrEqual(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await inspect.exists(clientKey('brief'))).toBe(0);
  });

  it('should make room at the quota from the tasks the client read, and only those', async () => {
    const quota = { maxTasksPerClient: 2, maxResultBytes: 1_000 };
    const first = task('reader');
    const second = task('reader');
    await a.create(first, quota);
    await a.create(second, quota);
    // A task still working is never counted as read.
    await b.markFetched(second);
    expect(await outcome(b, task('reader'), quota)).toBeInstanceOf(TaskLimitError);
    const done = completed(first);
    expect(await b.replace(done, 1)).toBe(true);
    await b.markFetched(done);
    const third = task('reader');
    expect(await outcome(a, third, quota)).toBe('created');
    expect(await a.get(first.taskId)).toBeUndefined();
    expect(await inspect.exists(`q:{tasks}:task:${first.taskId}`)).toBe(0);
    expect(await b.get(second.taskId)).toMatchObject({ status: 'working' });
    expect(await b.get(third.taskId)).toMatchObject({ client: 'reader' });
  });

  it('should keep every key of the tasks under one hash tag, for Redis Cluster', async () => {
    const record = task('tagged');
    await a.create(record, { maxTasksPerClient: 3, maxResultBytes: 1_000 });
    const done = completed(record);
    await a.replace(done, 1);
    await a.markFetched(done);
    const keys = await inspect.keys('q:*');
    const taskKeys = keys.filter((key) => key.includes('tasks'));
    expect(taskKeys.length).toBeGreaterThan(5);
    expect(new Set(taskKeys.map(hashTag))).toEqual(new Set(['tasks']));
    expect(taskKeys.some((key) => key.includes(':read:'))).toBe(true);
  });

  it('should still create without a quota, as stores were called before it existed', async () => {
    const record = task('unbounded');
    for (let i = 0; i < 3; i++) await a.create(task('unbounded'));
    await a.create(record);
    expect(await b.get(record.taskId)).toEqual(record);
    expect(await inspect.exists(clientKey('unbounded'))).toBe(0);
  });
});
