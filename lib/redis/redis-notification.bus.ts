import type { Redis } from 'ioredis';
import type { BusMessage, NotificationBus } from '../core/internal.js';
import { command } from './redis-connection.js';

const BUS = 'the Redis notification bus';

const isBusMessage = (value: unknown): value is BusMessage => {
  const message = value as {
    kind?: unknown;
    uri?: unknown;
    list?: unknown;
    task?: { taskId?: unknown } | null;
  } | null;
  if (typeof message !== 'object' || message === null) return false;
  if (message.kind === 'resourceUpdated') return typeof message.uri === 'string';
  if (message.kind === 'taskChanged') {
    return (
      typeof message.task === 'object' &&
      message.task !== null &&
      !Array.isArray(message.task) &&
      typeof message.task.taskId === 'string'
    );
  }
  return (
    message.kind === 'listChanged' &&
    (message.list === 'tools' || message.list === 'resources' || message.list === 'prompts')
  );
};

/**
 * Notifications between instances over Redis pub/sub, on the channel `<prefix>notifications`.
 * It needs its own connection (a subscribed Redis connection can do nothing else). Messages that
 * are not announcements of this shape are ignored.
 * @publicApi
 */
export class RedisNotificationBus implements NotificationBus {
  private readonly channel: string;
  private readonly listeners = new Set<(message: BusMessage) => void>();

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    keyPrefix: string,
  ) {
    this.channel = `${keyPrefix}notifications`;
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      if (!isBusMessage(message)) return;
      for (const deliver of this.listeners) deliver(message);
    });
  }

  /** Subscribes to the channel (again after every reconnection: ioredis does that itself). */
  async start(): Promise<void> {
    await this.subscriber.subscribe(this.channel);
  }

  async publish(message: BusMessage): Promise<void> {
    await command(BUS, () => this.publisher.publish(this.channel, JSON.stringify(message)));
  }

  subscribe(deliver: (message: BusMessage) => void): () => void {
    this.listeners.add(deliver);
    return () => this.listeners.delete(deliver);
  }
}
