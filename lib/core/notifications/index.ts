export {
  NotificationHub,
  SUBSCRIPTION_ID_META,
  type ListenFilter,
  type ListenLimits,
  type NotificationSink,
} from './notification-hub.js';
export {
  InMemorySubscriptionStore,
  type SubscriptionStore,
} from './subscription-store.interface.js';
export type { BusMessage, NotificationBus } from './notification-bus.interface.js';
