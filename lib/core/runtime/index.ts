export { Runtime, createRuntime, type CatalogList, type RuntimeOptions } from './runtime.js';
export type { CacheHint } from './cache-hint.interface.js';
