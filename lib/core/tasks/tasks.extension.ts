import type { ServerExtension } from '../extensions/server-extension.js';
import { InMemoryTaskStore } from '../task-store/in-memory-task.store.js';
import { tasksCancel } from './methods/tasks-cancel.js';
import { tasksGet } from './methods/tasks-get.js';
import { subscriptionsListenWithTasks } from './methods/subscriptions-listen.task.js';
import { tasksUpdate } from './methods/tasks-update.js';
import { toolsCallWithTasks } from './methods/tools-call.task.js';
import { TaskManager } from './task-manager.js';
import { TASKS_EXTENSION } from '../task-store/task.js';
import { resolveTasksOptions, type TasksOptions } from '../task-store/tasks-options.js';

/**
 * The tasks extension (SEP-2663): tools with task support run as tasks for clients that declared
 * it, polled with `tasks/get`, fed with `tasks/update` and cancelled with `tasks/cancel`.
 * @internal
 */
export interface TasksExtension extends ServerExtension {
  readonly manager: TaskManager;
}

/**
 * Builds the tasks extension from its options: tasks in `options.store` (shared: cancellations
 * made on other instances are watched for), or in this process's memory.
 * @throws {Error} for an invalid option.
 * @internal
 */
export function createTasksExtension(
  options: TasksOptions | undefined,
  report: (error: unknown) => void,
): TasksExtension {
  const resolved = resolveTasksOptions(options);
  const store =
    resolved.store ??
    new InMemoryTaskStore({ maxTasks: resolved.maxTasks, maxTotalBytes: resolved.maxTotalBytes });
  const manager = new TaskManager(resolved, store, resolved.store !== undefined, report);
  return Object.freeze({
    id: TASKS_EXTENSION,
    settings: Object.freeze({}),
    methods: Object.freeze([tasksGet(manager), tasksUpdate(manager), tasksCancel(manager)]),
    replaces: Object.freeze([toolsCallWithTasks(manager), subscriptionsListenWithTasks(manager)]),
    manager,
  });
}
