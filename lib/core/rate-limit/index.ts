export {
  InMemoryRateLimitStore,
  type RateLimitHit,
  type RateLimitStore,
} from './rate-limit.store.js';
