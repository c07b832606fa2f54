/**
 * `@snodo/nestjs/redis`: the shared store for running several instances (needs `ioredis`). Its
 * stores are reached through `redisStore()`; the report of this surface is `api/redis.api.md`.
 * @packageDocumentation
 */
export { redisStore, type RedisStore, type RedisStoreOptions } from './redis-store.js';
