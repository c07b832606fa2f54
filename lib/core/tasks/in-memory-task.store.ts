import { LRUCache } from 'lru-cache';
import { isTerminal, type TaskRecord } from './task.js';
import { TaskLimitError, type TaskStore } from './task-store.interface.js';

/**
 * Tasks in this process's memory, each forgotten at its `expiresAt`. At most `maxTasks` are held:
 * when full, expired tasks go first, and a new task is refused rather than a live one evicted.
 * @publicApi
 */
export class InMemoryTaskStore implements TaskStore {
  private readonly tasks: LRUCache<string, TaskRecord>;

  constructor(private readonly maxTasks = 10_000) {
    // Never evicts by itself (the size check below comes first); ttl per task.
    this.tasks = new LRUCache<string, TaskRecord>({ max: maxTasks + 1, ttlAutopurge: false });
  }

  create(record: TaskRecord): void {
    if (this.tasks.size >= this.maxTasks) {
      this.tasks.purgeStale();
      if (this.tasks.size >= this.maxTasks) throw new TaskLimitError(this.maxTasks);
    }
    this.tasks.set(record.taskId, record, { ttl: Math.max(1, record.expiresAt - Date.now()) });
  }

  get(taskId: string): TaskRecord | undefined {
    return this.tasks.get(taskId, { updateAgeOnGet: false });
  }

  replace(record: TaskRecord, expectedVersion: number): boolean {
    const stored = this.get(record.taskId);
    if (stored === undefined || stored.version !== expectedVersion || isTerminal(stored.status)) {
      return false;
    }
    const ttl = Math.max(1, stored.expiresAt - Date.now());
    this.tasks.set(record.taskId, record, { ttl });
    return true;
  }

  /** How many tasks are held (expired ones until they are purged). */
  get size(): number {
    return this.tasks.size;
  }
}
