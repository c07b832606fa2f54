// RedisNotificationBus against a real redis-server (npm run test:scale; .ci/run installs
// redis-server): announcements carried to every instance on the prefix's channel, and anything
// else on that channel ignored.
import { Redis } from 'ioredis';
import type { BusMessage } from '../core/internal.js';
import { waitFor } from '../../test/helpers/wait-for.js';
import { startRedis, type RedisServer } from '../../test/helpers/redis-server.js';
import { RedisNotificationBus } from './redis-notification.bus.js';

describe('RedisNotificationBus', () => {
  let redis: RedisServer;
  const connections: Redis[] = [];
  let inspect: Redis;

  /**
   * The bus of one instance under `keyPrefix`, subscribed; its subscriber connection also listens
   * to `alsoOn`, as redisStore() shares it with the replay channel.
   */
  const bus = async (keyPrefix: string, alsoOn?: string): Promise<RedisNotificationBus> => {
    const [publisher, subscriber] = [new Redis(redis.url), new Redis(redis.url)];
    connections.push(publisher, subscriber);
    const created = new RedisNotificationBus(publisher, subscriber, keyPrefix);
    await created.start();
    if (alsoOn !== undefined) await subscriber.subscribe(alsoOn);
    return created;
  };

  /** What a bus hears, until the returned `stop()`. */
  const heard = (on: RedisNotificationBus) => {
    const messages: BusMessage[] = [];
    const stop = on.subscribe((message) => messages.push(message));
    return { messages, stop };
  };

  beforeAll(async () => {
    redis = await startRedis();
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all([...connections, inspect].map((connection) => connection.quit()));
    await redis.stop();
  });

  it('should carry announcements to every instance, the publisher included', async () => {
    const [here, there] = [await bus('t:'), await bus('t:')];
    const [heardHere, heardThere] = [heard(here), heard(there)];
    await here.publish({ kind: 'resourceUpdated', uri: 'x://9' });
    await inspect.publish('t:notifications', '{"kind":"evil"}');
    await inspect.publish('t:notifications', 'not json');
    await there.publish({ kind: 'listChanged', list: 'tools' });
    await waitFor(
      () => heardHere.messages.length === 2 && heardThere.messages.length === 2,
      'both messages',
    );
    expect(heardHere.messages).toEqual([
      { kind: 'resourceUpdated', uri: 'x://9' },
      { kind: 'listChanged', list: 'tools' },
    ]);
    expect(heardThere.messages).toEqual(heardHere.messages);
    heardHere.stop();
    heardThere.stop();
  });

  it('should take a changed task, and ignore what only looks like an announcement', async () => {
    const listener = await bus('shapes:');
    const { messages, stop } = heard(listener);
    const sent = [
      { kind: 'resourceUpdated', uri: 7 },
      { kind: 'listChanged', list: 'sessions' },
      { kind: 'taskChanged', task: null },
      { kind: 'taskChanged', task: ['t1'] },
      { kind: 'taskChanged', task: { status: 'working' } },
      null,
      'listChanged',
      { kind: 'taskChanged', task: { taskId: 't1', status: 'completed' } },
    ];
    for (const message of sent)
      await inspect.publish('shapes:notifications', JSON.stringify(message));
    await waitFor(() => messages.length > 0, 'the task change');
    // Redis delivers in order: had any earlier message been taken, it would be here first.
    expect(messages).toEqual([
      { kind: 'taskChanged', task: { taskId: 't1', status: 'completed' } },
    ]);
    stop();
  });

  it('should deliver no more to a listener that stopped, nor what comes on another channel', async () => {
    const [listener, other] = [await bus('mine:', 'mine:replay'), await bus('other:')];
    const stopped = heard(listener);
    const staying = heard(listener);
    stopped.stop();
    await other.publish({ kind: 'resourceUpdated', uri: 'x://other' });
    await inspect.publish('mine:replay', JSON.stringify({ kind: 'resourceUpdated', uri: 'x://r' }));
    await listener.publish({ kind: 'resourceUpdated', uri: 'x://mine' });
    await waitFor(() => staying.messages.length > 0, 'the announcement under mine:');
    expect(staying.messages).toEqual([{ kind: 'resourceUpdated', uri: 'x://mine' }]);
    expect(stopped.messages).toEqual([]);
    staying.stop();
  });
});
