export { SnodoTimeout } from './snodo-timeout.interceptor.js';
export { SnodoConcurrency } from './snodo-concurrency.interceptor.js';
export { SnodoRateLimit, type SnodoRateLimitOptions } from './snodo-rate-limit.interceptor.js';
export {
  InMemoryRateLimitStore,
  type RateLimitHit,
  type RateLimitStore,
} from './rate-limit.store.js';
