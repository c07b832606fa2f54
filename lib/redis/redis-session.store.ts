import type { Redis } from 'ioredis';
import { StoreUnavailableError, type SessionRecord, type SessionStore } from '../core/internal.js';
import { command } from './redis-connection.js';
import { RedisSessionShare } from './redis-session-share.js';
import { refreshSubscriptions, sessionSubscriptionsKey } from './redis-subscription.store.js';

const STORE = 'the Redis session store';

/**
 * A stored session, or `undefined` for a value that is not one (written by something else, or
 * cut short): never trusted blindly, as the task store's values are not.
 */
function parseSession(text: string): SessionRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<SessionRecord> | null;
    if (
      typeof value !== 'object' ||
      value === null ||
      typeof value.id !== 'string' ||
      typeof value.protocolVersion !== 'string'
    ) {
      return undefined;
    }
    return value as SessionRecord;
  } catch {
    return undefined;
  }
}

/**
 * The per-client share of a {@link RedisSessionStore}.
 * @publicApi
 */
export interface RedisSessionShareOptions {
  /**
   * The most sessions one client (`SessionRecord.client`: its verified caller, or its address)
   * holds at once across every instance. A client at its share that opens one more lets go of its
   * own least recently used session when that one has been idle for longer than
   * `evictionGraceMs`; otherwise the new session is refused (HTTP 429 and `Retry-After`).
   * @default 100
   */
  maxSessionsPerClient?: number;
  /**
   * How long a session must have been idle before it may make room for a new session of its
   * client. @default 60_000 (1 minute)
   */
  evictionGraceMs?: number;
}

/**
 * Initialize-era sessions in Redis, one JSON string per session under `<prefix>session:<id>`,
 * with a sliding expiry: every read pushes it back by the idle timeout (Redis `GETEX`), so expiry
 * holds across instances without a timer in any process. The session's resource subscriptions
 * are pushed back with it, once they have less than an idle timeout left, so that they last as
 * long as the session does. Each client holds at most `maxSessionsPerClient` sessions across the
 * instances (a sorted set per client, changed by Lua scripts).
 * @publicApi
 */
export class RedisSessionStore implements SessionStore {
  /** The sessions in use here (a request in flight, an open stream), and what keeps them alive. */
  private readonly held = new Map<string, { count: number; timer: NodeJS.Timeout }>();
  private readonly share: RedisSessionShare;
  private readonly listeners = new Set<(id: string) => void>();

  /**
   * @param share the per-client share, checked by {@link redisStore} (`maxSessionsPerClient`,
   *   `sessionEvictionGraceMs`).
   */
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly idleTimeoutMs: number,
    share: RedisSessionShareOptions = {},
  ) {
    this.share = new RedisSessionShare(redis, keyPrefix, {
      maxSessionsPerClient: share.maxSessionsPerClient ?? 100,
      evictionGraceMs: share.evictionGraceMs ?? 60_000,
      idleTimeoutMs,
    });
  }

  private key(id: string): string {
    return `${this.keyPrefix}session:${id}`;
  }

  /**
   * Stores a session; when its client holds its share, first lets go of that client's least
   * recently used session idle past the grace period.
   * @throws {ClientSessionLimitError} when the client holds its share and every session of its
   *   own was used recently.
   */
  async create(record: SessionRecord): Promise<void> {
    const client = record.client;
    const evicted = client === undefined ? undefined : await this.share.take(record.id, client);
    if (evicted !== undefined) await this.evict(evicted);
    try {
      await command(STORE, () =>
        this.redis.set(this.key(record.id), JSON.stringify(record), 'PX', this.idleTimeoutMs),
      );
    } catch (error) {
      if (client !== undefined) await this.share.release(record.id, client).catch(() => undefined);
      throw error;
    }
  }

  get(id: string): Promise<SessionRecord | undefined> {
    return this.read(id, false);
  }

  /**
   * Reads a session and pushes its expiry back; `held`: it is in use here, so its place in its
   * client's share is pushed back too, however recently this instance did.
   */
  private async read(id: string, held: boolean): Promise<SessionRecord | undefined> {
    const replies = await command(STORE, () =>
      this.redis
        .multi()
        .getex(this.key(id), 'PX', this.idleTimeoutMs)
        .pttl(sessionSubscriptionsKey(this.keyPrefix, id))
        .exec(),
    );
    const [read, left] = replies ?? [];
    if (read?.[0] != null) throw new StoreUnavailableError(STORE, { cause: read[0] });
    const text = read?.[1] as string | null | undefined;
    if (text === null || text === undefined) return undefined;
    // -2: no subscriptions; otherwise refresh them when they would expire before the session.
    const subscriptionsLeft = Number(left?.[1] ?? -2);
    if (subscriptionsLeft >= 0 && subscriptionsLeft < this.idleTimeoutMs) {
      await refreshSubscriptions(this.redis, this.keyPrefix, id, this.idleTimeoutMs);
    }
    const record = parseSession(text);
    if (record?.client !== undefined) this.share.used(id, record.client, held);
    return record;
  }

  async update(record: SessionRecord): Promise<void> {
    await command(STORE, () =>
      this.redis.set(this.key(record.id), JSON.stringify(record), 'PX', this.idleTimeoutMs, 'XX'),
    );
  }

  /**
   * Keeps a session in use from expiring and from making room for its client's next: while it is
   * held (a long request, an open GET stream), its expiry, its subscriptions' and its place in its
   * client's share are pushed back every half idle timeout or half grace period, whichever is
   * shorter.
   */
  hold(id: string): () => void {
    const entry = this.held.get(id);
    if (entry !== undefined) entry.count++;
    else {
      const timer = setInterval(
        () => void this.read(id, true).catch(() => undefined),
        this.share.refreshMs,
      );
      timer.unref();
      this.held.set(id, { count: 1, timer });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const held = this.held.get(id);
      if (held === undefined || --held.count > 0) return;
      clearInterval(held.timer);
      this.held.delete(id);
    };
  }

  async delete(id: string): Promise<boolean> {
    const text = await command(STORE, () => this.redis.getdel(this.key(id)));
    if (text === null) return false;
    const client = parseSession(text)?.client;
    if (client !== undefined) await this.share.release(id, client);
    return true;
  }

  /** Calls `listener` with the id of every session this instance lets go to make room. */
  onEnd(listener: (id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Ends a session that made room for its client's next (its place is taken already). */
  private async evict(id: string): Promise<void> {
    await command(STORE, () => this.redis.del(this.key(id)));
    for (const listener of this.listeners) {
      try {
        listener(id);
      } catch {
        // A listener's own failure is its business.
      }
    }
  }
}
