/**
 * `@snodo/nestjs/redis`: the shared store for running several instances (needs `ioredis`).
 * @packageDocumentation
 */
export { redisStore, type RedisStore, type RedisStoreOptions } from './redis-store.js';
export { RedisSessionStore } from './redis-session.store.js';
export { RedisSubscriptionStore } from './redis-subscription.store.js';
export { RedisRateLimitStore } from './redis-rate-limit.store.js';
export { RedisNotificationBus } from './redis-notification.bus.js';
export { RedisReplay } from './redis-replay.js';
export { RedisUsedTokenStore } from './redis-used-token.store.js';
export { RedisTaskStore } from './redis-task.store.js';
