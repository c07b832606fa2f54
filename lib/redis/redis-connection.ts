import { Redis, type RedisOptions } from 'ioredis';
import { StoreUnavailableError } from '../core/internal.js';

/** How the Redis stores connect, and what they call their keys. @internal */
export interface RedisConnectionSettings {
  readonly url: string;
  readonly keyPrefix: string;
  readonly commandTimeoutMs: number;
}

/**
 * A Redis connection that fails fast: no offline queue (a command sent while Redis is away is
 * refused at once rather than queued), a per-command timeout, and reconnection forever with a
 * capped back-off, so that service resumes by itself when Redis is back.
 * @internal
 */
export function connectRedis(settings: RedisConnectionSettings): Redis {
  const options: RedisOptions = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: settings.commandTimeoutMs,
    connectTimeout: Math.max(settings.commandTimeoutMs, 2_000),
    retryStrategy: (attempt) => Math.min(100 * attempt, 2_000),
    // How long a closing connection may linger before it is cut (ioredis waits 2 s by default).
    disconnectTimeout: 200,
  };
  const client = new Redis(settings.url, options);
  // Errors are reported to the callers of commands; an unhandled 'error' event must not crash.
  // The last one is kept: it says why a connection failed better than the rejection does.
  client.on('error', (error: Error) => LAST_ERRORS.set(client, error));
  return client;
}

const LAST_ERRORS = new WeakMap<Redis, Error>();

/** Why the connection last failed, if it did. @internal */
export const lastError = (client: Redis): Error | undefined => LAST_ERRORS.get(client);

/** How long a connection may take to say goodbye (QUIT) before it is cut. */
const QUIT_TIMEOUT_MS = 1_000;

/**
 * Closes a connection so that nothing of it is left to keep the process alive: a connection that
 * is up says QUIT (for at most a second), and then, up or down, it is cut and stops reconnecting
 * (a connection to a Redis that is down would otherwise retry for ever).
 * @internal
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, QUIT_TIMEOUT_MS);
    });
    await Promise.race([
      client.quit().then(
        () => undefined,
        () => undefined,
      ),
      late,
    ]);
    clearTimeout(timer);
  }
  client.disconnect();
}

/** Runs a Redis command; any failure becomes a {@link StoreUnavailableError} naming the store. @internal */
export async function command<T>(store: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StoreUnavailableError(store, { cause: error });
  }
}

/** The URL without its password, for messages. @internal */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured Redis URL';
  }
}
