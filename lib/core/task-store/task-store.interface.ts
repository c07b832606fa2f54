import { MESSAGES } from '../errors/messages.constant.js';
import type { TaskRecord } from './task.js';

/**
 * What a {@link TaskStore} checks as it creates a task: the quota of the client the task counts
 * against (`record.client`), and the room to keep for the task's result. The task manager passes
 * the `tasks` options' values.
 * @publicApi
 */
export interface TaskQuota {
  /**
   * Tasks one client may hold in the store at once, running or ended (until they expire). At the
   * quota, the store first lets go of that client's own ended tasks whose result it has read
   * ({@link TaskStore.markFetched}), and throws {@link TaskLimitError} with the `client` scope if
   * none is left.
   */
  readonly maxTasksPerClient: number;
  /**
   * The largest result a task keeps (`tasks.maxResultBytes`): a store with a byte bound keeps that
   * much room for a task that has not ended, so that its result is never refused for want of it.
   */
  readonly maxResultBytes: number;
}

/**
 * Where tasks live. The in-memory default serves one process; a shared store (`redisStore()`)
 * lets any instance answer `tasks/get`, `tasks/update` and `tasks/cancel`. A store forgets a task
 * at its `expiresAt`. Every method may be asynchronous.
 *
 * Stores written before the per-client quota keep working: `create()` may ignore its `quota`
 * (then nothing bounds what one client holds in that store), and `markFetched()` is optional.
 * @publicApi
 */
export interface TaskStore {
  /**
   * Stores a new task, durably: `get()` on any instance finds it once this settles. Counting the
   * client's tasks and storing the new one are one atomic step, so that concurrent creates on
   * several instances never take a client past its quota.
   * @param quota the bounds to check, when the task manager asks for them.
   * @throws {TaskLimitError} when the store is full (`store` scope) or the client holds its quota
   *   (`client` scope).
   */
  create(record: TaskRecord, quota?: TaskQuota): void | Promise<void>;
  /** The task with this id, or `undefined` if it is unknown or expired. */
  get(taskId: string): TaskRecord | undefined | Promise<TaskRecord | undefined>;
  /**
   * Replaces a task if the stored one is still at `expectedVersion` and not terminal.
   * @returns whether it was replaced.
   */
  replace(record: TaskRecord, expectedVersion: number): boolean | Promise<boolean>;
  /**
   * Notes that the owner of a terminal task has read it (`tasks/get` answered with its result,
   * or its owner cancelled it): the store may let it go before it expires when it needs room,
   * before refusing anyone. Optional: a store without it keeps every task to its expiry.
   */
  markFetched?(record: TaskRecord): void | Promise<void>;
}

/**
 * Which bound a {@link TaskLimitError} hit: the tasks the store holds (`store`), the bytes it holds
 * (`bytes`), or the tasks of one client (`client`).
 * @publicApi
 */
export type TaskLimitScope = 'store' | 'bytes' | 'client';

const LIMIT_MESSAGES: Readonly<Record<TaskLimitScope, (max: number) => string>> = {
  store: MESSAGES.TASK_STORE_FULL,
  bytes: MESSAGES.TASK_STORE_BYTES_FULL,
  client: MESSAGES.TASK_CLIENT_QUOTA,
};

/** Thrown by a {@link TaskStore} that holds as many tasks as it may. @publicApi */
export class TaskLimitError extends Error {
  /**
   * @param max the bound that was hit: tasks or bytes of the store, or tasks of the client.
   * @param scope which bound it is (see {@link TaskLimitScope}).
   * @param retryAfterMs when room is sure to be made (the next task to expire), if known.
   */
  constructor(
    readonly max: number,
    readonly scope: TaskLimitScope = 'store',
    readonly retryAfterMs?: number,
  ) {
    super(LIMIT_MESSAGES[scope](max));
    this.name = 'TaskLimitError';
  }
}
