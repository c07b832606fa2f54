import type { Redis } from 'ioredis';
import type {
  RateLimitStore,
  SharedReplay,
  SharedStore,
  TaskStore,
  UsedTokenStore,
} from '../core/internal.js';
import { closeRedis, connectRedis, lastError, safeUrl } from './redis-connection.js';
import { RedisNotificationBus } from './redis-notification.bus.js';
import { RedisRateLimitStore } from './redis-rate-limit.store.js';
import { RedisReplay } from './redis-replay.js';
import { RedisSessionStore } from './redis-session.store.js';
import { RedisSubscriptionStore } from './redis-subscription.store.js';
import { RedisTaskStore } from './redis-task.store.js';
import { REDIS_MESSAGES } from './redis.messages.js';
import { RedisUsedTokenStore } from './redis-used-token.store.js';

/**
 * Options of {@link redisStore}.
 * @publicApi
 */
export interface RedisStoreOptions {
  /** The Redis URL, such as `redis://localhost:6379` or `rediss://user:pass@host:6380/2`. */
  url: string;
  /** Prepended to every key and to the notification channel. @default 'snodo:' */
  keyPrefix?: string;
  /** A session unused for this long expires (Redis TTL, pushed back on every use). @default 1_800_000 */
  sessionIdleTimeoutMs?: number;
  /**
   * The most sessions one client (its verified caller, or its address) holds at once across every
   * instance: past it, its own session idle past `sessionEvictionGraceMs` makes room, and when
   * there is none, its `initialize` gets 429 with `Retry-After` (see docs/security.md).
   * @default 100
   */
  maxSessionsPerClient?: number;
  /**
   * How long a session must have been idle before it may make room for a new session of its
   * client. @default 60_000 (1 minute)
   */
  sessionEvictionGraceMs?: number;
  /** The longest a command may take before the request that needed it gets a 503. @default 1_000 */
  commandTimeoutMs?: number;
  /** Hears about rate-limit hits let through because Redis could not be reached. */
  onRateLimitUnavailable?: (error: unknown) => void;
}

/**
 * What {@link redisStore} returns: the shared store for `SnodoModule.forRoot({ store })` (or the
 * standalone listener), plus a rate-limit store for `SnodoRateLimit`.
 * @publicApi
 */
export interface RedisStore extends SharedStore {
  /** Replay logs in Redis: a client may resume a stream with `Last-Event-ID` on any instance. */
  readonly replay: SharedReplay;
  /** One-time tokens used on any instance (single-use `requestState`), kept in Redis. */
  readonly usedTokens: UsedTokenStore;
  /** The tasks of the tasks extension in Redis, so that any instance serves them. */
  readonly tasks: TaskStore;
  /** Counters shared by every instance, for `SnodoRateLimit` and `initializeRateLimit`. */
  readonly rateLimitStore: RateLimitStore;
}

const wholeNumber = (value: number | undefined, fallback: number, name: string): number => {
  const chosen = value ?? fallback;
  if (!Number.isInteger(chosen) || chosen < 1) {
    throw new Error(REDIS_MESSAGES.BAD_DURATION(name));
  }
  return chosen;
};

/**
 * Everything several instances share, in Redis: initialize-era sessions (with Redis TTLs),
 * resource subscriptions, notifications between instances (pub/sub), the replay logs of resumable
 * streams, rate-limit counters, and the tasks of the tasks extension.
 * Two connections are opened by `ready()` (commands, and the pub/sub subscriber); they reconnect
 * by themselves after an outage.
 * @example
 * ```ts
 * const shared = redisStore({ url: process.env.REDIS_URL! });
 * SnodoModule.forRoot({ name: 'api', version: '1.0.0', store: shared });
 * ```
 * @throws {Error} for a missing URL or an invalid duration.
 * @publicApi
 */
export function redisStore(options: RedisStoreOptions): RedisStore {
  if (typeof options?.url !== 'string' || options.url === '') {
    throw new Error(REDIS_MESSAGES.URL_REQUIRED);
  }
  const keyPrefix = options.keyPrefix ?? 'snodo:';
  if (typeof keyPrefix !== 'string') throw new Error(REDIS_MESSAGES.BAD_KEY_PREFIX);
  const idle = wholeNumber(options.sessionIdleTimeoutMs, 1_800_000, 'sessionIdleTimeoutMs');
  const timeout = wholeNumber(options.commandTimeoutMs, 1_000, 'commandTimeoutMs');
  const share = {
    maxSessionsPerClient: options.maxSessionsPerClient ?? 100,
    evictionGraceMs: wholeNumber(options.sessionEvictionGraceMs, 60_000, 'sessionEvictionGraceMs'),
  };
  if (!Number.isInteger(share.maxSessionsPerClient) || share.maxSessionsPerClient < 1) {
    throw new Error(REDIS_MESSAGES.BAD_MAX_SESSIONS_PER_CLIENT);
  }
  const settings = { url: options.url, keyPrefix, commandTimeoutMs: timeout };
  const commands = connectRedis(settings);
  const subscriber = connectRedis(settings);
  const notificationBus = new RedisNotificationBus(commands, subscriber, keyPrefix);
  const replay = new RedisReplay(commands, subscriber, keyPrefix, idle);
  let connecting: Promise<void> | undefined;

  const connect = async (client: Redis): Promise<void> => {
    if (client.status === 'ready') return;
    await client.connect();
  };

  return {
    sessionStore: new RedisSessionStore(commands, keyPrefix, idle, share),
    subscriptionStore: new RedisSubscriptionStore(commands, keyPrefix, idle),
    notificationBus,
    replay,
    rateLimitStore: new RedisRateLimitStore(commands, keyPrefix, options.onRateLimitUnavailable),
    usedTokens: new RedisUsedTokenStore(commands, keyPrefix),
    tasks: new RedisTaskStore(commands, keyPrefix),
    ready() {
      connecting ??= (async () => {
        try {
          await Promise.all([connect(commands), connect(subscriber)]);
          await Promise.all([notificationBus.start(), replay.start()]);
        } catch (error) {
          connecting = undefined;
          const reason = lastError(commands) ?? lastError(subscriber) ?? (error as Error);
          commands.disconnect();
          subscriber.disconnect();
          throw new Error(REDIS_MESSAGES.UNREACHABLE(safeUrl(options.url), reason.message), {
            cause: error,
          });
        }
      })();
      return connecting;
    },
    async close() {
      await Promise.all([closeRedis(commands), closeRedis(subscriber)]);
    },
  };
}
