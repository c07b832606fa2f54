import { InMemoryTaskStore } from './in-memory-task.store.js';
import { jsonBytes, type TaskRecord } from './task.js';
import { TaskLimitError, type TaskQuota } from './task-store.interface.js';

let next = 1;

/** A working task of a client, expiring `ttlMs` from now. */
function task(client: string | undefined, ttlMs = 60_000, extra: Partial<TaskRecord> = {}) {
  const now = Date.now();
  const at = new Date(now).toISOString();
  const record: TaskRecord = {
    taskId: `task-${next++}`,
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
    ...extra,
  };
  return record;
}

/** The task, completed with a text result of `size` characters. */
const completed = (record: TaskRecord, size = 10): TaskRecord => ({
  ...record,
  status: 'completed',
  version: record.version + 1,
  result: { resultType: 'complete', content: [{ type: 'text', text: 'x'.repeat(size) }] },
});

const QUOTA: TaskQuota = { maxTasksPerClient: 2, maxResultBytes: 1_000 };

/** What `create()` threw, as a {@link TaskLimitError}. */
function refusal(run: () => void): TaskLimitError {
  try {
    run();
  } catch (error) {
    if (error instanceof TaskLimitError) return error;
    throw error;
  }
  throw new Error('create() took the task');
}

describe('InMemoryTaskStore', () => {
  describe('the quota of a client', () => {
    it('should refuse a client at its quota with the client scope and when its first task expires, and take other clients’ tasks', () => {
      const store = new InMemoryTaskStore();
      store.create(task('a', 30_000), QUOTA);
      store.create(task('a', 60_000), QUOTA);
      const refused = refusal(() => store.create(task('a'), QUOTA));
      expect(refused).toMatchObject({ scope: 'client', max: 2 });
      expect(refused.message).toMatch(/client holds its maximum of 2 tasks/);
      expect(refused.retryAfterMs).toBeGreaterThan(29_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(30_000);
      store.create(task('b'), QUOTA);
      expect(store.size).toBe(3);
    });

    it('should count ended tasks until they are read, then make room from the client’s own read tasks', () => {
      const store = new InMemoryTaskStore();
      const first = task('a');
      store.create(first, QUOTA);
      store.create(task('a'), QUOTA);
      const done = completed(first);
      expect(store.replace(done, 1)).toBe(true);
      expect(() => store.create(task('a'), QUOTA)).toThrow(TaskLimitError);
      store.markFetched(done);
      const third = task('a');
      store.create(third, QUOTA);
      expect(store.get(first.taskId)).toBeUndefined();
      expect(store.get(third.taskId)).toBeDefined();
    });

    it('should never mark a task that has not ended as read', () => {
      const store = new InMemoryTaskStore();
      const first = task('a');
      store.create(first, QUOTA);
      store.create(task('a'), QUOTA);
      store.markFetched(first);
      expect(() => store.create(task('a'), QUOTA)).toThrow(TaskLimitError);
      expect(store.get(first.taskId)).toBeDefined();
    });

    it('should not count the tasks of a client once they expired', async () => {
      const store = new InMemoryTaskStore();
      store.create(task('a', 20), QUOTA);
      store.create(task('a', 20), QUOTA);
      await new Promise((resolve) => setTimeout(resolve, 40));
      store.create(task('a'), QUOTA);
      store.create(task('a'), QUOTA);
      expect(store.size).toBe(2);
    });

    it('should hold tasks without a client, or created without a quota, outside any quota', () => {
      const store = new InMemoryTaskStore();
      for (let i = 0; i < 5; i++) store.create(task(undefined), QUOTA);
      for (let i = 0; i < 5; i++) store.create(task('a'));
      expect(store.size).toBe(10);
    });
  });

  describe('when full', () => {
    it('should make room from read tasks of any client before refusing, and never evict a live or unread task', () => {
      const store = new InMemoryTaskStore(3);
      const quota = { ...QUOTA, maxTasksPerClient: 10 };
      const live = task('a');
      const unread = task('a');
      const read = task('b');
      for (const record of [live, unread, read]) store.create(record, quota);
      store.replace(completed(unread), 1);
      store.replace(completed(read), 1);
      store.markFetched(completed(read));
      const fourth = task('c');
      store.create(fourth, quota);
      expect(store.get(read.taskId)).toBeUndefined();
      const refused = refusal(() => store.create(task('c'), quota));
      expect(refused).toMatchObject({ scope: 'store', max: 3 });
      for (const kept of [live, unread, fourth]) expect(store.get(kept.taskId)).toBeDefined();
    });

    it('should take the old form of its options, the most tasks held', () => {
      const store = new InMemoryTaskStore(1);
      store.create(task('a'));
      expect(refusal(() => store.create(task('b')))).toMatchObject({ scope: 'store', max: 1 });
    });
  });

  describe('the byte bound', () => {
    it('should count each task’s JSON, and room for the result of each task that has not ended', () => {
      const store = new InMemoryTaskStore({ maxTotalBytes: 100_000 });
      const record = task('a');
      store.create(record, QUOTA);
      expect(store.bytes).toBe(jsonBytes(record));
      expect(store.reservedBytes).toBe(1_000);
      const done = completed(record, 500);
      store.replace(done, 1);
      expect(store.bytes).toBe(jsonBytes(done));
      expect(store.reservedBytes).toBe(0);
    });

    it('should refuse a task that would take the store past maxTotalBytes, and make room from read tasks first', () => {
      const size = jsonBytes(task('a'));
      const quota = { maxTasksPerClient: 100, maxResultBytes: 2_000 };
      // Room for two running tasks, not three.
      const store = new InMemoryTaskStore({ maxTotalBytes: 2 * (size + 2_000) + 100 });
      const first = task('a');
      store.create(first, quota);
      store.create(task('b'), quota);
      const refused = refusal(() => store.create(task('c'), quota));
      expect(refused).toMatchObject({ scope: 'bytes', max: 2 * (size + 2_000) + 100 });
      const done = completed(first, 1_500);
      store.replace(done, 1);
      store.markFetched(done);
      store.create(task('c'), quota);
      expect(store.get(first.taskId)).toBeUndefined();
      expect(store.bytes + store.reservedBytes).toBeLessThanOrEqual(2 * (size + 2_000) + 100);
    });

    it('should give back what an expired task held', async () => {
      const store = new InMemoryTaskStore();
      store.create(task('a', 20), QUOTA);
      await new Promise((resolve) => setTimeout(resolve, 40));
      const record = task('b');
      store.create(record, QUOTA);
      expect(store.size).toBe(1);
      expect(store.bytes).toBe(jsonBytes(record));
      expect(store.reservedBytes).toBe(1_000);
    });
  });

  it('should change a task only by compare-and-set, never once it is terminal, keeping its expiry', async () => {
    const store = new InMemoryTaskStore();
    const record = task('a', 30);
    store.create(record, QUOTA);
    expect(store.replace({ ...record, version: 2, expiresAt: Date.now() + 60_000 }, 2)).toBe(false);
    expect(store.replace({ ...record, version: 2, expiresAt: Date.now() + 60_000 }, 1)).toBe(true);
    expect(store.replace({ ...record, version: 3, status: 'cancelled' }, 2)).toBe(true);
    expect(store.replace({ ...record, version: 4, status: 'working' }, 3)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.get(record.taskId)).toBeUndefined();
  });
});
