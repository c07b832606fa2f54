import { MESSAGES } from '../errors/messages.constant.js';
/**
 * Thrown by a shared store (sessions, subscriptions, notifications) that cannot reach its backend,
 * such as Redis during an outage. The HTTP transport answers the request that needed it with 503
 * and a JSON-RPC error, and serves the next ones normally once the store is back.
 * @publicApi
 */
export class StoreUnavailableError extends Error {
  /** @param store what could not be reached, for the log: "the Redis session store". */
  constructor(
    readonly store: string,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES.STORE_UNREACHABLE(store), options);
    this.name = 'StoreUnavailableError';
  }
}

/** Whether a thrown value is a {@link StoreUnavailableError} (from any copy of the package). @publicApi */
export const isStoreUnavailable = (error: unknown): error is StoreUnavailableError =>
  error instanceof StoreUnavailableError ||
  (error instanceof Error && error.name === 'StoreUnavailableError');
