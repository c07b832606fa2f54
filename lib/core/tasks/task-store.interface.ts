import { MESSAGES } from '../errors/messages.constant.js';
import type { TaskRecord } from './task.js';

/**
 * Where tasks live. The in-memory default serves one process; a shared store (`redisStore()`)
 * lets any instance answer `tasks/get`, `tasks/update` and `tasks/cancel`. A store forgets a task
 * at its `expiresAt`. Every method may be asynchronous.
 * @publicApi
 */
export interface TaskStore {
  /**
   * Stores a new task, durably: `get()` on any instance finds it once this settles.
   * @throws {TaskLimitError} when the store is full.
   */
  create(record: TaskRecord): void | Promise<void>;
  /** The task with this id, or `undefined` if it is unknown or expired. */
  get(taskId: string): TaskRecord | undefined | Promise<TaskRecord | undefined>;
  /**
   * Replaces a task if the stored one is still at `expectedVersion` and not terminal.
   * @returns whether it was replaced.
   */
  replace(record: TaskRecord, expectedVersion: number): boolean | Promise<boolean>;
}

/** Thrown by a {@link TaskStore} that holds as many tasks as it may. @publicApi */
export class TaskLimitError extends Error {
  constructor(readonly max: number) {
    super(MESSAGES.TASK_STORE_FULL(max));
    this.name = 'TaskLimitError';
  }
}
