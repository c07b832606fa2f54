import { SKILLS_EXTENSION, type OperationEvent } from '../core/internal.js';
import { SERVER_MESSAGES } from './servers/server.messages.js';

const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** Messages of the Nest layer. @internal */
export const NEST_MESSAGES = {
  BAD_LOG_OPERATIONS: 'Snodo: logOperations must be true or false',
  BAD_HIDE_REFUSED: 'Snodo: hideRefusedComponents must be true or false',
  FILTER_STATUS: (status: number) =>
    `The request failed with status ${status} (an exception filter's answer, without a message)`,
  EXTRA_IN_FACTORY: (key: string) =>
    `Snodo: "${key}" is an option of SnodoModule.forRootAsync() itself, beside useFactory, not of the options the factory returns`,
  BAD_EXPLORER_OPTION: 'Snodo: explorer must be true, false or { path?, guards? }',
  BAD_RATE_LIMIT_KEY: 'Snodo: SnodoRateLimit key must be a function of the invocation',
  BAD_COUNT: (what: string, max: number) =>
    `Snodo: ${what} must be a whole number from 1 to ${max}`,
  TIMED_OUT: (ms: number) => `timed out after ${ms} ms`,
  RUN_TIMED_OUT: (what: string, ms: number) => `${what} timed out after ${ms} ms`,
  PARAMS_WHILE_LISTING:
    'SnodoInvocation.replaceParams(): nothing runs while listing (phase "discovery"); replace params in an interceptor, which runs only for an invocation',
  PIPE_CHANGED_RUN:
    "Snodo: a pipe changed the second parameter of an MCP component (a number Snodo uses to find the run); let pipes leave custom parameters (ArgumentMetadata.type 'custom') alone",
  RESOURCE_PATH_MISMATCH: (resource: string, endpoint: string) =>
    `auth.resource is ${resource}, but the MCP endpoint is served at ${endpoint}: clients ask for tokens for the resource URL, so it should name the endpoint as clients reach it (fine behind a proxy that rewrites paths)`,
  BAD_SCOPE: (scope: string) =>
    `@Scopes(): "${scope}" is not an OAuth scope (printable ASCII, no spaces, quotes or backslashes)`,
  SCOPES_WITHOUT_AUTH: (where: string) =>
    `Snodo: ${where} declares @Scopes(), which needs the auth option (SnodoModule.forRoot({ auth: { resource, authorizationServers } })); refusing to start rather than skip the check`,
  ROUTE_FAILED: 'Internal error: the request failed before it reached the MCP server',
  NOT_A_SNODO_CONTEXT:
    'SnodoExecutionContext: this is not the context of an MCP component (check context.getType())',
  CATALOG_READY: (
    tools: number,
    resources: number,
    prompts: number,
    revisions: readonly string[],
    server?: string,
  ) =>
    `MCP catalog ready${server === undefined ? '' : ` (server "${server}")`}: ${tools} tools, ${resources} resources, ${prompts} prompts; revisions ${revisions.join(', ')}`,
  OPERATION_DONE: (e: OperationEvent) =>
    `${e.operation}${e.component === undefined ? '' : ` ${e.component}`}: ${e.outcome}${e.errorCode === undefined ? '' : ` ${e.errorCode}`} in ${(e.durationMs ?? 0).toFixed(1)} ms (${e.protocolVersion}, ${e.transport}${e.sessionId === undefined ? '' : `, session ${e.sessionId}`})`,
  OPERATION_THREW: (e: OperationEvent) =>
    `${e.operation}${e.component === undefined ? '' : ` ${e.component}`} threw ${e.errorName ?? 'an error'} after ${(e.durationMs ?? 0).toFixed(1)} ms`,
  BAD_SUBSCRIPTION_SOURCE:
    'Snodo: subscriptionSource must be an Observable of resource URIs (anything with subscribe())',
  SOURCE_NEEDS_SUBSCRIPTIONS:
    'Snodo: subscriptionSource needs resourceSubscriptions: true, so that clients can subscribe to what it announces',
  SOURCE_NOT_A_URI:
    'Snodo: subscriptionSource sent a value that is not a resource URI string; such values are ignored',
  SOURCE_ANNOUNCE_FAILED: (reason: string) =>
    `Snodo: a resource change from subscriptionSource could not be announced: ${reason}`,
  SOURCE_FAILED: (reason: string) =>
    `Snodo: subscriptionSource failed and announces nothing more: ${reason}`,
  BAD_SHARED_STORE:
    'Snodo: the store option must be a shared store with sessionStore, subscriptionStore, notificationBus, ready() and close(), such as redisStore({ url }) from @snodo/nestjs/redis',
  NO_SNODO_MODULE:
    'Snodo: the module does not import SnodoModule.forRoot(), so it serves no MCP catalog; import it in the root module',
  CLASS_WITHOUT_METHOD: (className: string, kind: string, method: string) =>
    `Snodo: ${className} is decorated with @${capital(kind)}() but has no ${method}() method; implement ${capital(kind)}Handler or put @${capital(kind)}() on a method`,
  CLASS_WITHOUT_NAME: (className: string, kind: string) =>
    `Snodo: @${capital(kind)}() on the class ${className} needs a "name"`,
  COMPLETE_METHOD_MISSING: (where: string, method: string) =>
    `Snodo: ${where} names complete: "${method}", but the provider has no such method`,
  GUARD_NOT_RESOLVED: (where: string, guard: string) =>
    `Snodo: ${where} declares the guard ${guard}, which Nest could not resolve; register the component as a class provider (not a factory or value provider) in a module that can build ${guard}. Refusing to start rather than skip it`,
  INTERCEPTOR_NOT_RESOLVED: (where: string, interceptor: string) =>
    `Snodo: ${where} declares the interceptor ${interceptor}, which Nest could not resolve; register the component as a class provider in a module that can build ${interceptor}. Refusing to start rather than skip it`,
  REGISTRATION_FAILED: (where: string, reason: string) => `Snodo: ${reason} (declared by ${where})`,
  REGISTRATION_CLASH: (where: string, reason: string, first: string) =>
    `Snodo: ${reason} (declared by ${where}); the first one is declared by ${first}`,
  REQUEST_SCOPED_PROVIDER: (className: string) =>
    `${className} is request-scoped (or depends on a request-scoped provider): it is resolved for each request`,
  ARGUMENTS_DECLARED_TWICE: (where: string, sources: string) =>
    `Snodo: ${where} declares its arguments more than once (${sources}); declare them one way`,
  OUTPUT_DECLARED_TWICE: (where: string) =>
    `Snodo: ${where} declares a second output schema; keep one @Output() block or one outputSchema`,
  DECLARATION_FAILED: (where: string, reason: string) => `Snodo: ${where}: ${reason}`,
  BAD_TOOL_TASK: (where: string) =>
    `Snodo: ${where} has an invalid task option; use 'optional', 'required' or { support, start: 'call' | 'handler' }`,
  DTO_PACKAGES_MISSING:
    'Snodo: DTO arguments need class-transformer and class-validator-jsonschema next to class-validator; install them',
  RECURSIVE_DTO: (trail: string) => `a DTO that contains itself cannot become a schema (${trail})`,
  TRANSPORT_FAILED:
    'Serving a request on the MCP endpoint failed inside the server; the client got -32603 without the details',
  INTERNAL_ERROR: (method: string) =>
    `Serving ${method} failed inside the server; the client got -32603 without the details`,
  HANDLER_THREW: (kind: string, name: string) =>
    `${capital(kind)} "${name}" threw; the client got a safe answer without the details`,
  BODY_READER_LATE:
    'This Nest version (before 11.1.4) tells Snodo of a testing module app only after its body parsers and routes are set up: request bodies on the MCP endpoint are read by the platform, so its size limit and error format apply. Use NestFactory.create, or Nest 11.1.4 or later',
  BODY_READER_UNAVAILABLE: (adapter: string) =>
    `The ${adapter} platform is not one Snodo knows (it knows Express and Fastify): request bodies on the MCP endpoint are read by the platform's own parser, so its size limit and error format apply`,
  MESSAGE_TOOL_BAD_SCHEMA: (tool: string, reason: string) =>
    `Snodo: message tool "${tool}": ${reason}`,
  MESSAGE_TOOL_NO_TARGET: (tool: string, target: string) =>
    `The tool ${tool} cannot run: no client is registered under ${target}; register a ClientProxy under that token with ClientsModule`,
  MESSAGE_TOOL_UNREACHABLE: (tool: string, target: string) =>
    `The tool ${tool} cannot run: the target ${target} is not connected; try again when the service is up`,
  MESSAGE_TOOL_TIMEOUT: (tool: string, ms: number) =>
    `The tool ${tool} got no reply within ${ms} ms`,
  MESSAGE_TOOL_FAILED: (tool: string) =>
    `The tool ${tool} failed: the target could not handle the message`,
  MESSAGE_TOOL_BUILDER_FAILED: (tool: string) =>
    `The tool ${tool} failed: its message could not be built from the arguments`,
  MESSAGE_TOOL_BAD_REPLY: (tool: string) =>
    `The tool ${tool} failed: the reply is not a JSON object; give the declaration an encodeReply`,
  MESSAGE_TOOL_ENCODER_FAILED: (tool: string) =>
    `The tool ${tool} failed: its reply could not be encoded`,
  GUARD_UNAUTHORIZED: (reason: string) => `Unauthorized: ${reason}`,
  BAD_SKILLS_OPTION:
    'Snodo: skills must be { directory: string, path?: string }: the directory that holds the skills, and the prefix of their paths',
  SKILL_FIELD_TWICE: (where: string, field: string) =>
    `Snodo: @Skill() on ${where} sets "${field}" in its frontmatter option; use the ${field} option instead`,
  SKILL_NEEDS_NAME: (where: string) =>
    `Snodo: @Skill() on ${where} gives part of the frontmatter: give both name and description, or leave every frontmatter option out when the manifest has a frontmatter block of its own`,
  SKILL_ON_REQUEST_SCOPED: (where: string) =>
    `Snodo: ${where} declares a skill on a request-scoped provider; skills are built once, at bootstrap, so declare them on a singleton provider`,
  SKILL_CLASS_WITHOUT_FILES: (className: string) =>
    `Snodo: ${className} is a @Skill() class without a files() method; implement SkillHandler`,
  SKILL_FILES_FAILED: (where: string, reason: string) =>
    `Snodo: ${where} failed to give the skill's files: ${reason}`,
  SKILL_FILE_NOT_REGISTERED: (uri: string, reason: string) =>
    `Snodo: the skill file ${uri} cannot be registered: ${reason}`,
  SKILLS_WITHOUT_EXTENSION: (count: number) =>
    `${count} skill(s) are declared, but the extensions option does not turn on ${SKILLS_EXTENSION}: their files are served as resources, and skills/list is not served`,
  ...SERVER_MESSAGES,
} as const;
