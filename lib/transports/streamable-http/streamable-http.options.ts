import type { IncomingMessage } from 'node:http';
import {
  InMemoryRateLimitStore,
  type MethodTable,
  type NotificationHub,
  type RateLimitStore,
  type SessionStore,
  type SharedReplay,
} from '../../core/index.js';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';
import type { HostCheckOptions } from './host-check.js';
import type { InitializeLimit } from './post-request.handler.js';

/**
 * Options of the Streamable HTTP transport.
 * @publicApi
 */
export interface StreamableHttpOptions extends HostCheckOptions {
  /** The largest request body accepted, in bytes; larger ones get 413. @default 4_194_304 (4 MiB) */
  bodyLimit?: number;
  /** Where initialize-era sessions live. @default a new {@link InMemorySessionStore} */
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
  /** The methods served. @default the protocol's `METHODS` */
  methods?: MethodTable;
  /**
   * How many sessions one client may open in a window: over it, `initialize` gets 429 with
   * `Retry-After`. The client is its remote address unless `key` says otherwise (behind a proxy,
   * read the forwarded address); `store` shares the counts between instances.
   * @default no limit
   */
  initializeRateLimit?: {
    limit: number;
    windowMs: number;
    store?: RateLimitStore;
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

/** The `initializeRateLimit` option, checked. @internal */
export function initializeLimit(
  option: StreamableHttpOptions['initializeRateLimit'],
): InitializeLimit | undefined {
  if (option === undefined) return undefined;
  const whole = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1;
  if (!whole(option.limit) || !whole(option.windowMs)) {
    throw new Error(TRANSPORT_MESSAGES.BAD_INITIALIZE_LIMIT);
  }
  return Object.assign({}, option, { store: option.store ?? new InMemoryRateLimitStore() });
}
