import type { SessionRecord } from './session-record.interface.js';
import type { SessionStore } from './session-store.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';

/**
 * Options of {@link InMemorySessionStore}.
 * @publicApi
 */
export interface InMemorySessionStoreOptions {
  /** A session unused for this long expires. @default 1_800_000 (30 minutes) */
  idleTimeoutMs?: number;
  /** The most sessions kept at once; the least recently used is dropped beyond it. @default 10_000 */
  maxSessions?: number;
  /** The clock, for tests. @default Date.now */
  now?: () => number;
}

interface Entry {
  record: SessionRecord;
  lastSeen: number;
}

/**
 * The embedded session store: a bounded map with idle expiry, for a single process.
 * @publicApi
 */
export class InMemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, Entry>();
  private readonly idleTimeoutMs: number;
  private readonly maxSessions: number;
  private readonly now: () => number;
  private created = 0;

  constructor(options: InMemorySessionStoreOptions = {}) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 1_800_000;
    this.maxSessions = options.maxSessions ?? 10_000;
    if (!Number.isInteger(this.idleTimeoutMs) || this.idleTimeoutMs < 1) {
      throw new Error(MESSAGES.BAD_SESSION_IDLE_TIMEOUT);
    }
    if (!Number.isInteger(this.maxSessions) || this.maxSessions < 1) {
      throw new Error(MESSAGES.BAD_MAX_SESSIONS);
    }
    this.now = options.now ?? Date.now;
  }

  create(record: SessionRecord): void {
    if (++this.created % 1_000 === 0) this.sweep();
    this.sessions.set(record.id, { record, lastSeen: this.now() });
    while (this.sessions.size > this.maxSessions) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
    }
  }

  get(id: string): SessionRecord | undefined {
    const entry = this.sessions.get(id);
    if (entry === undefined) return undefined;
    const now = this.now();
    if (now - entry.lastSeen > this.idleTimeoutMs) {
      this.sessions.delete(id);
      return undefined;
    }
    // Re-insert so that the map's order stays least-recently-used first.
    this.sessions.delete(id);
    entry.lastSeen = now;
    this.sessions.set(id, entry);
    return entry.record;
  }

  update(record: SessionRecord): void {
    const entry = this.sessions.get(record.id);
    if (entry !== undefined) entry.record = record;
  }

  delete(id: string): boolean {
    return this.sessions.delete(id);
  }

  /** Drops every session idle for longer than the timeout (also done every 1,000 creations). */
  sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.sessions) {
      if (now - entry.lastSeen > this.idleTimeoutMs) this.sessions.delete(id);
    }
  }

  /** How many sessions are stored (expired ones included until they are next looked up). */
  get size(): number {
    return this.sessions.size;
  }
}
