import type { Redis } from 'ioredis';
import type { SubscriptionStore } from '../core/index.js';
import { command } from './redis-connection.js';

const STORE = 'the Redis subscription store';

/**
 * Resource subscriptions in Redis: a set of sessions per URI and a set of URIs per session, both
 * expiring with the session's idle timeout (refreshed on each subscription).
 * @publicApi
 */
export class RedisSubscriptionStore implements SubscriptionStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly ttlMs: number,
  ) {}

  private byUri(uri: string): string {
    return `${this.keyPrefix}subscribers:${uri}`;
  }

  private bySession(sessionId: string): string {
    return `${this.keyPrefix}subscriptions:${sessionId}`;
  }

  async subscribe(sessionId: string, uri: string): Promise<void> {
    await command(STORE, () =>
      this.redis
        .multi()
        .sadd(this.byUri(uri), sessionId)
        .pexpire(this.byUri(uri), this.ttlMs)
        .sadd(this.bySession(sessionId), uri)
        .pexpire(this.bySession(sessionId), this.ttlMs)
        .exec(),
    );
  }

  async unsubscribe(sessionId: string, uri: string): Promise<void> {
    await command(STORE, () =>
      this.redis
        .multi()
        .srem(this.byUri(uri), sessionId)
        .srem(this.bySession(sessionId), uri)
        .exec(),
    );
  }

  async count(sessionId: string): Promise<number> {
    return command(STORE, () => this.redis.scard(this.bySession(sessionId)));
  }

  async has(sessionId: string, uri: string): Promise<boolean> {
    return (await command(STORE, () => this.redis.sismember(this.bySession(sessionId), uri))) === 1;
  }

  /**
   * The live sessions subscribed to a URI. Members whose session has expired (Redis dropped its
   * key) are pruned here, so that a URI subscribed to for long does not keep the ids of every
   * session that ever subscribed.
   */
  async subscribers(uri: string): Promise<readonly string[]> {
    const members = await command(STORE, () => this.redis.smembers(this.byUri(uri)));
    if (members.length === 0) return members;
    const check = this.redis.multi();
    for (const sessionId of members) check.exists(`${this.keyPrefix}session:${sessionId}`);
    const replies = (await command(STORE, () => check.exec())) ?? [];
    const dead = members.filter((_, index) => replies[index]?.[1] === 0);
    if (dead.length > 0) {
      await command(STORE, () => this.redis.srem(this.byUri(uri), ...dead));
    }
    return members.filter((_, index) => replies[index]?.[1] !== 0);
  }

  async dropSession(sessionId: string): Promise<void> {
    const uris = await command(STORE, () => this.redis.smembers(this.bySession(sessionId)));
    const batch = this.redis.multi();
    for (const uri of uris) batch.srem(this.byUri(uri), sessionId);
    batch.del(this.bySession(sessionId));
    await command(STORE, () => batch.exec());
  }
}
