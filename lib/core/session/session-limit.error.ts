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

/**
 * Thrown by a session store when the client that opens a session holds its share already
 * (`maxSessionsPerClient`) and none of its sessions may make room (each is in use or was used
 * within the grace period). The HTTP transport answers the `initialize` with 429, `Retry-After`
 * and a JSON-RPC error that tells the client to end the sessions it no longer uses; other clients
 * still get sessions.
 * @publicApi
 */
export class ClientSessionLimitError extends Error {
  /**
   * @param maxSessionsPerClient the share reached.
   * @param retryAfterMs when one of the client's sessions may make room.
   */
  constructor(
    readonly maxSessionsPerClient: number,
    readonly retryAfterMs: number,
  ) {
    super(MESSAGES.CLIENT_SESSIONS_FULL(maxSessionsPerClient));
    this.name = 'ClientSessionLimitError';
  }
}

/** Whether a thrown value is a {@link ClientSessionLimitError} (from any copy of the package). @publicApi */
export const isClientSessionLimit = (error: unknown): error is ClientSessionLimitError =>
  error instanceof ClientSessionLimitError ||
  (error instanceof Error && error.name === 'ClientSessionLimitError');
