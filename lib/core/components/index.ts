export type {
  Icon,
  PreparedArguments,
  ToolAnnotations,
  ToolComponent,
  ToolDefinition,
  ToolTaskOptions,
} from './tool.interface.js';
export {
  LOGGING_LEVELS,
  type AskOptions,
  type CallContext,
  type Implementation,
  type LoggingLevel,
  type TransportKind,
} from './call-context.interface.js';
export { argumentAt, collectHeaderParams, type HeaderParam } from './x-mcp-header.js';
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
export { isInputRequired, type InputRequest } from './input-required.js';
export { isThenable } from './thenable.js';
