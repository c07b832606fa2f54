export { InMemoryTaskStore, type InMemoryTaskStoreOptions } from './in-memory-task.store.js';
export {
  TaskLimitError,
  type TaskLimitScope,
  type TaskQuota,
  type TaskStore,
} from './task-store.interface.js';
export {
  TASKS_EXTENSION,
  TASK_METHODS,
  type TaskMethod,
  isTerminal,
  type TaskRecord,
  type TaskStatus,
  type TaskView,
} from './task.js';
export type { TasksOptions } from './tasks-options.js';
