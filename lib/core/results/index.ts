export type {
  AudioContent,
  CallToolResult,
  ContentAnnotations,
  ContentBlock,
  EmbeddedResourceContent,
  ImageContent,
  ResourceLinkContent,
  TextContent,
} from './content.type.js';
export { Content, Result, isResult, type ResultOptions, type ToolResult } from './result.js';
export { findNonJson } from './json-value.js';
export type { CacheHint } from './cache-hint.interface.js';
export type { DispatchOutcome } from './dispatch-outcome.type.js';
/** @internal */
export { normalizeToolResult } from './tool-result.normalizer.js';
export { toJson, type JsonValue } from './to-json.js';
export {
  ResourceContent,
  isResourceReadResult,
  type ReadResourceResult,
  type ResourceContents,
  type ResourceReadResult,
} from './resource-result.js';
export {
  MAX_COMPLETION_VALUES,
  PromptMessages,
  isCompletionResult,
  isPromptGetResult,
  type Completion,
  type CompletionResult,
  type GetPromptResult,
  type PromptGetResult,
  type PromptMessage,
} from './prompt-result.js';
