import { MESSAGES } from '../errors/messages.constant.js';

/**
 * Thrown by a session store that holds as many sessions as it may and has none it can let go
 * (each is in use or was used within the grace period). The HTTP transport answers the
 * `initialize` with 503, `Retry-After` and a JSON-RPC error; established sessions are untouched.
 * @publicApi
 */
export class SessionLimitError extends Error {
  /**
   * @param maxSessions the limit reached.
   * @param retryAfterMs when a session may become free.
   */
  constructor(
    readonly maxSessions: number,
    readonly retryAfterMs: number,
  ) {
    super(MESSAGES.SESSIONS_FULL(maxSessions));
    this.name = 'SessionLimitError';
  }
}

/** Whether a thrown value is a {@link SessionLimitError} (from any copy of the package). @publicApi */
export const isSessionLimit = (error: unknown): error is SessionLimitError =>
  error instanceof SessionLimitError ||
  (error instanceof Error && error.name === 'SessionLimitError');
