/**
 * `@snodo/nestjs`: Nest providers as a Model Context Protocol server.
 * @packageDocumentation
 */
export {
  SnodoModule,
  SnodoRegistry,
  Arg,
  Output,
  Tool,
  type SnodoModuleExtras,
  type SnodoModuleOptions,
  type ToolHandler,
  type ToolOptions,
} from './nest/index.js';
export {
  AjvValidator,
  BasicValidator,
  Content,
  PassthroughValidator,
  arg,
  toJson,
  ErrorCode,
  InMemorySessionStore,
  MODERN_PROTOCOL_VERSION,
  PROTOCOL_VERSIONS,
  Result,
  SnodoError,
  type ArgumentDeclaration,
  type ArgumentOptions,
  type ArgumentType,
  type CacheHint,
  type SchemaValidator,
  type SchemaValidatorName,
  type ValidationIssue,
  type CallContext,
  type CallToolResult,
  type ContentBlock,
  type Icon,
  type Implementation,
  type JsonObject,
  type JsonSchema,
  type ProtocolVersion,
  type SessionRecord,
  type SessionStore,
  type ToolAnnotations,
  type ToolDefinition,
  type ToolResult,
} from './core/index.js';
export {
  DEFAULT_BODY_LIMIT,
  StreamableHttpTransport,
  type StreamableHttpOptions,
} from './transports/index.js';
