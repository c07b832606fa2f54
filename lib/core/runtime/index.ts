export { Runtime, createRuntime, type ListOutcome, type RuntimeSource } from './runtime.js';
export type { RuntimeOptions } from './runtime-options.interface.js';
export { checkOptionKeys, closestKey, type OptionKeys } from './option-keys.js';
export { RUNTIME_OPTION_KEYS } from './runtime-checks.js';
