import { MODERN_PROTOCOL_VERSION, PROTOCOL_VERSIONS, REVISIONS } from '../wire/protocol-version.js';
import {
  SKILL_LIMITS,
  SKILL_MANIFEST,
  SKILLS_EXTENSION,
  RESERVED_METADATA_PREFIX,
} from '../wire/skill-constants.js';
import { WIRE_MESSAGES } from '../wire/wire.messages.js';

const BATCH_REVISIONS = PROTOCOL_VERSIONS.filter((version) => REVISIONS[version].batches).join(
  ', ',
);

/**
 * Every message the protocol core sends or throws, in one place (the wire layer's refusals
 * included, from wire/wire.messages.ts): what clients are answered, then what stops a server from
 * starting (configuration and definitions, prefixed `Snodo:`).
 * Messages name what is wrong and what to do; they never echo argument values.
 * @internal
 */
export const MESSAGES = {
  ...WIRE_MESSAGES,
  /** A `resource_link` block, as text for a revision without them. */
  RESOURCE_LINK_AS_TEXT: (label: string, uri: string) => `${label}: ${uri}`,
  /** An audio block, as text for a revision without audio content. */
  AUDIO_AS_TEXT: (mimeType: string) =>
    `[audio content (${mimeType}) that this client's protocol revision cannot carry]`,
  BATCH_NOT_SUPPORTED: `Invalid request: batches are served only in sessions at protocol revision ${BATCH_REVISIONS}; send one JSON-RPC message per request`,
  INITIALIZE_IN_BATCH: 'Invalid request: initialize cannot be part of a batch; send it alone',
  INTERNAL: 'Internal error: the request could not be served; the server logged the cause',
  RESPONSE_NOT_ACCEPTED:
    'Invalid request: this server sends no requests, so it accepts no responses',
  METHOD_NOT_FOUND: (method: string) => `Method not found: ${method}`,
  METHOD_NOT_IN_REVISION: (method: string, version: string) =>
    `Method not found: ${method} is not part of protocol revision ${version}`,
  MISSING_META: `Invalid params: a ${MODERN_PROTOCOL_VERSION} request must carry params._meta with "io.modelcontextprotocol/protocolVersion" and "io.modelcontextprotocol/clientCapabilities"`,
  MISSING_META_KEY: (key: string) =>
    `Invalid params: params._meta is missing the required key "${key}"`,
  BAD_META_KEY: (key: string, expected: string) =>
    `Invalid params: params._meta["${key}"] must be ${expected}`,
  UNSUPPORTED_VERSION: (version: string) => `Unsupported protocol version: ${version}`,
  NOT_INITIALIZED: 'Invalid request: send "initialize" before any other request in a session',
  INITIALIZE_NEEDS_VERSION: 'Invalid params: initialize needs params.protocolVersion (a string)',
  HEADER_MISSING: (header: string) => `Header mismatch: the ${header} header is required`,
  HEADER_MISMATCH: (header: string, field: string) =>
    `Header mismatch: the ${header} header does not match ${field} in the body`,
  HEADER_MALFORMED: (header: string) => `Header mismatch: the ${header} header is malformed`,
  HEADER_REPEATED: (header: string) => `Header mismatch: the ${header} header is repeated`,
  UNKNOWN_TOOL: (name: string) => `Unknown tool: ${name}`,
  TOOL_NAME_REQUIRED: 'Invalid params: tools/call needs params.name (a string)',
  ARGUMENTS_NOT_OBJECT: 'Invalid params: "arguments" must be an object',
  MISSING_REQUIRED_ARGUMENTS: (names: readonly string[]) =>
    `Missing required arguments: ${names.join(', ')}`,
  INVALID_ARGUMENTS: (path: string, rule: string) => `Invalid arguments at ${path}: ${rule}`,
  OUTPUT_MISMATCH: (name: string, path: string, rule: string) =>
    `Tool "${name}" returned structured content that does not match its outputSchema at ${path}: ${rule}`,
  TOOL_FAILED: (name: string) => `Tool "${name}" failed with an internal error`,
  TOOL_NOT_JSON: (name: string, reason: string) =>
    `Tool "${name}" returned a value that is not JSON: ${reason}`,
  TOOL_OUTPUT_MISSING: (name: string) =>
    `Tool "${name}" declares an outputSchema but returned no structured content`,
  INVALID_CURSOR: 'Invalid cursor',
  RESOURCE_NOT_FOUND: (uri: string) => `Resource not found: ${uri}`,
  UNAUTHORIZED: 'Unauthorized: authenticate to use this component',
  FORBIDDEN: 'Forbidden: you may not use this component',
  MULTIPLE_RESOURCE_ROUTES: 'Multiple resource routes matched the requested URI',
  RESOURCE_URI_REQUIRED: 'Invalid params: this method needs params.uri (a string)',
  RESOURCE_FAILED: (name: string) => `Resource "${name}" failed with an internal error`,
  RESOURCE_NOT_JSON: (name: string, reason: string) =>
    `Resource "${name}" returned a value that is not JSON: ${reason}`,
  DUPLICATE_RESOURCE_NAME: (name: string) =>
    `A resource named "${name}" is already registered by another component`,
  DUPLICATE_RESOURCE_URI: (uri: string) =>
    `The resource URI "${uri}" is already registered by another component`,
  DUPLICATE_TEMPLATE: (template: string) =>
    `The URI template "${template}" is already registered by another component`,
  URI_MATCHED_BY_TEMPLATE: (uri: string, template: string) =>
    `The resource URI "${uri}" is matched by the URI template "${template}" of another component; give them distinct literal prefixes`,
  TEMPLATE_MATCHES_URI: (template: string, uri: string) =>
    `The URI template "${template}" matches the resource URI "${uri}" of another component; give them distinct literal prefixes`,
  INVALID_RESOURCE: (name: string, reason: string) =>
    `Resource "${name}" has an invalid definition: ${reason}`,
  UNKNOWN_PROMPT: (name: string) => `Unknown prompt: ${name}`,
  PROMPT_NAME_REQUIRED: 'Invalid params: prompts/get needs params.name (a string)',
  PROMPT_ARGUMENT_NOT_STRING: (name: string) =>
    `Invalid params: prompt argument "${name}" must be a string`,
  MISSING_PROMPT_ARGUMENTS: (names: readonly string[]) =>
    `Invalid params: missing required arguments: ${names.join(', ')}`,
  PROMPT_FAILED: (name: string) => `Prompt "${name}" failed with an internal error`,
  PROMPT_INVALID_RESULT: (name: string, reason: string) =>
    `Prompt "${name}" returned an invalid result: ${reason}`,
  DUPLICATE_PROMPT: (name: string) =>
    `A prompt named "${name}" is already registered by another component`,
  INVALID_PROMPT: (name: string, reason: string) =>
    `Prompt "${name}" has an invalid definition: ${reason}`,
  COMPLETION_REF_REQUIRED:
    'Invalid params: completion/complete needs ref {type: "ref/prompt", name} or {type: "ref/resource", uri}',
  COMPLETION_ARGUMENT_REQUIRED:
    'Invalid params: completion/complete needs argument {name, value} (strings)',
  UNKNOWN_TEMPLATE: (uri: string) => `Unknown resource template: ${uri}`,
  COMPLETION_FAILED: (name: string) => `Completion of "${name}" failed with an internal error`,
  COMPLETION_INVALID_RESULT: (name: string) =>
    `Completion of "${name}" returned an invalid result: return an array of strings or Result.completion(...)`,
  BAD_REQUEST_STATE:
    'Invalid params: requestState is invalid, expired or was issued for another request; send the request again without it',
  MISSING_CAPABILITY: (capability: string) =>
    `Missing required client capability: this request needs "${capability}"; declare it in the client capabilities`,
  BAD_TASKS_OPTIONS:
    'Snodo: tasks must be an object: { ttlMs, pollIntervalMs, maxTasks, maxTasksPerClient, maxRunning, maxResultBytes, maxTotalBytes, store }',
  BAD_TASKS_PER_CLIENT:
    'Snodo: tasks.maxTasksPerClient must not exceed tasks.maxTasks: one client may hold a share of the tasks, not more than all of them',
  BAD_TASKS_BYTES:
    'Snodo: tasks.maxResultBytes must not exceed tasks.maxTotalBytes: the in-memory store keeps room for the result of every task that has not ended',
  BAD_TASKS_OPTION: (name: string, max: number) =>
    `Snodo: tasks.${name} must be a whole number from 1 to ${max}`,
  BAD_TASK_STORE:
    'Snodo: tasks.store must be a TaskStore: an object with create(), get() and replace()',
  UNKNOWN_TASK: 'Invalid params: unknown or expired taskId; start the task again with tools/call',
  TASK_ID_REQUIRED: 'Invalid params: taskId is required (a string)',
  INPUT_RESPONSES_NOT_OBJECT:
    'Invalid params: inputResponses must be an object of answers by input key',
  TASKS_BUSY: (max: number) =>
    `Too many tasks are running on this server (${max}); try again when one has ended`,
  TASKS_FULL: 'The server holds as many tasks as it may; try again when older tasks have expired',
  TASKS_CLIENT_FULL: (max: number) =>
    `Too many tasks: a client may hold ${max} at once (tasks.maxTasksPerClient), running or ended until they expire; read the result of an ended task with tasks/get to make room, or retry after the Retry-After delay`,
  TASK_RESULT_TOO_LARGE: (bytes: number, max: number) =>
    `The result of this task was ${bytes} bytes, more than the ${max} a task keeps (tasks.maxResultBytes); call the tool again with arguments that ask for less`,
  TASK_ERROR_TOO_LARGE: (max: number) =>
    `The task failed with an error larger than the ${max} bytes a task keeps (tasks.maxResultBytes)`,
  TASK_FAILED: 'The task failed with an internal error',
  LISTEN_TASK_IDS_NOT_STRINGS:
    'Invalid params: notifications.taskIds must be an array of task ids (strings)',
  LISTEN_TASK_IDS_TOO_MANY: (max: number) =>
    `Invalid params: notifications.taskIds names more than ${max} tasks; listen to fewer on each stream`,
  TASK_CANCELLED: 'The task was cancelled (tasks/cancel)',
  TASK_STORE_FULL: (max: number) => `the task store holds its maximum of ${max} tasks`,
  TASK_STORE_BYTES_FULL: (max: number) =>
    `the task store holds its maximum of ${max} bytes (results of running tasks counted in full)`,
  TASK_CLIENT_QUOTA: (max: number) => `the client holds its maximum of ${max} tasks`,
  TASK_NOT_SUPPORTED: (name: string) =>
    `Snodo: the tool "${name}" cannot start a task: declare it with task support ({ task: 'optional' | 'required' })`,
  MISSING_EXTENSION: (id: string) =>
    `Missing required client capability: this request needs the extension "${id}"; declare it in the client capabilities under extensions`,
  SKILL_URI_REQUIRED:
    'Invalid params: skills/get needs params.uri (a string), the URI of a skill manifest such as skill://git-workflow/SKILL.md',
  UNKNOWN_SKILL: 'Invalid params: no skill is served at this URI; list them with skills/list',
  DIRECTORY_URI_REQUIRED:
    'Invalid params: resources/directory/read needs params.uri (a string), the URI of a directory',
  NOT_A_DIRECTORY:
    'Invalid params: this URI is not a directory the server serves; read files with resources/read',
  NO_CLIENT_CHANNEL: (method: string) =>
    `Cannot send ${method} to the client: this transport has no channel for server requests`,
  CLIENT_REQUEST_TIMEOUT: (method: string) => `The client did not answer ${method} in time`,
  SESSION_ENDED: 'The session ended before the client answered',
  SUBSCRIPTIONS_DISABLED: 'Method not found: resource subscriptions are not enabled on this server',
  URI_TOO_LONG: (max: number) =>
    `Invalid params: the URI is longer than ${max} characters; subscribe to a shorter one`,
  SESSION_SUBSCRIPTIONS_FULL: (max: number) =>
    `Invalid params: a session may hold at most ${max} subscriptions; unsubscribe from one first`,
  SUBSCRIPTIONS_FULL:
    'Service unavailable: the server holds as many subscriptions as it may; retry later',
  LISTEN_URIS_TOO_MANY: (max: number) =>
    `Invalid params: a listen stream may ask for at most ${max} resource URIs; split them over several streams`,
  LISTEN_STREAMS_FULL:
    'Service unavailable: the server has as many listen streams open as it may; retry later',
  BAD_LOG_LEVEL:
    'Invalid params: logLevel must be one of debug, info, notice, warning, error, critical, alert, emergency',
  DUPLICATE_TOOL: (name: string) =>
    `A tool named "${name}" is already registered by another component`,
  INVALID_TOOL: (name: string, reason: string) =>
    `Tool "${name}" has an invalid definition: ${reason}`,

  // ---- what stops a server from starting: configuration and definitions ----
  WEAK_REQUEST_STATE_SECRET: (bytes: number) =>
    `Snodo: requestStateSecret must be a string of at least ${bytes} bytes (openssl rand -base64 48 makes one)`,
  BAD_SINGLE_USE: 'Snodo: requestStateSingleUse must be true or false',
  BAD_LIMITS: 'Snodo: limits must be an object of limits, such as { maxJsonDepth: 64 }',
  UNKNOWN_LIMIT: (name: string, known: readonly string[]) =>
    `Snodo: limits.${name} is not a limit; choose from ${known.join(', ')}`,
  BAD_LIMIT: (name: string) => `Snodo: limits.${name} must be a whole number of 1 or more`,
  BAD_USED_TOKEN_MAX:
    'Snodo: InMemoryUsedTokenStore needs max as a whole number of 1 or more (how many used tokens it remembers)',
  DUPLICATE_METHOD: (method: string) =>
    `Snodo: the method ${method} is in the method table twice; give each method one descriptor`,
  NO_METHOD_TO_REPLACE: (method: string) =>
    `Snodo: an extension replaces the method ${method}, which the method table does not have`,
  SERVER_NAME_REQUIRED: 'Snodo: the server needs a non-empty "name"',
  SERVER_VERSION_REQUIRED: 'Snodo: the server needs a non-empty "version"',
  BAD_SERVER_LABEL:
    'Snodo: the "server" option must be a non-empty string that tells this server from the others of the process',
  BAD_INSTRUMENTATION: 'Snodo: instrumentation must be a function that takes an operation event',
  BAD_OPEN_TELEMETRY: 'Snodo: openTelemetry must be true or false',
  BAD_PAGE_SIZE: 'Snodo: pagination.pageSize must be a whole number of 1 or more',
  SCHEMA_NOT_COMPILED: (which: string, tool: string, validator: string, reason: string) =>
    `Snodo: the ${which} of tool "${tool}" cannot be compiled by the ${validator} validator: ${reason}`,
  BAD_SERVER_TEXT: (option: string) =>
    `Snodo: ${option} must be a non-empty string (it is sent in serverInfo)`,
  BAD_WEBSITE_URL:
    'Snodo: websiteUrl must be an absolute http or https URL, such as https://example.com/docs (it is sent in serverInfo)',
  BAD_SERVER_ICONS: (problem: string) => `Snodo: the server's ${problem}`,
  UNKNOWN_OPTION: (where: string, key: string, suggestion: string | undefined) =>
    `Snodo: ${where} has no option "${key}"${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
  NO_PROTOCOLS: (known: readonly string[]) =>
    `Snodo: protocols must list at least one of ${known.join(', ')}`,
  UNKNOWN_PROTOCOL: (known: readonly string[]) =>
    `Snodo: protocols lists an unknown revision; choose from ${known.join(', ')}`,
  LIST_CACHE_MADE_PRIVATE: (option: string) =>
    `Snodo: ${option}.scope is "public", but authorization (a policy or guards) makes lists vary per caller; it is sent as "private"`,
  BAD_TTL: (option: string) => `Snodo: ${option}.ttlMs must be an integer of 0 or more`,
  BAD_SCOPE: (option: string) => `Snodo: ${option}.scope must be "public" or "private"`,
  BAD_CAPABILITIES: 'Snodo: capabilities must be an object of capabilities',
  EXTENSIONS_IN_CAPABILITIES:
    'Snodo: declare extensions with the extensions option, not capabilities.extensions (they are advertised only where the revision has them)',
  BAD_CAPABILITY: (name: string) =>
    `Snodo: capabilities.${name} must be an object (use {} to advertise it)`,
  SUBSCRIBE_NOT_SERVED:
    'Snodo: capabilities.resources.subscribe needs resourceSubscriptions: true, so that resources/subscribe is served',
  LIST_CHANGED_NOT_SERVED: (name: string) =>
    `Snodo: capabilities.${name}.listChanged needs listChanged: true, so that list changes are announced`,
  BAD_EXTENSIONS: 'Snodo: extensions must be an object: { "com.example/feature": { ... } }',
  BAD_EXTENSION_ID: (id: string) =>
    `Snodo: the extension id "${id}" must be prefix/name with a dot-separated prefix, such as com.example/feature`,
  BAD_EXTENSION_SETTINGS: (id: string) =>
    `Snodo: the settings of extension "${id}" must be an object ({} for none)`,
  BAD_SKILLS_SETTING: (key: string) =>
    `Snodo: the settings of extension "${SKILLS_EXTENSION}" have no "${key}"; the one setting is directoryRead (true or false)`,
  BAD_DIRECTORY_READ: `Snodo: the directoryRead setting of extension "${SKILLS_EXTENSION}" must be true or false`,
  INVALID_SKILL: (where: string, reason: string) =>
    `Snodo: the skill ${where} is invalid: ${reason}`,
  SKILL_FILES_NOT_OBJECT:
    'its files must be an object of contents (a string, a Uint8Array or { content, mimeType }) by relative path',
  SKILL_MANIFEST_MISSING: `it has no ${SKILL_MANIFEST} at its root`,
  SKILL_MANIFEST_NOT_TEXT: `its ${SKILL_MANIFEST} must be UTF-8 text`,
  SKILL_NO_FRONTMATTER: `its ${SKILL_MANIFEST} must begin with a YAML frontmatter block between two "---" lines (or the frontmatter must be given apart, with name and description)`,
  SKILL_FRONTMATTER_TWICE: `the frontmatter is given twice: the options give it, and its ${SKILL_MANIFEST} begins with a frontmatter block of its own; keep one`,
  SKILL_FRONTMATTER_YAML: (reason: string) => `its frontmatter is not valid YAML: ${reason}`,
  SKILL_FRONTMATTER_NOT_OBJECT: 'its frontmatter must be a mapping of fields',
  SKILL_FRONTMATTER_NOT_JSON: (reason: string) =>
    `its frontmatter must hold JSON data only (strings, finite numbers, booleans, null, lists, mappings): ${reason}`,
  SKILL_NAME_RULE:
    'frontmatter.name must be 1 to 64 lowercase letters, digits and hyphens, with no hyphen at either end and no two in a row (the Agent Skills naming rules)',
  SKILL_DESCRIPTION_RULE:
    'frontmatter.description must be a non-empty string of at most 1024 characters',
  SKILL_METADATA_NOT_OBJECT: 'frontmatter.metadata must be a mapping',
  SKILL_METADATA_RESERVED: (key: string) =>
    `frontmatter.metadata has the key "${key}", under the prefix ${RESERVED_METADATA_PREFIX} that MCP extensions reserve`,
  SKILL_BAD_PATH:
    'its path must be "/"-separated segments of lowercase letters, digits, ".", "_", "~" and "-", none empty, "." or ".."',
  SKILL_BAD_FILE_PATH: (file: string) =>
    `the file path ${JSON.stringify(file)} must be relative and "/"-separated, without empty, "." or ".." segments, backslashes or control characters`,
  SKILL_FILE_IS_DIRECTORY: (file: string) =>
    `the path ${JSON.stringify(file)} is a file and the directory of other files at once`,
  SKILL_BAD_FILE: (file: string) =>
    `the file ${JSON.stringify(file)} must be a string, a Uint8Array or { content, mimeType? }`,
  SKILL_TOO_MANY_FILES: (count: number) =>
    `it has ${count} files; a skill may have at most ${SKILL_LIMITS.maxFiles}, its manifest included`,
  SKILL_TOO_LARGE: (bytes: number) =>
    `its files hold ${bytes} bytes; a skill may hold at most ${SKILL_LIMITS.maxBytes} (16 MiB)`,
  SKILL_FILE_CONFLICT: (uri: string) =>
    `Snodo: the skill file ${uri} belongs to two skills with different contents or guards; give the skills distinct paths`,
  SKILL_DIRECTORY_UNREADABLE: (directory: string, reason: string) =>
    `Snodo: the skills directory ${directory} cannot be read: ${reason}`,
  SKILL_NOT_A_DIRECTORY: (directory: string) =>
    `Snodo: ${directory} is not a directory; give the directory that holds the skills`,
  SKILL_LINK_OUTSIDE: (file: string) =>
    `Snodo: ${file} is a symbolic link that leads out of the skills directory; skills are served only from inside it`,
  SKILL_LINK_TO_DIRECTORY: (file: string) =>
    `Snodo: ${file} is a symbolic link to a directory, which is not followed; copy the directory, or link its files one by one`,
  SKILL_SPECIAL_FILE: (file: string) =>
    `Snodo: ${file} is neither a regular file nor a directory; remove it from the skills directory`,
  SKILL_AT_ROOT: (directory: string) =>
    `Snodo: ${directory} has a ${SKILL_MANIFEST} of its own; it holds skills, each in a subdirectory named after the skill`,
  SKILL_NOT_IN_DIRECTORY: (directory: string) =>
    `Snodo: ${directory} has no ${SKILL_MANIFEST}; give the directory of one skill`,
  SKILL_NAME_NOT_DIRECTORY: (directory: string, name: string) =>
    `Snodo: the skill in ${directory} is named "${name}" in its frontmatter; a skill's directory must have the skill's name`,
  SKILL_TREE_TOO_LARGE: (max: number) =>
    `Snodo: the skills directory holds more than ${max} files and directories; serve fewer, or split them`,
  SKILL_TREE_TOO_DEEP: (max: number) =>
    `Snodo: the skills directory nests deeper than ${max} levels`,
  SKILL_FILE_CHANGED: (file: string) =>
    `Snodo: ${file} changed while the skills were read; start the server again`,
  BAD_SESSION_IDLE_TIMEOUT:
    'Snodo: sessions.idleTimeoutMs must be a whole number of milliseconds, 1 or more',
  BAD_MAX_SESSIONS: 'Snodo: sessions.maxSessions must be a whole number, 1 or more',
  BAD_EVICTION_GRACE:
    'Snodo: sessions.evictionGraceMs must be a whole number of milliseconds, 1 or more',
  SESSIONS_FULL: (max: number) =>
    `Service unavailable: the server holds as many sessions as it may (${max}), all in use or used recently; retry later`,
  BAD_MAX_SESSIONS_PER_CLIENT:
    'Snodo: sessions.maxSessionsPerClient must be a whole number, 1 or more',
  CLIENT_SESSIONS_FULL: (max: number) =>
    `Too many requests: this client holds as many sessions as one client may (${max}), all in use or used recently; end the sessions it no longer uses (DELETE with their Mcp-Session-Id), or retry after the Retry-After delay`,
  STORE_UNREACHABLE: (store: string) => `Snodo: ${store} cannot be reached`,
  BAD_SCHEMA_VALIDATOR:
    'Snodo: schemaValidator must be "passthrough", "basic", "ajv" or an object with compile(schema)',
  SCHEMA_NOT_OBJECT: (where: string) => `the schema at ${where || '/'} is not an object or boolean`,
  SCHEMA_UNSUPPORTED_KEYWORD: (where: string, keyword: string) =>
    `the schema at ${where || '/'} uses "${keyword}", which the basic validator does not support`,
  BAD_ARGUMENT_DECLARATION: (path: string, problem: string) => `argument "${path}": ${problem}`,
  ROOT_SCHEMA_CLASH: (keyword: string) =>
    `the root schema cannot set "${keyword}", which the declarations generate`,
  CYCLIC_VALUE: (path: string) => `toJson: the value at ${path || '/'} is a cyclic reference`,
  EXPAND_NEEDS_VALUE: (name: string) => `expand: the template needs a value for "${name}"`,
  HEADER_PARAM_UNREACHABLE: (at: string) =>
    `x-mcp-header at ${at} must be on a property reached through "properties" only`,
  HEADER_PARAM_NOT_TOKEN: (at: string) =>
    `x-mcp-header at ${at} must be a non-empty HTTP token (letters, digits and !#$%&'*+-.^_\`|~)`,
  HEADER_PARAM_TYPE: (at: string) =>
    `x-mcp-header at ${at} needs a property of type "string", "integer" or "boolean"`,
  HEADER_PARAM_REPEATED: (name: string, at: string, previous: string) =>
    `x-mcp-header "${name}" at ${at} repeats the one at ${previous} (names ignore case)`,
  BAD_PATTERN: (pattern: string) =>
    `the pattern ${JSON.stringify(pattern)} is not a valid regular expression`,
  BAD_AJV_COMPILE: 'Snodo: the ajv validator\'s compile option must be "lazy" or "eager"',
  INVALID_SCHEMA: (reason: string) => `the schema is invalid: ${reason}`,
  UNSUPPORTED_DIALECT: (dialect: unknown) =>
    `the schema declares the dialect ${JSON.stringify(dialect)}, which is not supported; use JSON Schema 2020-12 or draft-07`,
} as const;
