import type { SessionRecord } from './session-record.interface.js';

/**
 * Where initialize-era sessions live. The in-memory default serves one process; a shared store
 * (Redis) lets several instances serve the same sessions.
 *
 * Every method may be asynchronous.
 * @publicApi
 */
export interface SessionStore {
  /**
   * Stores a new session.
   * @throws {SessionLimitError} when the store is full and may let none of its sessions go.
   */
  create(record: SessionRecord): void | Promise<void>;
  /** The session with this id, or `undefined` if it is unknown or expired. */
  get(id: string): SessionRecord | undefined | Promise<SessionRecord | undefined>;
  /** Replaces a stored session. */
  update(record: SessionRecord): void | Promise<void>;
  /** Ends a session; `false` when there was none. */
  delete(id: string): boolean | Promise<boolean>;
  /**
   * Marks a session as in use (a request in flight, an open stream) until the returned function is
   * called: a store that evicts or expires sessions keeps it meanwhile. Optional.
   */
  hold?(id: string): () => void;
  /**
   * Calls `listener` with the id of every session the store ends by itself (expiry, eviction), so
   * that what a transport holds for it is released. Optional: a store whose sessions end by
   * themselves elsewhere (Redis expiry) has none.
   * @returns a function that stops the calls.
   */
  onEnd?(listener: (id: string) => void): () => void;
}
