export { Runtime, createRuntime, type ListOutcome, type RuntimeSource } from './runtime.js';
export type { RuntimeOptions } from './runtime-options.interface.js';
export { checkOptionKeys, closestKey, type OptionKeys } from './option-keys.js';
