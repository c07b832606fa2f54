import { MESSAGES } from '../errors/messages.constant.js';
import type { TaskStore } from './task-store.interface.js';

/**
 * Options of the tasks extension (`io.modelcontextprotocol/tasks`, turned on by its id in the
 * `extensions` option). Every bound has a safe default and is checked at bootstrap.
 * @publicApi
 */
export interface TasksOptions {
  /** How long a task is kept after its creation, finished or not (`ttlMs`). @default 3_600_000 */
  ttlMs?: number;
  /** The polling interval suggested to clients (`pollIntervalMs`). @default 1_000 */
  pollIntervalMs?: number;
  /**
   * Tasks held at once by the in-memory store. When it is full, ended tasks whose result their
   * owner has read (`tasks/get`) make room first; when none is left, a new task is refused
   * (-32600, HTTP 429, `Retry-After`).
   * @default 10_000
   */
  maxTasks?: number;
  /**
   * Tasks one client may hold at once, running or ended until they expire, in any built-in store
   * (counted atomically with each create; in Redis, across instances). The client is the verified
   * caller when the server checks bearer tokens (`auth`), else the address the request comes from;
   * over stdio, the one client. At its quota, the client's own ended tasks that it has read make
   * room; when none is left, its new task is refused (-32600, HTTP 429, `Retry-After`), and other
   * clients still start theirs. The default keeps one client to a tenth of `maxTasks` at most, and
   * to half of the default `maxRunning`, so that one client running its whole quota leaves half
   * the running slots to others. At most `maxTasks`.
   * @default 50, or a tenth of maxTasks when that is less (at least 1)
   */
  maxTasksPerClient?: number;
  /**
   * Tasks running at once in this process; a task-augmented call beyond it is refused (-32600,
   * HTTP 429, and `Retry-After`: the polling interval in whole seconds, at least 1) until one
   * ends.
   * @default 100
   */
  maxRunning?: number;
  /**
   * The largest result (or error) a task keeps, in bytes of its JSON, in any store: a larger one
   * is replaced, before it is stored, by an `isError` result (a `failed` task: a -32603 error)
   * that says how large it was and what the bound is. 1 MiB of text is far more than a model's
   * context takes; raise it for tools whose task results carry large images or files.
   * @default 1_048_576 (1 MiB)
   */
  maxResultBytes?: number;
  /**
   * Bytes the in-memory store holds at once: the JSON of every task, plus `maxResultBytes` of room
   * for the result of each task that has not ended, so that an accepted task's result is never
   * refused for want of room (with the defaults, about 250 tasks at most are running or waiting
   * for input at once). When it is full, ended tasks whose result was read make room first; when none
   * is left, a new task is refused (-32600, HTTP 429, `Retry-After`). Redis is bounded by its own
   * memory policy instead (docs/tasks.md). At least `maxResultBytes`.
   * @default 268_435_456 (256 MiB)
   */
  maxTotalBytes?: number;
  /** Where tasks live. @default the shared `store`'s, or in memory */
  store?: TaskStore;
}

/** The options with their defaults, checked. @internal */
export interface ResolvedTasksOptions {
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  readonly maxTasks: number;
  readonly maxTasksPerClient: number;
  readonly maxRunning: number;
  readonly maxResultBytes: number;
  readonly maxTotalBytes: number;
  readonly store: TaskStore | undefined;
  /** The `Retry-After` of a refusal that only the end of a running task lifts, in seconds. */
  readonly retryAfterSeconds: number;
}

const DAY = 86_400_000;
const GIB = 1_073_741_824;

function whole(value: unknown, fallback: number, name: string, max: number): number {
  const chosen = value ?? fallback;
  if (typeof chosen !== 'number' || !Number.isInteger(chosen) || chosen < 1 || chosen > max) {
    throw new Error(MESSAGES.BAD_TASKS_OPTION(name, max));
  }
  return chosen;
}

/**
 * The `tasks` option, checked.
 * @throws {Error} naming the option at fault.
 * @internal
 */
export function resolveTasksOptions(options: TasksOptions | undefined): ResolvedTasksOptions {
  const given = options ?? {};
  if (typeof given !== 'object' || given === null) throw new Error(MESSAGES.BAD_TASKS_OPTIONS);
  const store = given.store;
  if (
    store !== undefined &&
    (typeof store !== 'object' ||
      store === null ||
      typeof store.create !== 'function' ||
      typeof store.get !== 'function' ||
      typeof store.replace !== 'function')
  ) {
    throw new Error(MESSAGES.BAD_TASK_STORE);
  }
  const maxTasks = whole(given.maxTasks, 10_000, 'maxTasks', 10_000_000);
  const perClient = Math.max(1, Math.min(50, Math.floor(maxTasks / 10)));
  const maxTasksPerClient = whole(
    given.maxTasksPerClient,
    perClient,
    'maxTasksPerClient',
    10_000_000,
  );
  if (maxTasksPerClient > maxTasks) throw new Error(MESSAGES.BAD_TASKS_PER_CLIENT);
  const maxResultBytes = whole(given.maxResultBytes, 1_048_576, 'maxResultBytes', GIB);
  const maxTotalBytes = whole(given.maxTotalBytes, 256 * 1_048_576, 'maxTotalBytes', 1024 * GIB);
  if (maxResultBytes > maxTotalBytes) throw new Error(MESSAGES.BAD_TASKS_BYTES);
  const pollIntervalMs = whole(given.pollIntervalMs, 1_000, 'pollIntervalMs', DAY);
  return Object.freeze({
    ttlMs: whole(given.ttlMs, 3_600_000, 'ttlMs', 30 * DAY),
    pollIntervalMs,
    maxTasks,
    maxTasksPerClient,
    maxRunning: whole(given.maxRunning, 100, 'maxRunning', 1_000_000),
    maxResultBytes,
    maxTotalBytes,
    store,
    retryAfterSeconds: Math.max(1, Math.ceil(pollIntervalMs / 1000)),
  });
}
