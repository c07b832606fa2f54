export {
  Runtime,
  createRuntime,
  type CatalogList,
  type ListOutcome,
  type RuntimeOptions,
} from './runtime.js';
export type { CacheHint } from './cache-hint.interface.js';
