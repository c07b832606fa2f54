import type { IncomingMessage } from 'node:http';
import {
  InMemoryRateLimitStore,
  type MethodTable,
  type NotificationHub,
  type RateLimitStore,
  type SessionStore,
  type SharedReplay,
} from '../../core/internal.js';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';
import type { HostCheckOptions } from './host-check.js';
import type { InitializeLimit } from './initialize-admission.js';

/**
 * Options of the Streamable HTTP transport.
 * @publicApi
 */
export interface StreamableHttpOptions extends HostCheckOptions {
  /** The largest request body accepted, in bytes; larger ones get 413. @default 4_194_304 (4 MiB) */
  bodyLimit?: number;
  /**
   * Where initialize-era sessions live.
   * @default a new `InMemorySessionStore` (from `@snodo/nestjs/core`)
   */
  sessionStore?: SessionStore;
  /**
   * Delivers resource updates and list changes to session GET streams and listen streams.
   * Without one, GET answers 405 and `subscriptions/listen` is not served.
   */
  hub?: NotificationHub;
  /**
   * Shared replay logs (a `SharedStore`'s `replay`): a client may then resume a stream with
   * `Last-Event-ID` on any instance. @default this instance's memory only
   */
  replay?: SharedReplay;
  /** The methods served. @default the protocol's `METHODS` @internal */
  methods?: MethodTable;
  /**
   * How many sessions one client may open in a window: over it, `initialize` gets 429 with
   * `Retry-After`. On by default: within one `evictionGraceMs` (a minute), a client opens at most
   * twice `limit` sessions (a window's worth on each side of a window's end), 120 or 1.2% of the
   * default `maxSessions`, so that no client fills the session store with a flood of `initialize`.
   * `false` turns it off.
   *
   * The client is the verified caller when the server checks bearer tokens, else the remote
   * address; behind a proxy, give `key` a function that reads the client's forwarded address: it
   * names the client for this limit and for the per-client share of the session store
   * (`SessionRecord.client`, `maxSessionsPerClient`). `store` shares the counts between instances
   * (`redisStore().rateLimitStore`).
   * @default { limit: 60, windowMs: 60_000 } (`DEFAULT_INITIALIZE_RATE_LIMIT`), in memory
   */
  initializeRateLimit?:
    | false
    | {
        /** @default 60 */
        limit?: number;
        /** @default 60_000 */
        windowMs?: number;
        /** @default a new `InMemoryRateLimitStore` */
        store?: RateLimitStore;
        /** @default the verified caller, else the remote address */
        key?: (req: IncomingMessage) => string;
      };
  /** Told about failures inside the transport that a request met (answered with -32603 and no details). */
  onError?: (error: unknown) => void;
  /**
   * How long requests in flight may run at shutdown before they are aborted and answered, and
   * streams are closed, in milliseconds: a whole number from 0 to 3,600,000 (an hour).
   * @default 10_000
   */
  shutdownTimeoutMs?: number;
}

/** The default body limit: 4 MiB. @publicApi */
export const DEFAULT_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The default `initializeRateLimit`: 60 sessions a minute per client.
 * @publicApi
 */
export const DEFAULT_INITIALIZE_RATE_LIMIT: { readonly limit: number; readonly windowMs: number } =
  Object.freeze({ limit: 60, windowMs: 60_000 });

/** The longest `shutdownTimeoutMs`: an hour. */
const MAX_SHUTDOWN_TIMEOUT_MS = 3_600_000;

/** The `shutdownTimeoutMs` option, checked: a whole number of milliseconds, 0 to an hour. @internal */
export function shutdownTimeout(value: unknown): number {
  if (value === undefined) return 10_000;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < 0 ||
    value > MAX_SHUTDOWN_TIMEOUT_MS
  ) {
    throw new Error(TRANSPORT_MESSAGES.BAD_SHUTDOWN_TIMEOUT(MAX_SHUTDOWN_TIMEOUT_MS));
  }
  return value;
}

/** The `initializeRateLimit` option, checked, with its defaults. @internal */
export function initializeLimit(
  option: StreamableHttpOptions['initializeRateLimit'],
): InitializeLimit {
  if (option === false) return {};
  if (option === null || (option !== undefined && typeof option !== 'object')) {
    throw new Error(TRANSPORT_MESSAGES.BAD_INITIALIZE_LIMIT);
  }
  const limit = option?.limit ?? DEFAULT_INITIALIZE_RATE_LIMIT.limit;
  const windowMs = option?.windowMs ?? DEFAULT_INITIALIZE_RATE_LIMIT.windowMs;
  const whole = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1;
  if (!whole(limit) || !whole(windowMs)) throw new Error(TRANSPORT_MESSAGES.BAD_INITIALIZE_LIMIT);
  const key = option?.key;
  if (key !== undefined && typeof key !== 'function') {
    throw new Error(TRANSPORT_MESSAGES.BAD_INITIALIZE_KEY);
  }
  const store = option?.store ?? new InMemoryRateLimitStore();
  return key === undefined
    ? { rate: { limit, windowMs, store } }
    : { rate: { limit, windowMs, store }, key };
}
