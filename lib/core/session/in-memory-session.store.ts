import type { SessionRecord } from './session-record.interface.js';
import type { SessionStore } from './session-store.interface.js';
import { ClientSessionLimitError, SessionLimitError } from './session-limit.error.js';
import { MESSAGES } from '../errors/messages.constant.js';

/**
 * Options of {@link InMemorySessionStore}.
 * @publicApi
 */
export interface InMemorySessionStoreOptions {
  /** A session unused for this long expires. @default 1_800_000 (30 minutes) */
  idleTimeoutMs?: number;
  /**
   * The most sessions kept at once. When the store is full, a session idle for longer than
   * `evictionGraceMs` (and not in use) makes room; when there is none, a new session is refused.
   * @default 10_000
   */
  maxSessions?: number;
  /**
   * How long a session must have been idle before it may make room for a new one: a flood of new
   * sessions cannot push out one that was used within this time. @default 60_000 (1 minute)
   */
  evictionGraceMs?: number;
  /**
   * The most sessions one client may hold at once, so that no single source can take every free
   * place in the store (the client is the session's {@link SessionRecord.client}: its verified
   * caller, or its address). A client at its share that opens one more lets go of its own least
   * recently used session when that one is not in use and has been idle for longer than
   * `evictionGraceMs`; otherwise the new session is refused with a
   * {@link ClientSessionLimitError} (HTTP 429 and `Retry-After`), and other clients still get
   * theirs. Keep it well below `maxSessions`: `maxSessions / maxSessionsPerClient` sources are
   * needed to fill the store.
   * @default 100
   */
  maxSessionsPerClient?: number;
  /** The clock, for tests. @default Date.now */
  now?: () => number;
}

interface Entry {
  record: SessionRecord;
  lastSeen: number;
  /** Requests and streams using the session now. */
  holds: number;
  /** Whose share the session counts against. */
  readonly client: string | undefined;
}

const positive = (value: number, message: string): number => {
  if (!Number.isInteger(value) || value < 1) throw new Error(message);
  return value;
};

/**
 * The embedded session store, for a single process: bounded, with idle expiry, and admission
 * instead of eviction of live sessions.
 * @publicApi
 */
export class InMemorySessionStore implements SessionStore {
  /** Least recently used first. */
  private readonly sessions = new Map<string, Entry>();
  /** The id last in `sessions` (the most recently used), when known: touching it moves nothing. */
  private newest: string | undefined;
  private readonly listeners = new Set<(id: string) => void>();
  /** The ids of each client's sessions, for its share. */
  private readonly byClient = new Map<string, Set<string>>();
  private readonly idleTimeoutMs: number;
  private readonly maxSessions: number;
  private readonly evictionGraceMs: number;
  private readonly maxSessionsPerClient: number;
  private readonly now: () => number;
  private created = 0;
  /** Sweeps expired sessions while the store holds any, even when no new ones come. */
  private sweeper: ReturnType<typeof setInterval> | undefined;

  /** @throws {Error} for a limit that is not a whole number of 1 or more. */
  constructor(options: InMemorySessionStoreOptions = {}) {
    this.idleTimeoutMs = positive(
      options.idleTimeoutMs ?? 1_800_000,
      MESSAGES.BAD_SESSION_IDLE_TIMEOUT,
    );
    this.maxSessions = positive(options.maxSessions ?? 10_000, MESSAGES.BAD_MAX_SESSIONS);
    this.evictionGraceMs = positive(options.evictionGraceMs ?? 60_000, MESSAGES.BAD_EVICTION_GRACE);
    this.maxSessionsPerClient = positive(
      options.maxSessionsPerClient ?? 100,
      MESSAGES.BAD_MAX_SESSIONS_PER_CLIENT,
    );
    this.now = options.now ?? Date.now;
  }

  /**
   * Stores a session. When its client holds its share, first lets go of that client's least
   * recently used session idle past the grace period; when the store is full, of an expired
   * session or of the least recently used one idle past the grace period.
   * @throws {ClientSessionLimitError} when the client holds its share and every session of its
   *   own is in use or was used recently.
   * @throws {SessionLimitError} when every stored session is in use or was used recently.
   */
  create(record: SessionRecord): void {
    if (++this.created % 1_000 === 0) this.sweep();
    const client = record.client;
    if (client !== undefined) this.makeRoomFor(client);
    if (this.sessions.size >= this.maxSessions) this.makeRoom();
    // A Map keeps the place of a key it already holds: the id goes last as a new one.
    this.unindex(record.id);
    this.sessions.delete(record.id);
    this.sessions.set(record.id, { record, lastSeen: this.now(), holds: 0, client });
    if (client !== undefined) {
      const own = this.byClient.get(client);
      if (own === undefined) this.byClient.set(client, new Set([record.id]));
      else own.add(record.id);
    }
    this.newest = record.id;
    this.sweeper ??= setInterval(() => this.sweep(), Math.min(this.idleTimeoutMs, 60_000));
    this.sweeper.unref?.();
  }

  /** The session with this id, or `undefined` if it is unknown or idle past the timeout. */
  get(id: string): SessionRecord | undefined {
    const entry = this.sessions.get(id);
    if (entry === undefined) return undefined;
    const now = this.now();
    if (entry.holds === 0 && now - entry.lastSeen > this.idleTimeoutMs) {
      this.end(id);
      return undefined;
    }
    this.touch(id, entry, now);
    return entry.record;
  }

  /** Replaces a stored session; does nothing when it has ended. */
  update(record: SessionRecord): void {
    const entry = this.sessions.get(record.id);
    if (entry !== undefined) entry.record = record;
  }

  /** Ends a session and tells the `onEnd` listeners; `false` when there was none. */
  delete(id: string): boolean {
    if (!this.sessions.has(id)) return false;
    this.end(id);
    return true;
  }

  /**
   * Marks a session as in use until the returned function is called (more than once does no
   * harm): it neither expires nor makes room for another meanwhile.
   */
  hold(id: string): () => void {
    const entry = this.sessions.get(id);
    if (entry === undefined) return () => undefined;
    entry.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.holds--;
      this.touch(id, entry, this.now());
    };
  }

  /**
   * Calls `listener` with the id of every session that ends here: expired, evicted to make room,
   * or deleted.
   * @returns a function that stops the calls.
   */
  onEnd(listener: (id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Ends every session idle for longer than the timeout and not in use. Runs every 1,000
   * creations, and on a timer (the idle timeout, a minute at most) while the store holds sessions.
   */
  sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.sessions) {
      if (entry.holds === 0 && now - entry.lastSeen > this.idleTimeoutMs) this.end(id);
    }
    if (this.sessions.size === 0 && this.sweeper !== undefined) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  /** How many sessions are stored (expired ones included until they are next looked up). */
  get size(): number {
    return this.sessions.size;
  }

  /**
   * Re-inserts an entry, so that the map's order stays least recently used first; the most
   * recently used one stays where it is (a session's requests mostly come one after another, and
   * a delete and set per request would have the map rebuild its table every few requests).
   */
  private touch(id: string, entry: Entry, now: number): void {
    entry.lastSeen = now;
    if (id === this.newest) return;
    this.sessions.delete(id);
    this.sessions.set(id, entry);
    this.newest = id;
  }

  private makeRoom(): void {
    this.sweep();
    if (this.sessions.size < this.maxSessions) return;
    const now = this.now();
    let soonest = this.evictionGraceMs;
    for (const [id, entry] of this.sessions) {
      if (entry.holds > 0) continue;
      const idle = now - entry.lastSeen;
      if (idle > this.evictionGraceMs) {
        this.end(id);
        return;
      }
      soonest = Math.min(soonest, this.evictionGraceMs - idle);
      break; // least recently used first: the others were used later still
    }
    throw new SessionLimitError(this.maxSessions, soonest);
  }

  /**
   * Makes room for one more session of a client that holds its share: lets go of the client's
   * least recently used session that is not in use, once it has been idle for longer than the
   * grace period (or has expired).
   */
  private makeRoomFor(client: string): void {
    const own = this.byClient.get(client);
    if (own === undefined || own.size < this.maxSessionsPerClient) return;
    let oldest: string | undefined;
    let oldestSeen = Infinity;
    for (const id of own) {
      const entry = this.sessions.get(id)!;
      if (entry.holds === 0 && entry.lastSeen < oldestSeen) {
        oldest = id;
        oldestSeen = entry.lastSeen;
      }
    }
    const grace = Math.min(this.evictionGraceMs, this.idleTimeoutMs);
    const idle = this.now() - oldestSeen;
    if (oldest !== undefined && idle > grace) return this.end(oldest);
    const retryAfterMs = oldest === undefined ? grace : grace - idle;
    throw new ClientSessionLimitError(this.maxSessionsPerClient, retryAfterMs);
  }

  /** Takes a session out of its client's share. */
  private unindex(id: string): void {
    const client = this.sessions.get(id)?.client;
    if (client === undefined) return;
    const own = this.byClient.get(client)!;
    own.delete(id);
    if (own.size === 0) this.byClient.delete(client);
  }

  private end(id: string): void {
    this.unindex(id);
    this.sessions.delete(id);
    if (id === this.newest) this.newest = undefined;
    for (const listener of this.listeners) {
      try {
        listener(id);
      } catch {
        // A listener's own failure is its business.
      }
    }
  }
}
