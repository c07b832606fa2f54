import type { Redis } from 'ioredis';
import type { SessionRecord, SessionStore } from '../core/index.js';
import { command } from './redis-connection.js';

const STORE = 'the Redis session store';

/**
 * Initialize-era sessions in Redis, one JSON string per session under `<prefix>session:<id>`,
 * with a sliding expiry: every read pushes it back by the idle timeout (Redis `GETEX`), so expiry
 * holds across instances without a timer in any process.
 * @publicApi
 */
export class RedisSessionStore implements SessionStore {
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
    const text = await command(STORE, () =>
      this.redis.getex(this.key(id), 'PX', this.idleTimeoutMs),
    );
    return text === null ? undefined : (JSON.parse(text) as SessionRecord);
  }

  async update(record: SessionRecord): Promise<void> {
    await command(STORE, () =>
      this.redis.set(this.key(record.id), JSON.stringify(record), 'PX', this.idleTimeoutMs, 'XX'),
    );
  }

  async delete(id: string): Promise<boolean> {
    return (await command(STORE, () => this.redis.del(this.key(id)))) > 0;
  }
}
