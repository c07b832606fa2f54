import type { ToolComponent } from '../components/tool.interface.js';
import type { Implementation } from '../components/call-context.interface.js';
import { checkIcons } from '../components/definition-checks.js';
import type { RuntimeOptions } from './runtime-options.interface.js';
import type { OptionKeys } from './option-keys.js';
import { MESSAGES } from '../errors/messages.constant.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import {
  PROTOCOL_VERSIONS,
  isSupportedVersion,
  type ProtocolVersion,
} from '../wire/protocol-version.js';
import type { CompiledToolSchemas } from '../router/dispatch-options.interface.js';
import type { SchemaValidator } from '../schema/schema-validator.interface.js';

/**
 * The `pagination.pageSize` option, checked.
 * @throws {Error} unless it is a whole number of 1 or more.
 * @internal
 */
export function checkPageSize(pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error(MESSAGES.BAD_PAGE_SIZE);
  return pageSize;
}

/**
 * The `protocols` option, checked, newest first.
 * @throws {Error} when it is empty or names a revision this server does not know.
 * @internal
 */
export function checkProtocols(protocols: readonly ProtocolVersion[]): readonly ProtocolVersion[] {
  if (!Array.isArray(protocols) || protocols.length === 0) {
    throw new Error(MESSAGES.NO_PROTOCOLS(PROTOCOL_VERSIONS));
  }
  for (const version of protocols as readonly unknown[]) {
    if (typeof version !== 'string' || !isSupportedVersion(version)) {
      throw new Error(MESSAGES.UNKNOWN_PROTOCOL(PROTOCOL_VERSIONS));
    }
  }
  return Object.freeze(PROTOCOL_VERSIONS.filter((version) => protocols.includes(version)));
}

/**
 * The server's name and version (and its `server` label, when it has one), checked.
 * @throws {Error} when one is missing or empty.
 * @internal
 */
export function checkIdentity(name: unknown, version: unknown, server?: unknown): void {
  if (typeof name !== 'string' || name.length === 0) throw new Error(MESSAGES.SERVER_NAME_REQUIRED);
  if (typeof version !== 'string' || version.length === 0) {
    throw new Error(MESSAGES.SERVER_VERSION_REQUIRED);
  }
  if (server !== undefined && (typeof server !== 'string' || server.length === 0)) {
    throw new Error(MESSAGES.BAD_SERVER_LABEL);
  }
}

/**
 * Every option of a runtime: what `createRuntime()` checks a caller's options against, and what
 * the Nest module's table starts from. Not public: the layers reach it through lib/core/internal.ts.
 */
export const RUNTIME_OPTION_KEYS: OptionKeys<RuntimeOptions> = {
  name: true,
  version: true,
  title: true,
  description: true,
  websiteUrl: true,
  icons: true,
  server: true,
  instructions: true,
  protocols: true,
  router: true,
  schemaValidator: true,
  authorization: true,
  onHandlerError: true,
  discoveryCache: true,
  capabilities: true,
  extensions: true,
  tasks: true,
  instrumentation: true,
  openTelemetry: true,
  toolsCache: true,
  requestStateSecret: true,
  requestStateSingleUse: true,
  usedTokens: true,
  pagination: true,
  onWarning: true,
  promptsCache: true,
  resourcesCache: true,
  resourceSubscriptions: true,
  limits: true,
  onInternalError: true,
  listChanged: true,
};

const WEB_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/;

/**
 * `serverInfo` from the options: the name and version, and the display fields a client may show
 * (each checked: a string, an absolute http(s) URL, icons as a component's).
 * @throws {Error} naming the option that is wrong.
 * @internal
 */
export function serverInfoOf(options: RuntimeOptions): Implementation {
  checkIdentity(options.name, options.version, options.server);
  const info: Implementation = { name: options.name, version: options.version };
  const text = (key: 'title' | 'description') => {
    const value = options[key];
    if (value === undefined) return;
    if (typeof value !== 'string' || value === '') throw new Error(MESSAGES.BAD_SERVER_TEXT(key));
    info[key] = value;
  };
  text('title');
  text('description');
  if (options.websiteUrl !== undefined) {
    if (typeof options.websiteUrl !== 'string' || !WEB_URL.test(options.websiteUrl))
      throw new Error(MESSAGES.BAD_WEBSITE_URL);
    info.websiteUrl = options.websiteUrl;
  }
  if (options.icons !== undefined) {
    const problem = checkIcons(options.icons);
    if (problem !== undefined) throw new Error(MESSAGES.BAD_SERVER_ICONS(problem));
    info.icons = options.icons.map((icon) => Object.freeze({ ...icon }));
  }
  return Object.freeze(info);
}

/**
 * The schemas of every tool, compiled once by the server's validator (a tool that prepares its
 * own arguments, such as a DTO tool, has no compiled input schema).
 * @throws {Error} naming the tool whose schema the validator refuses.
 * @internal
 */
export function compileToolSchemas(
  tools: readonly ToolComponent[],
  validator: SchemaValidator,
): ReadonlyMap<ToolComponent, CompiledToolSchemas> {
  const compiled = new Map<ToolComponent, CompiledToolSchemas>();
  for (const tool of tools) {
    const { name, inputSchema, outputSchema } = tool.definition;
    const compile = (schema: JsonObject, which: string) => {
      try {
        return validator.compile(schema);
      } catch (error) {
        const reason = (error as Error).message;
        throw new Error(MESSAGES.SCHEMA_NOT_COMPILED(which, name, validator.name, reason));
      }
    };
    compiled.set(tool, {
      input: tool.prepareArguments === undefined ? compile(inputSchema, 'inputSchema') : undefined,
      output: outputSchema === undefined ? undefined : compile(outputSchema, 'outputSchema'),
    });
  }
  return compiled;
}
