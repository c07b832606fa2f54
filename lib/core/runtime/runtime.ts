import type { CallContext, Implementation } from '../components/call-context.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { DeferredOpenTelemetryTracing } from '../instrumentation/open-telemetry.js';
import type {
  InstrumentationHandler,
  RequestTracing,
} from '../instrumentation/operation-events.js';
import { DEFAULT_PAGE_SIZE, fingerprintOf } from '../pagination/cursor.codec.js';
import { RequestStateCodec } from '../session/request-state.codec.js';
import { resultMetaOf } from '../exchange/outcomes.js';
import { serializedOnce } from '../wire/serialized-message.js';
import { InMemoryUsedTokenStore } from '../session/used-token.store.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import {
  LEGACY_VERSIONS,
  MODERN_VERSIONS,
  PROTOCOL_VERSIONS,
  type ProtocolVersion,
} from '../wire/protocol-version.js';
import type { CatalogList } from '../pagination/catalog-list.js';
import type { DispatchOptions } from '../router/dispatch-options.interface.js';
import type { DispatchOutcome } from '../results/dispatch-outcome.type.js';
import { Router } from '../router/router.js';
import { resolveSchemaValidator } from '../schema/schema-validator.factory.js';
import type { SchemaValidator } from '../schema/schema-validator.interface.js';
import { checkCacheHint, type CacheHint } from '../results/cache-hint.interface.js';
import { checkExtensions, mergeCapabilities } from './capabilities.js';
import { SKILLS_EXTENSION } from '../wire/skill-constants.js';
import { encodeCapabilities, encodeImplementation } from './definition.encoder.js';
import { buildListings, type CatalogListing } from './catalog-listing.js';
import {
  checkPageSize,
  checkProtocols,
  compileToolSchemas,
  serverInfoOf,
  RUNTIME_OPTION_KEYS,
} from './runtime-checks.js';
import { checkOptionKeys } from './option-keys.js';
import type { RuntimeOptions } from './runtime-options.interface.js';
import { resolveLimits, type ResolvedLimits } from '../limits/server-limits.js';

const DEFAULT_DISCOVERY_CACHE: CacheHint = Object.freeze({ ttlMs: 0, scope: 'public' });
const DEFAULT_LIST_CACHE: CacheHint = Object.freeze({ ttlMs: 0, scope: 'private' });

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

/** Where transports read the current runtime; a catalog change swaps it. @publicApi */
export interface RuntimeSource {
  /** The runtime that serves new requests now. */
  readonly runtime: Runtime;
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
  /** The `_meta` of a 2026-07-28 result: `serverInfo`, made once. @internal */
  readonly resultMeta: JsonObject;
  /** The `instructions` option. */
  readonly instructions: string | undefined;
  /** The components served. */
  readonly router: Router;
  /** Server capabilities of the initialize-era revisions: derived, then the `capabilities` option. @internal */
  readonly capabilities: JsonObject;
  /** Server capabilities of 2026-07-28: the same plus `extensions`. @internal */
  readonly modernCapabilities: JsonObject;
  /** The revisions served, newest first. @internal */
  readonly protocolVersions: readonly ProtocolVersion[];
  /** The served 2026-07-28-era revisions: `server/discover`'s `supportedVersions`. @internal */
  readonly modernVersions: readonly ProtocolVersion[];
  /** The served initialize-era revisions, newest first. @internal */
  readonly legacyVersions: readonly ProtocolVersion[];
  /** The `initialize` result of each served initialize-era revision, encoded for it once. @internal */
  readonly initializeResults: Readonly<Partial<Record<ProtocolVersion, JsonObject>>>;
  /** @internal */
  readonly discoveryCache: CacheHint;
  /** @internal */
  readonly toolsCache: CacheHint;
  /** @internal */
  readonly resourcesCache: CacheHint;
  /** @internal */
  readonly promptsCache: CacheHint;
  /** Whether resource subscriptions are served. @internal */
  readonly resourceSubscriptions: boolean;
  /** Whether list changes are announced. @internal */
  readonly listChanged: boolean;
  /** @internal */
  readonly dispatchOptions: DispatchOptions;
  /** Signs and checks `requestState` tokens. @internal */
  readonly requestStates: RequestStateCodec;
  /** The `instrumentation` option. @internal */
  readonly instrumentation?: InstrumentationHandler;
  /** OpenTelemetry spans, when the API is installed and the option allows. @internal */
  readonly tracing?: RequestTracing;
  /** Items per list page. @internal */
  readonly pageSize: number;
  /** The `limits` option, with its defaults. @internal */
  readonly limits: ResolvedLimits;
  /** The options this runtime was built from, for {@link Runtime.withRouter}. */
  readonly options: Readonly<RuntimeOptions>;
  /** @internal */
  readonly schemaValidator: SchemaValidator;
  private readonly listings: Readonly<Record<CatalogList, CatalogListing>>;
  private readonly listCaches: Readonly<Record<CatalogList, CacheHint>>;

  /**
   * Use {@link createRuntime}.
   * @param from the router whose components decide the capabilities (see {@link withRouter}).
   * @throws {Error} when an option is invalid or a tool schema cannot be compiled.
   * @internal
   */
  constructor(options: RuntimeOptions, requestStates?: RequestStateCodec, from?: Router) {
    this.serverInfo = serverInfoOf(options);
    this.resultMeta = resultMetaOf(this.serverInfo);
    this.instructions = options.instructions;
    this.router = options.router ?? Router.empty();
    this.resourceSubscriptions = options.resourceSubscriptions === true;
    this.listChanged = options.listChanged === true;
    const extensions = checkExtensions(options.extensions);
    // Skill files are resources: a server of the skills extension serves resources, skills or not.
    const skills = extensions?.[SKILLS_EXTENSION] !== undefined;
    const decides = from ?? this.router;
    this.capabilities = mergeCapabilities(
      buildCapabilities(decides, this.resourceSubscriptions, this.listChanged, skills),
      options.capabilities,
      this,
    );
    this.modernCapabilities =
      extensions === undefined
        ? this.capabilities
        : Object.freeze({ ...this.capabilities, extensions });
    this.protocolVersions = checkProtocols(options.protocols ?? PROTOCOL_VERSIONS);
    const served = (version: ProtocolVersion) => this.protocolVersions.includes(version);
    this.modernVersions = Object.freeze(MODERN_VERSIONS.filter(served));
    this.legacyVersions = Object.freeze(LEGACY_VERSIONS.filter(served));
    this.initializeResults = Object.freeze(
      Object.fromEntries(this.legacyVersions.map((version) => [version, this.greeting(version)])),
    );
    this.discoveryCache = checkCacheHint(
      options.discoveryCache ?? DEFAULT_DISCOVERY_CACHE,
      'discoveryCache',
    );
    this.toolsCache = this.listHint(options, 'toolsCache');
    this.promptsCache = this.listHint(options, 'promptsCache');
    this.resourcesCache = this.listHint(options, 'resourcesCache');
    this.listCaches = Object.freeze({
      tools: this.toolsCache,
      prompts: this.promptsCache,
      resources: this.resourcesCache,
      templates: this.resourcesCache,
    });
    this.pageSize = checkPageSize(options.pagination?.pageSize ?? DEFAULT_PAGE_SIZE);
    this.limits = resolveLimits(options.limits);
    this.options = Object.freeze({ ...options });
    this.requestStates = requestStates ?? requestStateCodec(options);
    this.instrumentation = checkInstrumentation(options.instrumentation);
    this.tracing = openTelemetryOf(options.openTelemetry);
    this.schemaValidator = resolveSchemaValidator(options.schemaValidator);
    this.dispatchOptions = Object.freeze({
      authorization: options.authorization,
      onHandlerError: options.onHandlerError,
      schemaValidator: this.schemaValidator,
      compiledSchemas: compileToolSchemas(this.router.listTools(), this.schemaValidator),
    });
    this.listings = buildListings(this.router);
    Object.freeze(this);
  }

  /** Whether lists vary per caller: an authorization policy, or components with their own. */
  private get perCaller(): boolean {
    return this.dispatchOptions.authorization !== undefined || this.router.hasComponentPolicies;
  }

  /** A list cache hint, checked; `public` is sent as `private` when lists vary per caller. */
  /** The `initialize` result of one revision: what it has of the capabilities and serverInfo. */
  private greeting(version: ProtocolVersion): JsonObject {
    const result: JsonObject = {
      protocolVersion: version,
      capabilities: encodeCapabilities(this.capabilities, version),
      serverInfo: encodeImplementation(this.serverInfo, version),
    };
    if (this.instructions !== undefined) result.instructions = this.instructions;
    return serializedOnce(result);
  }

  private listHint(
    options: RuntimeOptions,
    option: 'toolsCache' | 'promptsCache' | 'resourcesCache',
  ): CacheHint {
    const checked = checkCacheHint(options[option] ?? DEFAULT_LIST_CACHE, option);
    const perCaller = options.authorization !== undefined || this.router.hasComponentPolicies;
    if (!perCaller || checked.scope === 'private') return checked;
    options.onWarning?.(MESSAGES.LIST_CACHE_MADE_PRIVATE(option));
    return Object.freeze({ ttlMs: checked.ttlMs, scope: 'private' });
  }

  /**
   * A runtime with the same options and another router (a catalog change).
   * @param options.capabilitiesFrom the router whose components decide the capabilities instead:
   *   a catalog with some components hidden keeps the capabilities of the whole catalog, so that
   *   what clients were told at initialize still holds.
   */
  withRouter(router: Router, options: { readonly capabilitiesFrom?: Router } = {}): Runtime {
    return new Runtime({ ...this.options, router }, this.requestStates, options.capabilitiesFrom);
  }

  /** The cache hint of a list. @internal */
  listCache(list: CatalogList): CacheHint {
    return this.listCaches[list];
  }

  /**
   * The whole list a caller sees, encoded for its revision, with the fingerprint its cursors carry.
   * Without an authorization policy this is computed once, when the runtime is built.
   * @internal
   */
  async list(
    list: CatalogList,
    version: ProtocolVersion,
    context: CallContext,
  ): Promise<DispatchOutcome<ListOutcome>> {
    const listing = this.listings[list];
    if (!this.perCaller) {
      const items = listing.byVersion[version];
      return { ok: true, value: { items, fingerprint: listing.fingerprint, shared: true } };
    }
    const outcome = await this.router.discover(list, context, this.dispatchOptions);
    if (!outcome.ok) return outcome;
    const visible: readonly object[] = outcome.value;
    return {
      ok: true,
      value: {
        items: visible.map((component) => listing.encode(component, version)),
        fingerprint: fingerprintOf(visible.map((component) => listing.key(component))),
        shared: false,
      },
    };
  }
}

/** The codec of `requestState` tokens: the secret, and single use when asked. */
function requestStateCodec(options: RuntimeOptions): RequestStateCodec {
  if (
    options.requestStateSingleUse !== undefined &&
    typeof options.requestStateSingleUse !== 'boolean'
  ) {
    throw new Error(MESSAGES.BAD_SINGLE_USE);
  }
  const used =
    options.requestStateSingleUse === true
      ? (options.usedTokens ?? new InMemoryUsedTokenStore())
      : undefined;
  return new RequestStateCodec(options.requestStateSecret, used);
}

/** The `instrumentation` option, checked. */
function checkInstrumentation(
  handler: InstrumentationHandler | undefined,
): InstrumentationHandler | undefined {
  if (handler !== undefined && typeof handler !== 'function') {
    throw new Error(MESSAGES.BAD_INSTRUMENTATION);
  }
  return handler;
}

/** OpenTelemetry spans, unless turned off; the API is loaded once a tracer provider is registered. */
function openTelemetryOf(option: boolean | undefined): RequestTracing | undefined {
  if (option !== undefined && typeof option !== 'boolean') {
    throw new Error(MESSAGES.BAD_OPEN_TELEMETRY);
  }
  return option === false ? undefined : new DeferredOpenTelemetryTracing();
}

/** The server capabilities, the same in every revision for the features built so far. */
function buildCapabilities(
  router: Router,
  subscribe: boolean,
  listChanged: boolean,
  skills: boolean,
): JsonObject {
  const capabilities: JsonObject = { logging: {} };
  if (router.hasTools) capabilities.tools = listChanged ? { listChanged: true } : {};
  if (router.hasPrompts) capabilities.prompts = listChanged ? { listChanged: true } : {};
  if (router.hasResources || skills) {
    capabilities.resources = {
      ...(subscribe ? { subscribe: true } : {}),
      ...(listChanged ? { listChanged: true } : {}),
    };
  }
  if (router.completionCapable) capabilities.completions = {};
  return Object.freeze(capabilities);
}

/**
 * Builds a runtime.
 * @throws {Error} when an option is unknown (naming the closest known one) or invalid.
 * @publicApi
 */
export function createRuntime(options: RuntimeOptions): Runtime {
  checkOptionKeys(options, RUNTIME_OPTION_KEYS, 'createRuntime()');
  return new Runtime(options);
}
