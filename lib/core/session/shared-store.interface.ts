import type { TaskStore } from '../task-store/task-store.interface.js';
import type { NotificationBus } from '../notifications/notification-bus.interface.js';
import type { SubscriptionStore } from '../notifications/subscription-store.interface.js';
import type { SessionStore } from './session-store.interface.js';
import type { SharedReplay } from './shared-replay.interface.js';
import type { UsedTokenStore } from './used-token.store.js';

/**
 * Everything several instances of a server share, from one backend (such as `redisStore()` from
 * `@snodo/nestjs/redis`): initialize-era sessions, resource subscriptions, and the bus that carries
 * notifications between instances, and the replay logs of resumable streams.
 * @publicApi
 */
export interface SharedStore {
  /** The initialize-era sessions, so that any instance serves a session's requests. */
  readonly sessionStore: SessionStore;
  /** The resource subscriptions of those sessions. */
  readonly subscriptionStore: SubscriptionStore;
  /** Carries resource, list and task changes to every instance, for the streams each holds. */
  readonly notificationBus: NotificationBus;
  /** Replay logs for `Last-Event-ID` resumption on any instance; without it, on the writer only. */
  readonly replay?: SharedReplay;
  /** One-time tokens used on any instance (single-use `requestState`). */
  readonly usedTokens?: UsedTokenStore;
  /** Tasks of the tasks extension, so that any instance answers `tasks/get` and `tasks/cancel`. */
  readonly tasks?: TaskStore;
  /** Connects; rejects with a clear message when the backend cannot be reached (at bootstrap). */
  ready(): Promise<void>;
  /** Disconnects (at shutdown). */
  close(): Promise<void>;
}
