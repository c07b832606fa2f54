import type { Redis } from 'ioredis';
import type { ReplayEvent, ReplayFollower, SharedReplay } from '../core/internal.js';
import { command } from './redis-connection.js';

const STORE = 'the Redis replay log';

interface Announcement {
  readonly session: string;
  readonly stream: string;
  readonly event?: ReplayEvent;
  readonly end?: true;
}

/**
 * Replay logs in Redis: a list of events per stream (`<prefix>replay:<session>:<stream>`, the last
 * `maxEvents` kept, expiring with the session's idle timeout) plus a completion flag, and live
 * events announced on the channel `<prefix>replay` so that an instance serving a resumed
 * connection follows a stream another instance is still writing.
 * @publicApi
 */
export class RedisReplay implements SharedReplay {
  private readonly channel: string;
  private readonly followers = new Map<string, Set<ReplayFollower>>();

  constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly keyPrefix: string,
    private readonly ttlMs: number,
    private readonly maxEvents = 100,
  ) {
    this.channel = `${keyPrefix}replay`;
    subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.dispatch(text);
    });
  }

  /** Subscribes to the channel (ioredis subscribes again after a reconnection). */
  async start(): Promise<void> {
    await this.subscriber.subscribe(this.channel);
  }

  private key(session: string, stream: string): string {
    return `${this.keyPrefix}replay:${session}:${stream}`;
  }

  async append(session: string, stream: string, event: ReplayEvent): Promise<void> {
    const key = this.key(session, stream);
    const announcement: Announcement = { session, stream, event };
    await command(STORE, () =>
      this.redis
        .multi()
        .rpush(key, JSON.stringify(event))
        .ltrim(key, -this.maxEvents, -1)
        .pexpire(key, this.ttlMs)
        .publish(this.channel, JSON.stringify(announcement))
        .exec(),
    );
  }

  async end(session: string, stream: string): Promise<void> {
    const announcement: Announcement = { session, stream, end: true };
    await command(STORE, () =>
      this.redis
        .multi()
        .set(`${this.key(session, stream)}:ended`, '1', 'PX', this.ttlMs)
        .publish(this.channel, JSON.stringify(announcement))
        .exec(),
    );
  }

  async read(
    session: string,
    stream: string,
    afterSeq: number,
  ): Promise<{ events: ReplayEvent[]; ended: boolean } | undefined> {
    const key = this.key(session, stream);
    const replies = await command(STORE, () =>
      this.redis.multi().lrange(key, 0, -1).get(`${key}:ended`).exec(),
    );
    const items = (replies?.[0]?.[1] ?? []) as string[];
    const ended = replies?.[1]?.[1] === '1';
    if (items.length === 0 && !ended) return undefined;
    const events = items
      .map((item) => JSON.parse(item) as ReplayEvent)
      .filter((event) => event.seq > afterSeq);
    return { events, ended };
  }

  follow(session: string, stream: string, follower: ReplayFollower): () => void {
    const id = `${session}\u0000${stream}`;
    let set = this.followers.get(id);
    if (set === undefined) this.followers.set(id, (set = new Set()));
    set.add(follower);
    return () => {
      set.delete(follower);
      if (set.size === 0) this.followers.delete(id);
    };
  }

  private dispatch(text: string): void {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(text) as Announcement;
    } catch {
      return;
    }
    const set = this.followers.get(`${announcement.session}\u0000${announcement.stream}`);
    if (set === undefined) return;
    for (const follower of [...set]) {
      if (announcement.end === true) follower.end();
      else if (
        typeof announcement.event?.seq === 'number' &&
        typeof announcement.event.data === 'string'
      )
        follower.event(announcement.event);
    }
  }
}
