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
  /** Tasks held at once by the in-memory store; more are refused. @default 10_000 */
  maxTasks?: number;
  /**
   * Tasks running at once in this process; a task-augmented call beyond it is refused (-32600,
   * HTTP 429) until one ends.
   * @default 100
   */
  maxRunning?: number;
  /** Where tasks live. @default the shared `store`'s, or in memory */
  store?: TaskStore;
}

/** The options with their defaults, checked. @internal */
export interface ResolvedTasksOptions {
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  readonly maxTasks: number;
  readonly maxRunning: number;
  readonly store: TaskStore | undefined;
}

const DAY = 86_400_000;

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
  return Object.freeze({
    ttlMs: whole(given.ttlMs, 3_600_000, 'ttlMs', 30 * DAY),
    pollIntervalMs: whole(given.pollIntervalMs, 1_000, 'pollIntervalMs', DAY),
    maxTasks: whole(given.maxTasks, 10_000, 'maxTasks', 10_000_000),
    maxRunning: whole(given.maxRunning, 100, 'maxRunning', 1_000_000),
    store,
  });
}
