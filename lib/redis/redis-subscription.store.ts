import type { Redis } from 'ioredis';
import type { SubscriptionStore } from '../core/internal.js';
import { command } from './redis-connection.js';

const STORE = 'the Redis subscription store';

/** The set of URIs one session subscribed to. @internal */
export const sessionSubscriptionsKey = (keyPrefix: string, sessionId: string): string =>
  `${keyPrefix}subscriptions:${sessionId}`;

const subscribersKey = (keyPrefix: string, uri: string): string => `${keyPrefix}subscribers:${uri}`;

/** Every live subscription (`<session>\n<uri>`), scored by when it expires: what `size()` counts. */
const indexKey = (keyPrefix: string): string => `${keyPrefix}subscription-index`;

const member = (sessionId: string, uri: string): string => `${sessionId}\n${uri}`;

/**
 * How long the keys of a subscription live past their last refresh: twice the session idle
 * timeout. The session's store refreshes them once less than one idle timeout is left
 * ({@link refreshSubscriptions}), so that they always outlive the session they belong to, and a
 * session in use never loses them; after it expires, they go within two idle timeouts.
 * @internal
 */
export const subscriptionLifetime = (idleTimeoutMs: number): number => 2 * idleTimeoutMs;

/**
 * Pushes back the expiry of a session's subscriptions (its set, the subscriber sets of its URIs,
 * and their entries in the index), as the session's own expiry is pushed back on use.
 * @internal
 */
export async function refreshSubscriptions(
  redis: Redis,
  keyPrefix: string,
  sessionId: string,
  idleTimeoutMs: number,
): Promise<void> {
  const own = sessionSubscriptionsKey(keyPrefix, sessionId);
  const uris = await command(STORE, () => redis.smembers(own));
  const lifetime = subscriptionLifetime(idleTimeoutMs);
  const batch = redis.multi().pexpire(own, lifetime);
  const expires = Date.now() + lifetime;
  for (const uri of uris) {
    batch.pexpire(subscribersKey(keyPrefix, uri), lifetime);
    // XX: an entry unsubscribed meanwhile is not brought back.
    batch.zadd(indexKey(keyPrefix), 'XX', expires, member(sessionId, uri));
  }
  await command(STORE, () => batch.exec());
}

/**
 * Resource subscriptions in Redis: a set of sessions per URI and a set of URIs per session, and an
 * index of every subscription scored by its expiry, for the total (`limits.maxSubscriptions`).
 * They expire with the session: each subscription sets them to live twice the idle timeout, and
 * the session store pushes that back whenever the session is used ({@link refreshSubscriptions}).
 * @publicApi
 */
export class RedisSubscriptionStore implements SubscriptionStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly ttlMs: number,
  ) {}

  private byUri(uri: string): string {
    return subscribersKey(this.keyPrefix, uri);
  }

  private bySession(sessionId: string): string {
    return sessionSubscriptionsKey(this.keyPrefix, sessionId);
  }

  async subscribe(sessionId: string, uri: string): Promise<void> {
    const lifetime = subscriptionLifetime(this.ttlMs);
    await command(STORE, () =>
      this.redis
        .multi()
        .sadd(this.byUri(uri), sessionId)
        .pexpire(this.byUri(uri), lifetime)
        .sadd(this.bySession(sessionId), uri)
        .pexpire(this.bySession(sessionId), lifetime)
        .zadd(indexKey(this.keyPrefix), Date.now() + lifetime, member(sessionId, uri))
        .exec(),
    );
  }

  async unsubscribe(sessionId: string, uri: string): Promise<void> {
    await command(STORE, () =>
      this.redis
        .multi()
        .srem(this.byUri(uri), sessionId)
        .srem(this.bySession(sessionId), uri)
        .zrem(indexKey(this.keyPrefix), member(sessionId, uri))
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
   * How many subscriptions all sessions of every instance hold, for `limits.maxSubscriptions`:
   * the index without its expired entries. A session that expired keeps counting until its
   * subscriptions do (at most two idle timeouts after its last use).
   */
  async size(): Promise<number> {
    const index = indexKey(this.keyPrefix);
    const replies = await command(STORE, () =>
      this.redis.multi().zremrangebyscore(index, '-inf', Date.now()).zcard(index).exec(),
    );
    return Number(replies?.[1]?.[1] ?? 0);
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
      const prune = this.redis.multi().srem(this.byUri(uri), ...dead);
      prune.zrem(indexKey(this.keyPrefix), ...dead.map((sessionId) => member(sessionId, uri)));
      await command(STORE, () => prune.exec());
    }
    return members.filter((_, index) => replies[index]?.[1] !== 0);
  }

  async dropSession(sessionId: string): Promise<void> {
    const uris = await command(STORE, () => this.redis.smembers(this.bySession(sessionId)));
    const batch = this.redis.multi();
    for (const uri of uris) batch.srem(this.byUri(uri), sessionId);
    if (uris.length > 0)
      batch.zrem(indexKey(this.keyPrefix), ...uris.map((uri) => member(sessionId, uri)));
    batch.del(this.bySession(sessionId));
    await command(STORE, () => batch.exec());
  }
}
