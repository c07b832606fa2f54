import type { JsonObject } from '../wire/json-rpc.type.js';
import type { ListKind } from '../pagination/catalog-list.js';

/**
 * What instances tell each other: a resource changed, a catalog did, or a task (of the tasks
 * extension) did, with the task as `tasks/get` shows it.
 * @publicApi
 */
export type BusMessage =
  | { readonly kind: 'resourceUpdated'; readonly uri: string }
  | { readonly kind: 'listChanged'; readonly list: ListKind }
  | { readonly kind: 'taskChanged'; readonly task: JsonObject & { readonly taskId: string } };

/**
 * Carries notifications between the instances of a server, so that an update announced on one
 * reaches the streams held by the others (Redis pub/sub, for example). Without a bus, a
 * {@link NotificationHub} delivers to the streams of its own process only.
 * @publicApi
 */
export interface NotificationBus {
  /** Sends a message to every instance, this one included. */
  publish(message: BusMessage): void | Promise<void>;
  /**
   * Calls `deliver` for every message any instance publishes, this one's included.
   * @returns a function that stops the delivery.
   */
  subscribe(deliver: (message: BusMessage) => void): () => void;
}
