import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  TaskLimitError,
  isTerminal,
  type TaskQuota,
  type TaskRecord,
  type TaskStore,
} from '../core/internal.js';
import { command } from './redis-connection.js';

const STORE = 'the Redis task store';

/**
 * Creates a task within its client's quota, in one step: drops the client's entries that expired,
 * makes room from the client's tasks it has read (the one expiring first) when it is at its
 * quota, and refuses with the expiry of its first task when none is left; else stores the task
 * with its TTL and adds it to the client's set, scored by its expiry (so the count never drifts
 * when tasks expire), which lives as long as its last task. Every key shares the `{tasks}` hash
 * tag, the keys of read tasks it deletes included (named from ARGV[7]), so that the script runs
 * on one node of a Redis Cluster.
 *
 * KEYS: the task, the client's tasks, the client's read tasks. ARGV: the JSON, the TTL, now, the
 * quota (0: none), the expiry, the task id, the prefix of task keys.
 */
const CREATE = `
local now = tonumber(ARGV[3])
local max = tonumber(ARGV[4])
if max > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
  while redis.call('ZCARD', KEYS[2]) >= max do
    local read = redis.call('ZRANGE', KEYS[3], 0, 0)
    if #read == 0 then
      local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
      return {0, first[2]}
    end
    redis.call('ZREM', KEYS[3], read[1])
    redis.call('ZREM', KEYS[2], read[1])
    redis.call('DEL', ARGV[7] .. read[1])
  end
end
if not redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return {1} end
if max > 0 then
  redis.call('ZADD', KEYS[2], ARGV[5], ARGV[6])
  local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
  redis.call('PEXPIREAT', KEYS[2], last[2])
end
return {1}
`;

/**
 * Compare-and-set of a task: replaces the stored JSON (keeping its TTL) only when the stored task
 * is still at the expected version and not terminal. Redis runs a script atomically, so two
 * instances changing one task never overwrite each other.
 */
const REPLACE = `
local stored = redis.call('GET', KEYS[1])
if not stored then return 0 end
local task = cjson.decode(stored)
if task.version ~= tonumber(ARGV[2]) then return 0 end
if task.status == 'completed' or task.status == 'failed' or task.status == 'cancelled' then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL')
return 1
`;

/**
 * Marks a task of a client as read: adds it, with its expiry, to the client's read tasks, which
 * live as long as the client's set. KEYS: the task, the client's tasks, the client's read tasks.
 * ARGV: the task id.
 */
const MARK_READ = `
local score = redis.call('ZSCORE', KEYS[2], ARGV[1])
if not score or redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('ZADD', KEYS[3], score, ARGV[1])
redis.call('PEXPIRE', KEYS[3], redis.call('PTTL', KEYS[2]))
return 1
`;

/** A stored task, or `undefined` for a value that is not one (never trusted blindly). */
function parse(text: string | null): TaskRecord | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<TaskRecord> | null;
    if (
      typeof value !== 'object' ||
      value === null ||
      typeof value.taskId !== 'string' ||
      typeof value.version !== 'number' ||
      typeof value.status !== 'string'
    ) {
      return undefined;
    }
    return value as TaskRecord;
  } catch {
    return undefined;
  }
}

/**
 * Tasks of the tasks extension in Redis, one JSON value per task under
 * `<prefix>{tasks}:task:<id>` that Redis forgets at the task's `expiresAt`: any instance answers
 * `tasks/get`, `tasks/update` and `tasks/cancel`, and changes are compare-and-set (a Lua script),
 * so a terminal task never changes again. Each client's tasks are counted in a sorted set of their
 * ids scored by expiry (`<prefix>{tasks}:client:<digest>`), checked and added to in the same
 * script as the create, so that the quota (`tasks.maxTasksPerClient`) holds across instances;
 * the tasks it has read are a second set (`…:read:<digest>`), from which a client at its quota
 * makes room. All these keys share the `{tasks}` hash tag. How many bytes the tasks take in all
 * is bounded by the quota, the TTL and Redis's own memory policy (`maxmemory`); each result is
 * bounded by `tasks.maxResultBytes` before it is stored.
 * @publicApi
 */
export class RedisTaskStore implements TaskStore {
  /** The prefix of every task key (the read tasks the create script deletes are named with it). */
  private readonly taskPrefix: string;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {
    this.taskPrefix = `${keyPrefix}{tasks}:task:`;
  }

  private key(taskId: string): string {
    return `${this.taskPrefix}${taskId}`;
  }

  /** The keys of a client's tasks and read tasks (a digest of the client names them). */
  private clientKeys(client: string): [string, string] {
    const digest = createHash('sha256').update(client).digest('base64url');
    return [`${this.keyPrefix}{tasks}:client:${digest}`, `${this.keyPrefix}{tasks}:read:${digest}`];
  }

  async create(record: TaskRecord, quota?: TaskQuota): Promise<void> {
    const now = Date.now();
    const ttl = Math.max(1, record.expiresAt - now);
    const max = quota === undefined || record.client === undefined ? 0 : quota.maxTasksPerClient;
    const [tasks, read] = this.clientKeys(record.client ?? '');
    const reply = (await command(STORE, () =>
      this.redis.eval(
        CREATE,
        3,
        this.key(record.taskId),
        tasks,
        read,
        JSON.stringify(record),
        String(ttl),
        String(now),
        String(max),
        String(record.expiresAt),
        record.taskId,
        this.taskPrefix,
      ),
    )) as [number, string?];
    if (reply[0] === 1) return;
    throw new TaskLimitError(max, 'client', Math.max(0, Number(reply[1]) - now));
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const text = await command(STORE, () => this.redis.get(this.key(taskId)));
    return parse(text);
  }

  async replace(record: TaskRecord, expectedVersion: number): Promise<boolean> {
    const reply = await command(STORE, () =>
      this.redis.eval(
        REPLACE,
        1,
        this.key(record.taskId),
        JSON.stringify(record),
        String(expectedVersion),
      ),
    );
    return reply === 1;
  }

  async markFetched(record: TaskRecord): Promise<void> {
    if (record.client === undefined || !isTerminal(record.status)) return;
    const [tasks, read] = this.clientKeys(record.client);
    await command(STORE, () =>
      this.redis.eval(MARK_READ, 3, this.key(record.taskId), tasks, read, record.taskId),
    );
  }
}
