import type { Redis } from 'ioredis';
import type { TaskRecord, TaskStore } from '../core/index.js';
import { command } from './redis-connection.js';

const STORE = 'the Redis task store';

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
 * Tasks of the tasks extension in Redis, one JSON value per task under `<prefix>task:<id>` that
 * Redis forgets at the task's `expiresAt`: any instance answers `tasks/get`, `tasks/update` and
 * `tasks/cancel`, and changes are compare-and-set (a Lua script), so a terminal task never
 * changes again. How many tasks it holds is bounded by their TTL and by Redis's own memory
 * policy.
 * @publicApi
 */
export class RedisTaskStore implements TaskStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  private key(taskId: string): string {
    return `${this.keyPrefix}task:${taskId}`;
  }

  async create(record: TaskRecord): Promise<void> {
    const ttl = Math.max(1, record.expiresAt - Date.now());
    await command(STORE, () =>
      this.redis.set(this.key(record.taskId), JSON.stringify(record), 'PX', ttl, 'NX'),
    );
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
}
