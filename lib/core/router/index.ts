export {
  Router,
  type CompiledToolSchemas,
  type DispatchOptions,
  type RouterOperation,
} from './router.js';
export type { DispatchOutcome } from './dispatch-outcome.type.js';
export type {
  AuthorizationPhase,
  AuthorizationPolicy,
  ComponentRef,
} from './authorization-policy.interface.js';
