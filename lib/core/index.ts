/**
 * `@snodo/nestjs/core`: the framework-free protocol core of Snodo (no Nest, no rxjs, no
 * node:http). What components receive and return (the call context, results, errors), what they
 * are declared with, the contracts of the stores and validators an app may replace, and the
 * runtime an app without Nest serves. Nest apps import the module and decorators from
 * `@snodo/nestjs` and these from here. The report of this surface is `api/core.api.md`.
 * @packageDocumentation
 */

// What a handler gets, and the components it belongs to.
export type {
  AskOptions,
  CallContext,
  Implementation,
  LoggingLevel,
  TransportKind,
} from './components/call-context.interface.js';
export type { InputRequest } from './components/input-required.js';
export type {
  Icon,
  ToolAnnotations,
  ToolComponent,
  ToolDefinition,
  ToolTaskOptions,
} from './components/tool.interface.js';
export type { ResourceComponent, ResourceDefinition } from './components/resource.interface.js';
export type { Tagged } from './components/tagged.interface.js';
export type {
  Completable,
  CompletionRequest,
  PromptArgument,
  PromptComponent,
  PromptDefinition,
} from './components/prompt.interface.js';
export type {
  ComponentHooks,
  ComponentInvocation,
  ComponentOperation,
} from './components/component-hooks.interface.js';
export type {
  AuthorizationPhase,
  AuthorizationPolicy,
  ComponentRef,
} from './components/authorization-policy.interface.js';
export type { AuthInfo } from './auth/auth-info.interface.js';

// What a handler returns.
export { Content, Result, type ResultOptions, type ToolResult } from './results/result.js';
export type {
  AudioContent,
  CallToolResult,
  ContentAnnotations,
  ContentBase,
  ContentBlock,
  EmbeddedResourceContent,
  ImageContent,
  ResourceLinkContent,
  TextContent,
} from './results/content.type.js';
export {
  ResourceContent,
  type ReadResourceResult,
  type ResourceContents,
  type ResourceReadResult,
} from './results/resource-result.js';
export {
  PromptMessages,
  type Completion,
  type CompletionResult,
  type GetPromptResult,
  type PromptGetResult,
  type PromptMessage,
} from './results/prompt-result.js';
export type { CacheHint } from './results/cache-hint.interface.js';
export { toJson, type JsonValue } from './results/to-json.js';
export { isPlainName, safeResourcePath } from './resources/safe-resource-path.js';
export { UriTemplate } from './uri-template/uri-template.js';
export type { TemplateVariables } from './uri-template/uri-template.type.js';

// Errors, and the wire's vocabulary.
export { SnodoError, isSnodoError } from './errors/snodo.error.js';
export { ErrorCode } from './wire/error-code.enum.js';
export type { JsonObject, JsonRpcErrorObject, JsonRpcId } from './wire/json-rpc.type.js';
export { ExactNumberId } from './wire/id-tokens.js';
export {
  MODERN_PROTOCOL_VERSION,
  PROTOCOL_VERSIONS,
  type ProtocolEra,
  type ProtocolVersion,
} from './wire/protocol-version.js';

// Arguments and schemas.
export { arg } from './declarations/argument-schema.builder.js';
export type {
  ArgumentDeclaration,
  ArgumentOptions,
  ArgumentType,
  JsonTypeName,
  RootSchemaOptions,
} from './declarations/argument-declaration.interface.js';
export type {
  CompiledSchema,
  JsonSchema,
  SchemaValidator,
  SchemaValidatorName,
  ValidationIssue,
} from './schema/schema-validator.interface.js';
export { AjvValidator, type AjvValidatorOptions } from './schema/ajv.validator.js';

// A server without Nest.
export { Router } from './router/router.js';
export { Runtime, createRuntime, type RuntimeSource } from './runtime/runtime.js';
export type { RuntimeOptions } from './runtime/runtime-options.interface.js';
export type { ServerLimits } from './limits/server-limits.js';

// The stores an app may replace, and what they hold.
export type { SessionRecord } from './session/session-record.interface.js';
export type { SessionStore } from './session/session-store.interface.js';
export {
  InMemorySessionStore,
  type InMemorySessionStoreOptions,
} from './session/in-memory-session.store.js';
export { ClientSessionLimitError, SessionLimitError } from './session/session-limit.error.js';
export { StoreUnavailableError } from './session/store-unavailable.error.js';
export type { SharedStore } from './session/shared-store.interface.js';
export type {
  ReplayEvent,
  ReplayFollower,
  SharedReplay,
} from './session/shared-replay.interface.js';
export { InMemoryUsedTokenStore, type UsedTokenStore } from './session/used-token.store.js';
export {
  InMemorySubscriptionStore,
  type SubscriptionStore,
} from './notifications/subscription-store.interface.js';
export { NotificationHub } from './notifications/notification-hub.js';
export type { ListKind } from './pagination/catalog-list.js';
export type { BusMessage, NotificationBus } from './notifications/notification-bus.interface.js';
export {
  InMemoryRateLimitStore,
  type RateLimitHit,
  type RateLimitStore,
} from './rate-limit/rate-limit.store.js';

// Tasks (the io.modelcontextprotocol/tasks extension).
export {
  TASKS_EXTENSION,
  type TaskRecord,
  type TaskStatus,
  type TaskView,
} from './task-store/task.js';
export type { TasksOptions } from './task-store/tasks-options.js';
export {
  TaskLimitError,
  type TaskLimitScope,
  type TaskQuota,
  type TaskStore,
} from './task-store/task-store.interface.js';
export {
  InMemoryTaskStore,
  type InMemoryTaskStoreOptions,
} from './task-store/in-memory-task.store.js';

// Skills (the io.modelcontextprotocol/skills extension).
export { SKILLS_EXTENSION, SKILL_MANIFEST } from './wire/skill-constants.js';
export {
  defineSkill,
  registerSkills,
  type DefinedSkill,
  type SkillEntry,
  type SkillResourceEntry,
  type SkillSource,
} from './skills/skill.js';
export {
  loadSkills,
  readSkillDirectory,
  type LoadSkillsOptions,
} from './skills/skill-directory.js';
export type { SkillFile, SkillFiles } from './skills/skill-files.js';
export type { SkillFrontmatter } from './skills/skill-frontmatter.js';

// Instrumentation.
export {
  OPERATION_CHANNEL,
  type InstrumentationHandler,
  type OperationContext,
  type OperationEvent,
} from './instrumentation/operation-events.js';
