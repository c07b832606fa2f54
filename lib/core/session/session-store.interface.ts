import type { SessionRecord } from './session-record.interface.js';

/**
 * Where initialize-era sessions live. The in-memory default serves one process; a shared store
 * (Redis) lets several instances serve the same sessions.
 *
 * Every method may be asynchronous.
 * @publicApi
 */
export interface SessionStore {
  /** Stores a new session. */
  create(record: SessionRecord): void | Promise<void>;
  /** The session with this id, or `undefined` if it is unknown or expired. */
  get(id: string): SessionRecord | undefined | Promise<SessionRecord | undefined>;
  /** Replaces a stored session. */
  update(record: SessionRecord): void | Promise<void>;
  /** Ends a session; `false` when there was none. */
  delete(id: string): boolean | Promise<boolean>;
}
