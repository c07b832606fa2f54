import type { CallContext, Implementation } from '../components/call-context.interface.js';
import { DEFAULT_PAGE_SIZE, fingerprintOf } from '../pagination/cursor.codec.js';
import type { DispatchOutcome } from '../router/dispatch-outcome.type.js';
import { RequestStateCodec } from '../protocol/input-required.js';
import type { PromptComponent } from '../components/prompt.interface.js';
import type { ResourceComponent } from '../components/resource.interface.js';
import type { ToolComponent } from '../components/tool.interface.js';
import type { JsonObject } from '../protocol/json-rpc.type.js';
import {
  PROTOCOL_VERSIONS,
  isModernVersion,
  isSupportedVersion,
  type ProtocolVersion,
} from '../protocol/protocol-version.js';
import type { AuthorizationPolicy } from '../router/authorization-policy.interface.js';
import type { CompiledToolSchemas, DispatchOptions } from '../router/router.js';
import type {
  InstrumentationHandler,
  RequestTracing,
} from '../instrumentation/operation-events.js';
import { OpenTelemetryTracing, loadOpenTelemetry } from '../instrumentation/open-telemetry.js';
import { checkExtensions, mergeCapabilities } from './capabilities.js';
import { resolveSchemaValidator } from '../schema/schema-validator.factory.js';
import type { SchemaValidator, SchemaValidatorName } from '../schema/schema-validator.interface.js';
import { Router } from '../router/router.js';
import { checkCacheHint, type CacheHint } from './cache-hint.interface.js';
import {
  encodePromptDefinition,
  encodeResourceDefinition,
  encodeToolDefinition,
} from './tool.encoder.js';

/**
 * What a runtime is built from.
 * @publicApi
 */
export interface RuntimeOptions {
  /** The server's programmatic name, sent as `serverInfo.name`. */
  name: string;
  /** The server's version, sent as `serverInfo.version`. */
  version: string;
  /** A display name, sent as `serverInfo.title`. */
  title?: string;
  /** Natural-language hints for the model, sent by `initialize` and `server/discover`. */
  instructions?: string;
  /**
   * The protocol revisions served. An initialize-era client asking for one that is not served is
   * offered the newest served initialize-era revision.
   * @default all of {@link PROTOCOL_VERSIONS}
   */
  protocols?: readonly ProtocolVersion[];
  /** The components. @default an empty router */
  router?: Router;
  /**
   * Checks tool arguments and structured results: `passthrough` (none), `basic` (the
   * dependency-free subset), `ajv` (full JSON Schema 2020-12) or your own validator. Every tool
   * schema is compiled once, when the runtime is built.
   * @default 'passthrough'
   */
  schemaValidator?: SchemaValidatorName | SchemaValidator;
  /** Decides visibility and access of components. @default allow everything */
  authorization?: AuthorizationPolicy;
  /** Told about handler errors that became safe `isError` results (for logging). */
  onHandlerError?: DispatchOptions['onHandlerError'];
  /** Cache hint of `server/discover` results. @default { ttlMs: 0, scope: 'public' } */
  discoveryCache?: CacheHint;
  /**
   * Capabilities merged over the derived ones, one level deep: `experimental`, or fields the
   * derived capabilities lack. Claiming `resources.subscribe` or a `listChanged` needs the options
   * that serve them (`resourceSubscriptions`, `listChanged`).
   */
  capabilities?: JsonObject;
  /**
   * Extensions the server supports, by id (`com.example/feature`) with their settings, advertised
   * under `capabilities.extensions` in 2026-07-28 (the initialize-era revisions have no such field).
   */
  extensions?: Record<string, JsonObject>;
  /**
   * Hears start, stop and exception of every dispatched operation (operation, component, era,
   * duration, outcome; never argument values). The same events go to the `snodo:operation`
   * tracing channel of `node:diagnostics_channel`.
   */
  instrumentation?: InstrumentationHandler;
  /**
   * OpenTelemetry spans for each request, when `@opentelemetry/api` is installed (an optional
   * peer) and a tracer provider is registered; `false` turns them off. @default true
   */
  openTelemetry?: boolean;
  /** Cache hint of `tools/list` results. @default { ttlMs: 0, scope: 'private' } */
  toolsCache?: CacheHint; /**
   * The secret that signs 2026-07-28 `requestState` tokens (elicitation and sampling). Set it when
   * several instances serve one endpoint, so that a retry can reach any of them.
   * @default a random secret per process
   */
  requestStateSecret?: string;
  /** How lists are paged. @default { pageSize: 100 } */
  pagination?: { pageSize?: number };
  /** Told about configuration the runtime corrected (for logging). */
  onWarning?: (message: string) => void;
  /** Cache hint of `prompts/list` results. @default { ttlMs: 0, scope: 'private' } */
  promptsCache?: CacheHint;
  /**
   * Cache hint of `resources/list`, `resources/templates/list` and `resources/read` results.
   * @default { ttlMs: 0, scope: 'private' }
   */
  resourcesCache?: CacheHint;
  /**
   * Serve resource subscriptions: `resources/subscribe` for initialize-era sessions and
   * `resourceSubscriptions` on `subscriptions/listen`; advertises `resources.subscribe`.
   * @default false
   */
  resourceSubscriptions?: boolean;
  /**
   * Announce catalog changes: advertises `listChanged` on tools and resources, and delivers
   * `notifications/<kind>/list_changed` to session streams and listen streams that asked.
   * @default false
   */
  listChanged?: boolean;
}

const DEFAULT_DISCOVERY_CACHE: CacheHint = Object.freeze({ ttlMs: 0, scope: 'public' });
const DEFAULT_TOOLS_CACHE: CacheHint = Object.freeze({ ttlMs: 0, scope: 'private' });

/** What {@link Runtime.list} answers: the encoded items the caller may see. @publicApi */
export interface ListOutcome {
  readonly items: readonly JsonObject[];
  /** Identifies exactly this list, for cursors. */
  readonly fingerprint: string;
  /**
   * `true` when every caller sees this very array for the revision (no authorization policy), so
   * pages of it can be prepared once and served to everyone.
   */
  readonly shared: boolean;
}

/**
 * The immutable value every transport and the client take: server identity, capabilities, the
 * router and everything derived from them once, at bootstrap. A catalog change builds a new
 * runtime.
 * @publicApi
 */
export class Runtime {
  /** `serverInfo` as the initialize result and 2026-07-28 `_meta` carry it. */
  readonly serverInfo: Implementation;
  readonly instructions: string | undefined;
  readonly router: Router;
  /** Server capabilities of the initialize-era revisions: derived, then the `capabilities` option. */
  readonly capabilities: JsonObject;
  /** Server capabilities of 2026-07-28: the same plus `extensions`. */
  readonly modernCapabilities: JsonObject;
  /** The revisions served, newest first. */
  readonly protocolVersions: readonly ProtocolVersion[];
  /** The served 2026-07-28-era revisions: `server/discover`'s `supportedVersions`. */
  readonly modernVersions: readonly ProtocolVersion[];
  /** The served initialize-era revisions, newest first. */
  readonly legacyVersions: readonly ProtocolVersion[];
  readonly discoveryCache: CacheHint;
  readonly toolsCache: CacheHint;
  readonly resourcesCache: CacheHint;
  readonly promptsCache: CacheHint;
  /** Whether resource subscriptions are served. */
  readonly resourceSubscriptions: boolean;
  /** Whether list changes are announced. */
  readonly listChanged: boolean;
  readonly dispatchOptions: DispatchOptions;
  /** Signs and checks `requestState` tokens. */
  readonly requestStates: RequestStateCodec;
  /** The `instrumentation` option. */
  readonly instrumentation?: InstrumentationHandler;
  /** OpenTelemetry spans, when the API is installed and the option allows. @internal */
  readonly tracing?: RequestTracing;
  /** Items per list page. */
  readonly pageSize: number;
  /** The options this runtime was built from, for {@link Runtime.withRouter}. */
  readonly options: Readonly<RuntimeOptions>;
  private readonly listings: Readonly<Record<CatalogList, Listing>>;
  readonly schemaValidator: SchemaValidator;
  private readonly encodedTools: ReadonlyMap<
    ToolComponent,
    Readonly<Record<ProtocolVersion, JsonObject>>
  >;
  private readonly encodedPrompts: ReadonlyMap<
    PromptComponent,
    Readonly<Record<ProtocolVersion, JsonObject>>
  >;
  private readonly encodedResources: ReadonlyMap<
    ResourceComponent,
    Readonly<Record<ProtocolVersion, JsonObject>>
  >;
  constructor(options: RuntimeOptions, requestStates?: RequestStateCodec) {
    if (typeof options.name !== 'string' || options.name.length === 0) {
      throw new Error('Snodo: the server needs a non-empty "name"');
    }
    if (typeof options.version !== 'string' || options.version.length === 0) {
      throw new Error('Snodo: the server needs a non-empty "version"');
    }
    const serverInfo: Implementation = { name: options.name, version: options.version };
    if (options.title !== undefined) serverInfo.title = options.title;
    this.serverInfo = Object.freeze(serverInfo);
    this.instructions = options.instructions;
    this.router = options.router ?? Router.empty();
    this.resourceSubscriptions = options.resourceSubscriptions === true;
    this.listChanged = options.listChanged === true;
    this.capabilities = mergeCapabilities(
      buildCapabilities(this.router, this.resourceSubscriptions, this.listChanged),
      options.capabilities,
      this,
    );
    const extensions = checkExtensions(options.extensions);
    this.modernCapabilities =
      extensions === undefined
        ? this.capabilities
        : Object.freeze({ ...this.capabilities, extensions });
    this.protocolVersions = checkProtocols(options.protocols ?? PROTOCOL_VERSIONS);
    this.modernVersions = Object.freeze(this.protocolVersions.filter(isModernVersion));
    this.legacyVersions = Object.freeze(this.protocolVersions.filter((v) => !isModernVersion(v)));
    this.discoveryCache = checkCacheHint(
      options.discoveryCache ?? DEFAULT_DISCOVERY_CACHE,
      'discoveryCache',
    );
    const perCaller = options.authorization !== undefined || this.router.hasComponentPolicies;
    const listHint = (hint: CacheHint | undefined, option: string): CacheHint => {
      const checked = checkCacheHint(hint ?? DEFAULT_TOOLS_CACHE, option);
      if (!perCaller || checked.scope === 'private') return checked;
      options.onWarning?.(
        `Snodo: ${option}.scope is "public", but authorization (a policy or guards) makes lists vary per caller; it is sent as "private"`,
      );
      return Object.freeze({ ttlMs: checked.ttlMs, scope: 'private' });
    };
    this.toolsCache = listHint(options.toolsCache, 'toolsCache');
    this.promptsCache = listHint(options.promptsCache, 'promptsCache');
    this.resourcesCache = listHint(options.resourcesCache, 'resourcesCache');
    this.pageSize = checkPageSize(options.pagination?.pageSize ?? DEFAULT_PAGE_SIZE);
    this.options = Object.freeze({ ...options });
    this.requestStates = requestStates ?? new RequestStateCodec(options.requestStateSecret);
    if (options.instrumentation !== undefined && typeof options.instrumentation !== 'function') {
      throw new Error('Snodo: instrumentation must be a function that takes an operation event');
    }
    this.instrumentation = options.instrumentation;
    if (options.openTelemetry !== undefined && typeof options.openTelemetry !== 'boolean') {
      throw new Error('Snodo: openTelemetry must be true or false');
    }
    const api = options.openTelemetry === false ? undefined : loadOpenTelemetry();
    this.tracing = api === undefined ? undefined : new OpenTelemetryTracing(api);
    this.schemaValidator = resolveSchemaValidator(options.schemaValidator);
    this.dispatchOptions = Object.freeze({
      authorization: options.authorization,
      onHandlerError: options.onHandlerError,
      schemaValidator: this.schemaValidator,
      compiledSchemas: compileToolSchemas(this.router.listTools(), this.schemaValidator),
    });
    this.encodedTools = encodeAll(this.router.listTools(), (tool, version) =>
      encodeToolDefinition(tool.definition, version),
    );
    this.encodedPrompts = encodeAll(this.router.listPrompts(), (prompt, version) =>
      encodePromptDefinition(prompt.definition, version),
    );
    this.encodedResources = encodeAll(
      [...this.router.listResources(), ...this.router.listResourceTemplates()],
      (resource, version) => encodeResourceDefinition(resource.definition, version),
    );
    this.listings = Object.freeze({
      tools: this.listing(
        this.router.listTools(),
        (t, v) => this.encodeTool(t, v),
        (t) => t.definition.name,
      ),
      prompts: this.listing(
        this.router.listPrompts(),
        (p, v) => this.encodePrompt(p, v),
        (p) => p.definition.name,
      ),
      resources: this.listing(
        this.router.listResources(),
        (r, v) => this.encodeResource(r, v),
        resourceKey,
      ),
      templates: this.listing(
        this.router.listResourceTemplates(),
        (r, v) => this.encodeResource(r, v),
        resourceKey,
      ),
    });
    Object.freeze(this);
  }

  /** A runtime with the same options and another router (a catalog change). */
  withRouter(router: Router): Runtime {
    return new Runtime({ ...this.options, router }, this.requestStates);
  }

  /** The cache hint of a list. */
  listCache(list: CatalogList): CacheHint {
    return list === 'tools'
      ? this.toolsCache
      : list === 'prompts'
        ? this.promptsCache
        : this.resourcesCache;
  }

  /**
   * The whole list a caller sees, encoded for its revision, with the fingerprint its cursors carry.
   * Without an authorization policy this is computed once, when the runtime is built.
   */
  async list(
    list: CatalogList,
    version: ProtocolVersion,
    context: CallContext,
  ): Promise<DispatchOutcome<ListOutcome>> {
    const listing = this.listings[list];
    if (this.dispatchOptions.authorization === undefined && !this.router.hasComponentPolicies) {
      return {
        ok: true,
        value: {
          items: listing.byVersion[version],
          fingerprint: listing.fingerprint,
          shared: true,
        },
      };
    }
    const outcome = await this.router.dispatch(
      { kind: LIST_OPERATIONS[list] },
      {},
      context,
      this.dispatchOptions,
    );
    if (!outcome.ok) return outcome;
    const visible = outcome.value as readonly object[];
    return {
      ok: true,
      value: {
        items: visible.map((component) => listing.encode(component, version)),
        fingerprint: fingerprintOf(visible.map(listing.key)),
        shared: false,
      },
    };
  }

  private listing<C extends object>(
    components: readonly C[],
    encode: (component: C, version: ProtocolVersion) => JsonObject,
    key: (component: C) => string,
  ): Listing {
    return {
      byVersion: Object.freeze(
        Object.fromEntries(
          PROTOCOL_VERSIONS.map((version) => [
            version,
            Object.freeze(components.map((c) => encode(c, version))),
          ]),
        ) as Record<ProtocolVersion, readonly JsonObject[]>,
      ),
      fingerprint: fingerprintOf(components.map(key)),
      encode: encode as Listing['encode'],
      key: key as Listing['key'],
    };
  }

  /** The wire form of a registered prompt for one revision (computed at build time). */
  encodePrompt(prompt: PromptComponent, version: ProtocolVersion): JsonObject {
    return (
      this.encodedPrompts.get(prompt)?.[version] ??
      encodePromptDefinition(prompt.definition, version)
    );
  }

  /** The wire form of a registered resource or template for one revision (computed at build time). */
  encodeResource(resource: ResourceComponent, version: ProtocolVersion): JsonObject {
    return (
      this.encodedResources.get(resource)?.[version] ??
      encodeResourceDefinition(resource.definition, version)
    );
  }

  /** The wire form of a registered tool's definition for one revision (computed at build time). */
  encodeTool(tool: ToolComponent, version: ProtocolVersion): JsonObject {
    const encoded = this.encodedTools.get(tool);
    return encoded !== undefined
      ? encoded[version]
      : encodeToolDefinition(tool.definition, version);
  }
}

/** The four paginated lists. @publicApi */
export type CatalogList = 'tools' | 'prompts' | 'resources' | 'templates';

const LIST_OPERATIONS = {
  tools: 'tools/list',
  prompts: 'prompts/list',
  resources: 'resources/list',
  templates: 'resources/templates/list',
} as const;

/** One list, encoded for every revision once. */
interface Listing {
  readonly byVersion: Readonly<Record<ProtocolVersion, readonly JsonObject[]>>;
  readonly fingerprint: string;
  readonly encode: (component: object, version: ProtocolVersion) => JsonObject;
  readonly key: (component: object) => string;
}

const resourceKey = (resource: ResourceComponent): string =>
  resource.definition.uri ?? resource.definition.uriTemplate ?? resource.definition.name;

function checkPageSize(pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new Error('Snodo: pagination.pageSize must be a whole number of 1 or more');
  }
  return pageSize;
}

function encodeAll<C>(
  components: readonly C[],
  encode: (component: C, version: ProtocolVersion) => JsonObject,
): ReadonlyMap<C, Readonly<Record<ProtocolVersion, JsonObject>>> {
  return new Map(
    components.map((component) => [
      component,
      Object.freeze(
        Object.fromEntries(
          PROTOCOL_VERSIONS.map((version) => [version, encode(component, version)]),
        ) as Record<ProtocolVersion, JsonObject>,
      ),
    ]),
  );
}

/** The server capabilities, the same in every revision for the features built so far. */
function buildCapabilities(router: Router, subscribe: boolean, listChanged: boolean): JsonObject {
  const capabilities: JsonObject = { logging: {} };
  if (router.hasTools) capabilities.tools = listChanged ? { listChanged: true } : {};
  if (router.hasPrompts) capabilities.prompts = listChanged ? { listChanged: true } : {};
  if (router.hasResources) {
    capabilities.resources = {
      ...(subscribe ? { subscribe: true } : {}),
      ...(listChanged ? { listChanged: true } : {}),
    };
  }
  if (router.completionCapable) capabilities.completions = {};
  return Object.freeze(capabilities);
}

function compileToolSchemas(
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
        throw new Error(
          `Snodo: the ${which} of tool "${name}" cannot be compiled by the ${validator.name} validator: ${(error as Error).message}`,
        );
      }
    };
    compiled.set(tool, {
      input: tool.prepareArguments === undefined ? compile(inputSchema, 'inputSchema') : undefined,
      output: outputSchema === undefined ? undefined : compile(outputSchema, 'outputSchema'),
    });
  }
  return compiled;
}

function checkProtocols(protocols: readonly ProtocolVersion[]): readonly ProtocolVersion[] {
  if (!Array.isArray(protocols) || protocols.length === 0) {
    throw new Error(`Snodo: protocols must list at least one of ${PROTOCOL_VERSIONS.join(', ')}`);
  }
  for (const version of protocols as readonly unknown[]) {
    if (typeof version !== 'string' || !isSupportedVersion(version)) {
      throw new Error(
        `Snodo: protocols lists an unknown revision; choose from ${PROTOCOL_VERSIONS.join(', ')}`,
      );
    }
  }
  return Object.freeze(PROTOCOL_VERSIONS.filter((version) => protocols.includes(version)));
}

/**
 * Builds a runtime.
 * @throws {Error} when an option is invalid.
 * @publicApi
 */
export function createRuntime(options: RuntimeOptions): Runtime {
  return new Runtime(options);
}
