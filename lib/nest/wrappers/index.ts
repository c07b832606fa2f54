export { SnodoTimeout } from './snodo-timeout.interceptor.js';
export { SnodoConcurrency } from './snodo-concurrency.interceptor.js';
export { SnodoRateLimit, type SnodoRateLimitOptions } from './snodo-rate-limit.interceptor.js';
