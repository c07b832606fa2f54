import { isTerminal, jsonBytes, type TaskRecord } from './task.js';
import { TaskLimitError, type TaskQuota, type TaskStore } from './task-store.interface.js';

/** Options of {@link InMemoryTaskStore}. @publicApi */
export interface InMemoryTaskStoreOptions {
  /** Tasks held at once. @default 10_000 */
  maxTasks?: number;
  /**
   * Bytes held at once: the JSON of every task, plus, for each task that has not ended, room for
   * its result (the `maxResultBytes` of the quota it was created with).
   * @default 268_435_456 (256 MiB)
   */
  maxTotalBytes?: number;
}

/** One held task, with what the store counts of it. */
interface Held {
  record: TaskRecord;
  /** The bytes of its JSON. */
  bytes: number;
  /** Room kept for its result until it ends. */
  reserved: number;
  /** Its owner read it after it ended: it may go before it expires, when room is needed. */
  fetched: boolean;
  /** When it was created to expire (a replacement does not move it). */
  readonly expiresAt: number;
  readonly client: string | undefined;
}

/**
 * Tasks in this process's memory, each forgotten at its `expiresAt`. At most `maxTasks` tasks and
 * `maxTotalBytes` bytes are held, and one client holds at most the quota's `maxTasksPerClient`.
 * When a bound is reached, ended tasks whose owner has read them go first (the oldest read first);
 * a task still running, or one whose result nobody read, is never evicted: the new task is refused
 * instead ({@link TaskLimitError}). That order is not an LRU cache's (lru-cache evicts by recency,
 * live tasks included), so the tasks are kept in maps in creation order, and the expired ones, at
 * the front, go before each new task.
 * @publicApi
 */
export class InMemoryTaskStore implements TaskStore {
  /** Every task, in creation order (the order in which they expire, for one TTL). */
  private readonly tasks = new Map<string, Held>();
  /** The ids of each client's tasks, in creation order. */
  private readonly clients = new Map<string, Set<string>>();
  /** Tasks read after they ended, in the order they were read. */
  private readonly fetched = new Set<string>();
  private heldBytes = 0;
  private heldReserved = 0;
  private readonly maxTasks: number;
  private readonly maxTotalBytes: number;

  /** @param options the bounds, or (as before) the most tasks held. */
  constructor(options: number | InMemoryTaskStoreOptions = {}) {
    const given = typeof options === 'number' ? { maxTasks: options } : options;
    this.maxTasks = given.maxTasks ?? 10_000;
    this.maxTotalBytes = given.maxTotalBytes ?? 268_435_456;
  }

  /**
   * Stores a new task, first letting go of expired tasks and, when a bound is reached, of ended
   * tasks their owner has read.
   * @throws {TaskLimitError} when no such task is left to make room.
   */
  create(record: TaskRecord, quota?: TaskQuota): void {
    const now = Date.now();
    this.dropExpired(now);
    const { client } = record;
    if (quota !== undefined && client !== undefined) {
      this.admitClient(client, quota.maxTasksPerClient, now);
    }
    const bytes = jsonBytes(record);
    const reserved = quota?.maxResultBytes ?? 0;
    for (;;) {
      const full =
        this.tasks.size >= this.maxTasks
          ? 'store'
          : this.heldBytes + this.heldReserved + bytes + reserved > this.maxTotalBytes
            ? 'bytes'
            : undefined;
      if (full === undefined) break;
      const read = this.fetched.values().next();
      if (read.done === true) {
        const max = full === 'store' ? this.maxTasks : this.maxTotalBytes;
        throw new TaskLimitError(max, full, this.retryAfter(this.tasks.keys(), now));
      }
      this.delete(read.value);
    }
    const { expiresAt } = record;
    this.tasks.set(record.taskId, { record, bytes, reserved, fetched: false, expiresAt, client });
    this.heldBytes += bytes;
    this.heldReserved += reserved;
    if (client !== undefined) {
      const own = this.clients.get(client);
      if (own === undefined) this.clients.set(client, new Set([record.taskId]));
      else own.add(record.taskId);
    }
  }

  /** The task with this id, or `undefined` if it is unknown or expired. */
  get(taskId: string): TaskRecord | undefined {
    const held = this.tasks.get(taskId);
    if (held === undefined) return undefined;
    if (held.expiresAt <= Date.now()) {
      this.delete(taskId);
      return undefined;
    }
    return held.record;
  }

  /**
   * Replaces a task if the stored one is still at `expectedVersion` and not terminal.
   * @returns whether it was replaced.
   */
  replace(record: TaskRecord, expectedVersion: number): boolean {
    const stored = this.get(record.taskId);
    if (stored === undefined || stored.version !== expectedVersion || isTerminal(stored.status)) {
      return false;
    }
    const held = this.tasks.get(record.taskId)!;
    const bytes = jsonBytes(record);
    this.heldBytes += bytes - held.bytes;
    held.bytes = bytes;
    held.record = record;
    if (isTerminal(record.status)) {
      this.heldReserved -= held.reserved;
      held.reserved = 0;
    }
    return true;
  }

  /** Notes that the owner of a terminal task has read it: the task may now make room. */
  markFetched(record: TaskRecord): void {
    const held = this.tasks.get(record.taskId);
    if (held === undefined || held.fetched || !isTerminal(held.record.status)) return;
    held.fetched = true;
    this.fetched.add(record.taskId);
  }

  /** How many tasks are held (expired ones until they are purged). */
  get size(): number {
    return this.tasks.size;
  }

  /** The bytes of the JSON of the tasks held. */
  get bytes(): number {
    return this.heldBytes;
  }

  /** The room kept for the results of the tasks that have not ended. */
  get reservedBytes(): number {
    return this.heldReserved;
  }

  /**
   * Makes room for one more task of a client at its quota: its expired tasks go, then its oldest
   * task that it read after it ended.
   * @throws {TaskLimitError} (`client`) when every task it holds runs or was not read.
   */
  private admitClient(client: string, max: number, now: number): void {
    const own = this.clients.get(client);
    if (own === undefined || own.size < max) return;
    for (const taskId of own) {
      if (this.tasks.get(taskId)!.expiresAt <= now) this.delete(taskId);
    }
    if (own.size < max) return;
    for (const taskId of own) {
      if (!this.tasks.get(taskId)!.fetched) continue;
      this.delete(taskId);
      return;
    }
    throw new TaskLimitError(max, 'client', this.retryAfter(own.values(), now));
  }

  /** Until the first of these tasks expires (they are in creation order). */
  private retryAfter(taskIds: Iterator<string>, now: number): number | undefined {
    const first = taskIds.next();
    if (first.done === true) return undefined;
    const held = this.tasks.get(first.value);
    return held === undefined ? undefined : Math.max(0, held.expiresAt - now);
  }

  /** The expired tasks at the front (all of them when every task has the same TTL). */
  private dropExpired(now: number): void {
    for (const [taskId, held] of this.tasks) {
      if (held.expiresAt > now) return;
      this.delete(taskId);
    }
  }

  private delete(taskId: string): void {
    const held = this.tasks.get(taskId);
    if (held === undefined) return;
    this.tasks.delete(taskId);
    this.fetched.delete(taskId);
    this.heldBytes -= held.bytes;
    this.heldReserved -= held.reserved;
    if (held.client === undefined) return;
    const own = this.clients.get(held.client);
    own?.delete(taskId);
    if (own?.size === 0) this.clients.delete(held.client);
  }
}
