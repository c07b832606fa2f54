import type { Redis } from 'ioredis';
import { StoreUnavailableError, type SessionRecord, type SessionStore } from '../core/index.js';
import { command } from './redis-connection.js';
import { refreshSubscriptions, sessionSubscriptionsKey } from './redis-subscription.store.js';

const STORE = 'the Redis session store';

/**
 * Initialize-era sessions in Redis, one JSON string per session under `<prefix>session:<id>`,
 * with a sliding expiry: every read pushes it back by the idle timeout (Redis `GETEX`), so expiry
 * holds across instances without a timer in any process. The session's resource subscriptions
 * are pushed back with it, once they have less than an idle timeout left, so that they last as
 * long as the session does.
 * @publicApi
 */
export class RedisSessionStore implements SessionStore {
  /** The sessions in use here (a request in flight, an open stream), and what keeps them alive. */
  private readonly held = new Map<string, { count: number; timer: NodeJS.Timeout }>();

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly idleTimeoutMs: number,
  ) {}

  private key(id: string): string {
    return `${this.keyPrefix}session:${id}`;
  }

  async create(record: SessionRecord): Promise<void> {
    await command(STORE, () =>
      this.redis.set(this.key(record.id), JSON.stringify(record), 'PX', this.idleTimeoutMs),
    );
  }

  async get(id: string): Promise<SessionRecord | undefined> {
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
    return JSON.parse(text) as SessionRecord;
  }

  async update(record: SessionRecord): Promise<void> {
    await command(STORE, () =>
      this.redis.set(this.key(record.id), JSON.stringify(record), 'PX', this.idleTimeoutMs, 'XX'),
    );
  }

  /**
   * Keeps a session in use from expiring: while it is held (a long request, an open GET stream),
   * its expiry and its subscriptions' are pushed back every half idle timeout.
   */
  hold(id: string): () => void {
    const entry = this.held.get(id);
    if (entry !== undefined) entry.count++;
    else {
      const timer = setInterval(
        () => void this.get(id).catch(() => undefined),
        this.idleTimeoutMs / 2,
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
    return (await command(STORE, () => this.redis.del(this.key(id)))) > 0;
  }
}
