export { DEFAULT_LIMITS, type ResolvedLimits, type ServerLimits } from './server-limits.js';
