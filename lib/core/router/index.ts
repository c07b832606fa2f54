export { Router, type CatalogComponents } from './router.js';
export type { CatalogList, ListKind } from './catalog-list.js';
export type { CompiledToolSchemas, DispatchOptions } from './dispatch-options.interface.js';
export type { DispatchOutcome } from './dispatch-outcome.type.js';
export type {
  AuthorizationPhase,
  AuthorizationPolicy,
  ComponentRef,
} from './authorization-policy.interface.js';
export type { ToolRequestCheck } from './tool-call.js';
