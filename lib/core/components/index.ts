export type {
  Icon,
  PreparedArguments,
  ToolAnnotations,
  ToolComponent,
  ToolDefinition,
  ToolTaskOptions,
} from './tool.interface.js';
export {
  type AskOptions,
  type CallContext,
  type Implementation,
  type LoggingLevel,
  type TransportKind,
} from './call-context.interface.js';
/** @internal */
export { LOGGING_LEVELS } from './call-context.interface.js';
export { argumentAt, type HeaderParam } from './x-mcp-header.js';
/** @internal */
export { collectHeaderParams } from './x-mcp-header.js';
export type { ResourceComponent, ResourceDefinition } from './resource.interface.js';
export type {
  Completable,
  CompletionRequest,
  PromptArgument,
  PromptComponent,
  PromptDefinition,
} from './prompt.interface.js';
export type {
  ComponentHooks,
  ComponentInvocation,
  ComponentOperation,
} from './component-hooks.interface.js';
export type { Tagged } from './tagged.interface.js';
export type {
  AuthorizationPhase,
  AuthorizationPolicy,
  ComponentRef,
} from './authorization-policy.interface.js';
export { type InputRequest } from './input-required.js';
/** @internal */
export { isInputRequired } from './input-required.js';
/** @internal */
export { isThenable } from './thenable.js';
