// RedisReplay against a real redis-server (npm run test:scale; .ci/run installs redis-server):
// the replay log of a stream, bounded and expiring, read by any instance, and its live events
// and end heard by the instances that follow it.
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { ReplayEvent } from '../core/internal.js';
import { waitFor } from '../../test/helpers/wait-for.js';
import { startRedis, type RedisServer } from '../../test/helpers/redis-server.js';
import { RedisReplay } from './redis-replay.js';

const event = (seq: number): ReplayEvent => ({
  seq,
  data: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { seq } }),
});

/** What a follower heard: the sequence numbers of its events, and `end` when the stream ended. */
const follower = () => {
  const heard: (number | 'end')[] = [];
  return { heard, event: (e: ReplayEvent) => heard.push(e.seq), end: () => heard.push('end') };
};

describe('RedisReplay', () => {
  let redis: RedisServer;
  const connections: Redis[] = [];
  let inspect: Redis;

  /** The replay of one instance: its logs keep `maxEvents` and live `ttlMs`. */
  const replay = async (ttlMs = 60_000, maxEvents = 3): Promise<RedisReplay> => {
    const [commands, subscriber] = [new Redis(redis.url), new Redis(redis.url)];
    connections.push(commands, subscriber);
    const created = new RedisReplay(commands, subscriber, 'r:', ttlMs, maxEvents);
    await created.start();
    return created;
  };

  beforeAll(async () => {
    redis = await startRedis();
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all([...connections, inspect].map((connection) => connection.quit()));
    await redis.stop();
  });

  it('should give any instance the events after the one a client last saw, and whether the stream ended', async () => {
    const [writer, reader] = [await replay(), await replay()];
    expect(await reader.read('s', 'one', 0)).toBeUndefined();
    await writer.append('s', 'one', event(1));
    await writer.append('s', 'one', event(2));
    expect(await reader.read('s', 'one', 0)).toEqual({
      events: [event(1), event(2)],
      ended: false,
    });
    expect(await reader.read('s', 'one', 1)).toEqual({ events: [event(2)], ended: false });
    await writer.end('s', 'one');
    expect(await reader.read('s', 'one', 2)).toEqual({ events: [], ended: true });
    expect(await reader.read('s', 'two', 0)).toBeUndefined();
    expect(await reader.read('other', 'one', 0)).toBeUndefined();
  });

  it('should keep the last maxEvents of a stream, and let the log expire with the session', async () => {
    const writer = await replay(300, 3);
    for (let seq = 1; seq <= 5; seq++) await writer.append('s', 'bounded', event(seq));
    expect(await writer.read('s', 'bounded', 0)).toEqual({
      events: [event(3), event(4), event(5)],
      ended: false,
    });
    expect(await inspect.llen('r:replay:s:bounded')).toBe(3);
    await writer.end('s', 'bounded');
    expect(await inspect.pttl('r:replay:s:bounded')).toBeLessThanOrEqual(300);
    expect(await inspect.pttl('r:replay:s:bounded:ended')).toBeLessThanOrEqual(300);
    await delay(400);
    expect(await writer.read('s', 'bounded', 0)).toBeUndefined();
    expect(await inspect.exists('r:replay:s:bounded', 'r:replay:s:bounded:ended')).toBe(0);
  });

  it('should let an instance follow, live, a stream another writes, until it ends or it stops following', async () => {
    const [writer, reader] = [await replay(), await replay()];
    const [followed, stopped, elsewhere] = [follower(), follower(), follower()];
    reader.follow('s', 'live', followed);
    const stop = reader.follow('s', 'live', stopped);
    reader.follow('s', 'other', elsewhere);
    await writer.append('s', 'live', event(1));
    await waitFor(() => stopped.heard.length === 1, 'the first event');
    stop();
    await inspect.publish('r:replay', 'not json');
    await inspect.publish(
      'r:replay',
      JSON.stringify({ session: 's', stream: 'live', event: { seq: 'x', data: '{}' } }),
    );
    await writer.append('s', 'live', event(2));
    await writer.end('s', 'live');
    await waitFor(() => followed.heard.includes('end'), 'the end of the stream');
    expect(followed.heard).toEqual([1, 2, 'end']);
    expect(stopped.heard).toEqual([1]);
    expect(elsewhere.heard).toEqual([]);
  });
});
