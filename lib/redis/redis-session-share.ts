import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { ClientSessionLimitError } from '../core/internal.js';
import { command } from './redis-connection.js';

const STORE = 'the Redis session store';

/** Redis's clock in milliseconds, as `now`: one clock for every instance. */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * Takes a place in a client's share, atomically. KEYS[1]: the client's sessions, each scored by
 * when it stops counting (its last refresh plus ARGV[3]). Members past their score are dropped
 * (their sessions expired); at the share (ARGV[2]), the member refreshed least recently makes room
 * when it was refreshed more than ARGV[4] ms ago (so that its session has been idle for longer
 * than the grace period), else the place is refused. ARGV[1]: the new session's id.
 * Returns `{1, evicted id or ''}`, or `{0, ms until a place may be free}`.
 */
const TAKE_PLACE = `${NOW}
local lifetime = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local evicted = ''
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local wait = tonumber(oldest[2]) - lifetime + tonumber(ARGV[4]) - now
  if wait >= 0 then return {0, wait} end
  evicted = oldest[1]
  redis.call('ZREM', KEYS[1], evicted)
end
redis.call('ZADD', KEYS[1], now + lifetime, ARGV[1])
redis.call('PEXPIRE', KEYS[1], lifetime)
return {1, evicted}`;

/** Pushes back when a session of KEYS[1] stops counting (ARGV[1]: its id; ARGV[2]: the lifetime). */
const REFRESH = `${NOW}
local lifetime = tonumber(ARGV[2])
if redis.call('ZADD', KEYS[1], 'XX', 'GT', 'CH', now + lifetime, ARGV[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], lifetime)
end
return 1`;

/** The options of a {@link RedisSessionShare}, checked. @internal */
export interface RedisShareOptions {
  readonly maxSessionsPerClient: number;
  readonly evictionGraceMs: number;
  readonly idleTimeoutMs: number;
}

/**
 * The per-client share of the Redis session store (`maxSessionsPerClient`), across instances:
 * one sorted set per client, `<prefix>client-sessions:{<digest of the client>}`, of its sessions'
 * ids scored by when each stops counting. Each script touches that one key (a hash tag, for Redis
 * Cluster). A session counts from its creation until `idleTimeoutMs + refreshMs` after the last
 * refresh of its score; each instance refreshes the score of a session it serves at most once per
 * `refreshMs`, so that a session in use keeps counting (its score outlives its Redis TTL) and one
 * that expired stops counting at most `refreshMs` after it did, without a timer. DELETE and
 * eviction take it out at once.
 * @internal
 */
export class RedisSessionShare {
  /** How often an instance pushes back the score of a session in use; also how often a held session is refreshed. */
  readonly refreshMs: number;
  private readonly lifetime: number;
  /** When this instance last pushed back each session's score (bounded: forgetting costs one refresh). */
  private readonly refreshed = new LRUCache<string, number>({ max: 10_000 });

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly options: RedisShareOptions,
  ) {
    this.refreshMs = Math.max(
      1,
      Math.floor(Math.min(options.idleTimeoutMs, options.evictionGraceMs) / 2),
    );
    this.lifetime = options.idleTimeoutMs + this.refreshMs;
  }

  /** The sorted set of a client's sessions. */
  key(client: string): string {
    const digest = createHash('sha256').update(client).digest('base64url');
    return `${this.keyPrefix}client-sessions:{${digest}}`;
  }

  /**
   * Takes a place for a new session of `client`.
   * @returns the id of the client's own session that made room, if one did.
   * @throws {ClientSessionLimitError} when the client holds its share and none of its sessions
   *   has been idle past the grace period.
   */
  async take(id: string, client: string): Promise<string | undefined> {
    const { maxSessionsPerClient, evictionGraceMs } = this.options;
    const reply = (await command(STORE, () =>
      this.redis.eval(
        TAKE_PLACE,
        1,
        this.key(client),
        id,
        maxSessionsPerClient,
        this.lifetime,
        evictionGraceMs + this.refreshMs,
      ),
    )) as [number, number | string];
    if (reply[0] === 0) throw new ClientSessionLimitError(maxSessionsPerClient, Number(reply[1]));
    this.refreshed.set(id, Date.now());
    return reply[1] === '' ? undefined : String(reply[1]);
  }

  /**
   * A session of `client` was used: pushes back when it stops counting, when this instance last
   * did more than `refreshMs` ago (or at once, `now`: a session held here, refreshed on a timer).
   * Sent without waiting for it (a lost refresh is made up for by the next one).
   */
  used(id: string, client: string, now = false): void {
    const time = Date.now();
    const last = this.refreshed.get(id);
    if (!now && last !== undefined && time - last < this.refreshMs) return;
    this.refreshed.set(id, time);
    this.redis.eval(REFRESH, 1, this.key(client), id, this.lifetime).catch(() => {
      this.refreshed.delete(id);
    });
  }

  /** Takes a session out of its client's share (DELETE, eviction, or a failed creation). */
  async release(id: string, client: string): Promise<void> {
    this.refreshed.delete(id);
    await command(STORE, () => this.redis.zrem(this.key(client), id));
  }
}
