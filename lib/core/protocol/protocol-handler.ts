import {
  LOGGING_LEVELS,
  type CallContext,
  type Implementation,
  type LoggingLevel,
  type TransportKind,
} from '../components/call-context.interface.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError, type JsonRpcErrorObject } from '../errors/snodo.error.js';
import { paginate } from '../pagination/cursor.codec.js';
import { serializedOnce } from './serialized-message.js';
import {
  operationChannel,
  operationContext,
  settle,
  type InstrumentationHandler,
  type OperationContext,
} from '../instrumentation/operation-events.js';
import { readCacheHint } from '../results/resource-result.js';
import type { CatalogList, Runtime } from '../runtime/runtime.js';
import type { SessionRecord } from '../session/session-record.interface.js';
import { decodeHeaderValue } from './header-value.js';
import { checkParamHeaders } from './param-headers.js';
import {
  digestOf,
  INPUT_CAPABILITIES,
  InputRequiredSignal,
  type InputRequest,
} from './input-required.js';
import {
  SUBSCRIPTION_ID_META,
  type ListenFilter,
  type NotificationHub,
} from '../notifications/notification-hub.js';
import { isJsonObject } from './json-rpc.parser.js';
import type {
  InboundMessage,
  JsonObject,
  JsonRpcId,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
} from './json-rpc.type.js';
import {
  META_KEYS,
  MODERN_PROTOCOL_VERSION,
  isModernVersion,
  type ProtocolVersion,
} from './protocol-version.js';

/**
 * The standard MCP headers of an HTTP request, as raw strings (absent: `undefined`).
 * Stdio and in-process exchanges have none.
 * @publicApi
 */
export interface StandardHeaders {
  readonly protocolVersion?: string;
  readonly method?: string;
  readonly name?: string;
  /** Every value of a lower-case `mcp-param-*` header, or `undefined` when absent. */
  readonly param?: (field: string) => readonly string[] | undefined;
}

/**
 * Everything about one inbound message that is not in the message itself.
 * @publicApi
 */
export interface Exchange {
  readonly transport: TransportKind;
  /** The initialize-era session the message belongs to, if any. */
  readonly session?: SessionRecord;
  /** HTTP only: the standard headers to check against the body. */
  readonly headers?: StandardHeaders;
  /** The transport's request object, handed to handlers. */
  readonly request?: unknown;
  /** Aborted when the client cancels or disconnects. */
  readonly signal?: AbortSignal;
  /**
   * Sends a notification about this request before its response (progress, log messages). Without
   * one, `context.progress()` and `context.log()` do nothing.
   */ readonly notify?: (notification: JsonRpcNotification) => void;
  /**
   * Initialize era: sends a request to the client (on the request's stream) and resolves with its
   * result. Without one, `elicit()` and `sample()` fail in initialize-era sessions.
   */
  readonly sendRequest?: (method: string, params: JsonObject) => Promise<JsonObject>;
  /** Initialize-era HTTP: ends the response connection early; the rest is resumable. */
  readonly closeStream?: () => void;
}

/**
 * What to send back, and what the transport should do.
 * @publicApi
 */
export interface HandleOutcome {
  /** The response, or `undefined` for an accepted notification or response. */
  readonly response?: JsonRpcResponse;
  /** The HTTP status this outcome maps to (stdio ignores it). */
  readonly status: number;
  /** Extra HTTP headers, such as `WWW-Authenticate` on a 401. */
  readonly headers?: Readonly<Record<string, string>>;
  /** A legacy `initialize` succeeded: open a session with this state. */
  readonly openSession?: Omit<SessionRecord, 'id' | 'initialized'>;
  /** `notifications/initialized` arrived for the exchange's session. */
  readonly sessionInitialized?: boolean;
  /** `logging/setLevel` changed the session's level. */
  readonly sessionLogLevel?: LoggingLevel;
  /** `notifications/cancelled` named this request: abort it if it is still running. */
  readonly cancelled?: JsonRpcId;
  /**
   * A 2026-07-28 `subscriptions/listen` was accepted: open a stream, send the acknowledgement
   * first, then register the filter with the notification hub until the client goes away.
   */
  readonly listen?: {
    readonly id: JsonRpcId;
    readonly filter: ListenFilter;
    readonly acknowledgement: JsonRpcNotification;
  };
}

/** Options of {@link ProtocolHandler}. @publicApi */
export interface ProtocolHandlerOptions {
  /** Delivers notifications; without one, subscriptions and listen streams are not served. */
  readonly hub?: NotificationHub;
}

/** Where the handler reads the current runtime; a catalog change swaps it. @publicApi */
export interface RuntimeSource {
  readonly runtime: Runtime;
}

const LEGACY_ONLY_METHODS = new Set([
  'initialize',
  'ping',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
]);
const NAMED_METHODS: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};
const LOG_LEVELS = new Set<string>(LOGGING_LEVELS);
const NEVER_ABORTED = new AbortController().signal;

interface ListSpec {
  readonly list: CatalogList;
  readonly field: string;
  readonly capability: string;
}

/** The paginated list methods. */
const LISTS: Readonly<Record<string, ListSpec | undefined>> = {
  'tools/list': { list: 'tools', field: 'tools', capability: 'tools' },
  'prompts/list': { list: 'prompts', field: 'prompts', capability: 'prompts' },
  'resources/list': { list: 'resources', field: 'resources', capability: 'resources' },
  'resources/templates/list': {
    list: 'templates',
    field: 'resourceTemplates',
    capability: 'resources',
  },
};
const ACCEPTED: HandleOutcome = Object.freeze({ status: 202 });

interface ServeState {
  readonly version: ProtocolVersion;
  readonly clientInfo: Implementation | undefined;
  readonly clientCapabilities: JsonObject;
  readonly meta: JsonObject;
  /** 2026-07-28: answers to earlier input requests of this call, by key. */
  readonly answers?: JsonObject;
}

/** The methods that may answer `input_required`, and the param that names their target. */
const INPUT_METHODS: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

const errorOutcome = (
  id: JsonRpcId | undefined,
  error: JsonRpcErrorObject | SnodoError,
  status: number,
): HandleOutcome => ({
  status,
  ...(error instanceof SnodoError && error.http?.headers !== undefined
    ? { headers: error.http.headers }
    : {}),
  response: {
    jsonrpc: '2.0',
    ...(id === undefined ? {} : { id }),
    error: error instanceof SnodoError ? error.toJSON() : error,
  },
});

const trimmed = (value: string | undefined): string | undefined => value?.trim();

/**
 * The protocol core: one JSON-RPC message in, at most one JSON-RPC response out.
 *
 * It tells the era of each message (spec DIGEST §1.3), applies the 2026-07-28 envelope and header
 * rules, serves `initialize`/`ping` for initialize-era sessions and `server/discover` for
 * 2026-07-28, dispatches to the router, and encodes every result for the revision that asked.
 * It holds no per-connection state: sessions come in through the {@link Exchange}.
 * @publicApi
 */
export class ProtocolHandler {
  private readonly hub: NotificationHub | undefined;

  constructor(
    private readonly source: RuntimeSource,
    options: ProtocolHandlerOptions = {},
  ) {
    this.hub = options.hub;
  }

  /** Handles one classified inbound message. Never throws for bad input. */
  async handle(inbound: InboundMessage, exchange: Exchange): Promise<HandleOutcome> {
    switch (inbound.kind) {
      case 'invalid':
        return errorOutcome(inbound.id, inbound.error, 400);
      case 'response':
        return exchange.session !== undefined
          ? ACCEPTED
          : errorOutcome(
              inbound.id,
              SnodoError.invalidRequest(MESSAGES.RESPONSE_NOT_ACCEPTED),
              400,
            );
      default:
        break;
    }
    const message = inbound.message;
    const meta = message.params?._meta;
    const claim = isJsonObject(meta) ? meta[META_KEYS.protocolVersion] : undefined;
    if (claim !== undefined) return this.handleModern(message, meta as JsonObject, claim, exchange);
    if (isModernHeader(exchange.headers?.protocolVersion)) {
      return errorOutcome(idOf(message), SnodoError.invalidParams(MESSAGES.MISSING_META), 400);
    }
    return this.handleLegacy(message, exchange);
  }

  // ---- 2026-07-28 -------------------------------------------------------------------------

  private async handleModern(
    message: JsonRpcRequest | JsonRpcNotification,
    meta: JsonObject,
    claim: unknown,
    exchange: Exchange,
  ): Promise<HandleOutcome> {
    const id = idOf(message);
    const headers = exchange.headers;
    const headerVersion = trimmed(headers?.protocolVersion);
    if (headerVersion !== undefined && typeof claim === 'string' && headerVersion !== claim) {
      return headerError(
        id,
        MESSAGES.HEADER_MISMATCH('MCP-Protocol-Version', 'the _meta protocolVersion'),
      );
    }
    if (typeof claim !== 'string') {
      return errorOutcome(
        id,
        SnodoError.invalidParams(MESSAGES.BAD_META_KEY(META_KEYS.protocolVersion, 'a string')),
        400,
      );
    }
    const capabilities = meta[META_KEYS.clientCapabilities];
    if (capabilities === undefined) {
      return errorOutcome(
        id,
        SnodoError.invalidParams(MESSAGES.MISSING_META_KEY(META_KEYS.clientCapabilities)),
        400,
      );
    }
    if (!isJsonObject(capabilities)) {
      return errorOutcome(
        id,
        SnodoError.invalidParams(MESSAGES.BAD_META_KEY(META_KEYS.clientCapabilities, 'an object')),
        400,
      );
    }
    const runtime = this.source.runtime;
    if (!isModernVersion(claim) || !runtime.modernVersions.includes(claim as ProtocolVersion)) {
      return errorOutcome(
        id,
        new SnodoError(ErrorCode.UnsupportedProtocolVersion, MESSAGES.UNSUPPORTED_VERSION(claim), {
          supported: runtime.modernVersions,
          requested: claim,
        }),
        400,
      );
    }
    if (headers !== undefined) {
      const mismatch = checkStandardHeaders(message, headers);
      if (mismatch !== undefined) return headerError(id, mismatch);
    }
    if (id === undefined) return cancellation(message) ?? ACCEPTED;
    const request = message as JsonRpcRequest;
    const logLevel = meta[META_KEYS.logLevel];
    if (logLevel !== undefined && (typeof logLevel !== 'string' || !LOG_LEVELS.has(logLevel))) {
      return errorOutcome(id, SnodoError.invalidParams(MESSAGES.BAD_LOG_LEVEL), 200);
    }
    const state: ServeState = {
      version: claim as ProtocolVersion,
      clientInfo: readImplementation(meta[META_KEYS.clientInfo]),
      clientCapabilities: capabilities,
      meta,
    };
    if (request.method === 'server/discover') {
      return this.modernResult(id, runtime, {
        supportedVersions: runtime.modernVersions,
        capabilities: runtime.modernCapabilities,
        ...(runtime.instructions === undefined ? {} : { instructions: runtime.instructions }),
        ttlMs: runtime.discoveryCache.ttlMs,
        cacheScope: runtime.discoveryCache.scope,
      });
    }
    if (LEGACY_ONLY_METHODS.has(request.method)) {
      return errorOutcome(
        id,
        SnodoError.methodNotFound(MESSAGES.METHOD_NOT_IN_MODERN(request.method)),
        404,
      );
    }
    return this.serve(request, runtime, state, exchange);
  }

  private modernResult(id: JsonRpcId, runtime: Runtime, result: JsonObject): HandleOutcome {
    return { status: 200, response: { jsonrpc: '2.0', id, result: modernBody(runtime, result) } };
  }

  // ---- 2025-11-25 and 2025-06-18 ----------------------------------------------------------

  private async handleLegacy(
    message: JsonRpcRequest | JsonRpcNotification,
    exchange: Exchange,
  ): Promise<HandleOutcome> {
    const id = idOf(message);
    if (id === undefined) {
      if (message.method === 'notifications/initialized' && exchange.session !== undefined) {
        return { status: 202, sessionInitialized: true };
      }
      return cancellation(message) ?? ACCEPTED;
    }
    const request = message as JsonRpcRequest;
    const runtime = this.source.runtime;
    if (request.method === 'initialize') return this.initialize(request, runtime);
    if (request.method === 'logging/setLevel' && exchange.session !== undefined) {
      const level = request.params?.level;
      if (typeof level !== 'string' || !LOG_LEVELS.has(level)) {
        return errorOutcome(id, SnodoError.invalidParams(MESSAGES.BAD_LOG_LEVEL), 200);
      }
      return {
        status: 200,
        response: { jsonrpc: '2.0', id, result: {} },
        sessionLogLevel: level as LoggingLevel,
      };
    }
    if (request.method === 'ping')
      return { status: 200, response: { jsonrpc: '2.0', id, result: {} } };
    const session = exchange.session;
    if (session === undefined) {
      return errorOutcome(id, SnodoError.invalidRequest(MESSAGES.NOT_INITIALIZED), 400);
    }
    return this.serve(
      request,
      runtime,
      {
        version: session.protocolVersion,
        clientInfo: session.clientInfo,
        clientCapabilities: session.clientCapabilities,
        meta: isJsonObject(request.params?._meta) ? request.params._meta : {},
      },
      exchange,
    );
  }

  private initialize(request: JsonRpcRequest, runtime: Runtime): HandleOutcome {
    const params = request.params ?? {};
    const requested = params.protocolVersion;
    if (typeof requested !== 'string') {
      return errorOutcome(
        request.id,
        SnodoError.invalidParams(MESSAGES.INITIALIZE_NEEDS_VERSION),
        200,
      );
    }
    const served = runtime.legacyVersions;
    const version = served.includes(requested as ProtocolVersion)
      ? (requested as ProtocolVersion)
      : served[0];
    if (version === undefined) {
      return errorOutcome(
        request.id,
        SnodoError.invalidParams(MESSAGES.UNSUPPORTED_VERSION(requested), {
          supported: runtime.protocolVersions,
          requested,
        }),
        200,
      );
    }
    const result: JsonObject = {
      protocolVersion: version,
      capabilities: runtime.capabilities,
      serverInfo: runtime.serverInfo,
    };
    if (runtime.instructions !== undefined) result.instructions = runtime.instructions;
    return {
      status: 200,
      response: { jsonrpc: '2.0', id: request.id, result },
      openSession: {
        protocolVersion: version,
        clientInfo: readImplementation(params.clientInfo),
        clientCapabilities: isJsonObject(params.capabilities) ? params.capabilities : {},
      },
    };
  }

  // ---- both eras ----------------------------------------------------------------------------

  /**
   * Serves a request, traced when anyone listens: the `instrumentation` option's handler and the
   * `snodo:operation` tracing channel get start, stop and exception. Nothing is built otherwise.
   */
  private async serve(
    request: JsonRpcRequest,
    runtime: Runtime,
    state: ServeState,
    exchange: Exchange,
  ): Promise<HandleOutcome> {
    const handler = runtime.instrumentation;
    const tracing = runtime.tracing?.active === true ? runtime.tracing : undefined;
    if (handler === undefined && tracing === undefined && !operationChannel.hasSubscribers) {
      return this.serveWithInputRounds(request, runtime, state, exchange);
    }
    const context = operationContext(request, {
      era: state.version === MODERN_PROTOCOL_VERSION ? 'modern' : 'legacy',
      protocolVersion: state.version,
      transport: exchange.transport,
      sessionId: exchange.session?.id,
      client: state.clientInfo?.name,
    });
    const started = performance.now();
    const serveAndSettle = async (): Promise<HandleOutcome> => {
      const outcome = await this.serveWithInputRounds(request, runtime, state, exchange);
      settle(context, outcome, started);
      return outcome;
    };
    const run =
      tracing === undefined
        ? serveAndSettle
        : () =>
            tracing.run(
              context,
              request,
              { meta: state.meta, request: exchange.request },
              serveAndSettle,
            );
    // Published by hand rather than with tracePromise, which would put the response (and so
    // argument values echoed in it) on the context as `result`.
    const traced = operationChannel.hasSubscribers;
    emit(handler, 'start', context);
    if (traced) operationChannel.start.publish(context);
    try {
      const outcome = await run();
      emit(handler, 'stop', context);
      if (traced) operationChannel.asyncEnd.publish(context);
      return outcome;
    } catch (error) {
      context.durationMs = performance.now() - started;
      context.errorName = error instanceof Error ? error.name : typeof error;
      emit(handler, 'exception', context);
      if (traced) operationChannel.error.publish(context);
      throw error;
    }
  }

  private async serveWithInputRounds(
    request: JsonRpcRequest,
    runtime: Runtime,
    state: ServeState,
    exchange: Exchange,
  ): Promise<HandleOutcome> {
    const field = INPUT_METHODS[request.method];
    if (state.version !== MODERN_PROTOCOL_VERSION || field === undefined) {
      return this.serveRequest(request, runtime, state, exchange);
    }
    // 2026-07-28 multi-round requests: answers come back with a signed requestState.
    const params = request.params ?? {};
    const target = `${request.method} ${String(params[field])}`;
    // The digest binds a state to its call; it is only needed when a state comes or goes.
    const digest = (): string =>
      digestOf(request.method === 'resources/read' ? {} : params.arguments);
    let answers: JsonObject | undefined;
    if (params.requestState !== undefined) {
      const previous = runtime.requestStates.decode(params.requestState, target, digest());
      if (previous === undefined) {
        return errorOutcome(request.id, SnodoError.invalidParams(MESSAGES.BAD_REQUEST_STATE), 200);
      }
      answers = previous.answers;
    }
    if (isJsonObject(params.inputResponses)) answers = { ...answers, ...params.inputResponses };
    try {
      const withAnswers = answers === undefined ? state : { ...state, answers };
      return await this.serveRequest(request, runtime, withAnswers, exchange);
    } catch (thrown) {
      if (!(thrown instanceof InputRequiredSignal)) throw thrown;
      return this.modernResult(request.id, runtime, {
        resultType: 'input_required',
        inputRequests: { ...thrown.requests },
        requestState: runtime.requestStates.encode({
          target,
          digest: digest(),
          answers: answers ?? {},
        }),
      });
    }
  }

  private async serveRequest(
    request: JsonRpcRequest,
    runtime: Runtime,
    state: ServeState,
    exchange: Exchange,
  ): Promise<HandleOutcome> {
    const modern = state.version === MODERN_PROTOCOL_VERSION;
    const notFoundStatus = modern ? 404 : 200;
    const params = request.params ?? {};
    const toolsEnabled = runtime.capabilities.tools !== undefined;
    const list = LISTS[request.method];
    if (list !== undefined) {
      if (runtime.capabilities[list.capability] === undefined) {
        return errorOutcome(
          request.id,
          SnodoError.methodNotFound(MESSAGES.METHOD_NOT_FOUND(request.method)),
          notFoundStatus,
        );
      }
      return this.serveList(request, runtime, state, exchange, list);
    }
    switch (request.method) {
      case 'tools/call': {
        if (!toolsEnabled) break;
        if (typeof params.name !== 'string') {
          return errorOutcome(
            request.id,
            SnodoError.invalidParams(MESSAGES.TOOL_NAME_REQUIRED),
            200,
          );
        }
        const read = exchange.headers?.param;
        if (modern && read !== undefined && isJsonObject(params.arguments)) {
          const headerParams = runtime.router.headerParamsOf(params.name);
          const mismatch =
            headerParams.length === 0
              ? undefined
              : checkParamHeaders(headerParams, params.arguments, read);
          if (mismatch !== undefined) return headerError(request.id, mismatch);
        }
        const outcome = await runtime.router.dispatch(
          { kind: 'tools/call', name: params.name },
          params,
          buildContext(state, exchange),
          runtime.dispatchOptions,
        );
        if (!outcome.ok) return errorOutcome(request.id, outcome.error, statusOf(outcome.error));
        const result = { ...outcome.value } as JsonObject;
        if (modern) return this.modernResult(request.id, runtime, result);
        if (result.structuredContent !== undefined && !isJsonObject(result.structuredContent)) {
          result.structuredContent = { result: result.structuredContent };
        }
        return { status: 200, response: { jsonrpc: '2.0', id: request.id, result } };
      }
      case 'resources/read': {
        if (runtime.capabilities.resources === undefined) break;
        if (typeof params.uri !== 'string') {
          return errorOutcome(
            request.id,
            SnodoError.invalidParams(MESSAGES.RESOURCE_URI_REQUIRED),
            200,
          );
        }
        const outcome = await runtime.router.dispatch(
          { kind: 'resources/read', uri: params.uri },
          params,
          buildContext(state, exchange),
          runtime.dispatchOptions,
        );
        if (!outcome.ok) return this.failure(request.id, outcome.error, modern);
        const result = { ...outcome.value } as JsonObject;
        const hint = readCacheHint(outcome.value) ?? runtime.resourcesCache;
        return modern
          ? this.modernResult(request.id, runtime, {
              ...result,
              ttlMs: hint.ttlMs,
              cacheScope: hint.scope,
            })
          : { status: 200, response: { jsonrpc: '2.0', id: request.id, result } };
      }
      case 'prompts/get':
      case 'completion/complete': {
        const capability = request.method === 'prompts/get' ? 'prompts' : 'completions';
        if (runtime.capabilities[capability] === undefined) break;
        if (request.method === 'prompts/get' && typeof params.name !== 'string') {
          return errorOutcome(
            request.id,
            SnodoError.invalidParams(MESSAGES.PROMPT_NAME_REQUIRED),
            200,
          );
        }
        const operation =
          request.method === 'prompts/get'
            ? ({ kind: 'prompts/get', name: params.name as string } as const)
            : ({ kind: 'completion/complete' } as const);
        const outcome = await runtime.router.dispatch(
          operation,
          params,
          buildContext(state, exchange),
          runtime.dispatchOptions,
        );
        if (!outcome.ok) return this.failure(request.id, outcome.error, modern);
        const result: JsonObject =
          request.method === 'prompts/get'
            ? { ...(outcome.value as JsonObject) }
            : { completion: outcome.value };
        return modern
          ? this.modernResult(request.id, runtime, result)
          : { status: 200, response: { jsonrpc: '2.0', id: request.id, result } };
      }
      case 'resources/subscribe':
      case 'resources/unsubscribe': {
        const session = exchange.session;
        if (modern || session === undefined || this.hub === undefined) break;
        if (!runtime.resourceSubscriptions || runtime.capabilities.resources === undefined) {
          return errorOutcome(
            request.id,
            SnodoError.methodNotFound(MESSAGES.SUBSCRIPTIONS_DISABLED),
            200,
          );
        }
        if (typeof params.uri !== 'string') {
          return errorOutcome(
            request.id,
            SnodoError.invalidParams(MESSAGES.RESOURCE_URI_REQUIRED),
            200,
          );
        }
        if (request.method === 'resources/subscribe')
          await this.hub.subscribe(session.id, params.uri);
        else await this.hub.unsubscribe(session.id, params.uri);
        return { status: 200, response: { jsonrpc: '2.0', id: request.id, result: {} } };
      }
      case 'subscriptions/listen': {
        if (!modern || this.hub === undefined || exchange.transport === 'in-process') break;
        const filter = honouredFilter(params.notifications, runtime);
        const notifications: JsonObject = {};
        if (filter.resourceSubscriptions.size > 0)
          notifications.resourceSubscriptions = [...filter.resourceSubscriptions];
        for (const flag of [
          'resourcesListChanged',
          'toolsListChanged',
          'promptsListChanged',
        ] as const) {
          if (filter[flag]) notifications[flag] = true;
        }
        return {
          status: 200,
          listen: {
            id: request.id,
            filter,
            acknowledgement: {
              jsonrpc: '2.0',
              method: 'notifications/subscriptions/acknowledged',
              params: { notifications, _meta: { [SUBSCRIPTION_ID_META]: request.id } },
            },
          },
        };
      }
      default:
        break;
    }
    return errorOutcome(
      request.id,
      SnodoError.methodNotFound(MESSAGES.METHOD_NOT_FOUND(request.method)),
      notFoundStatus,
    );
  }

  /** One page of a list, with cache hints for 2026-07-28. */
  private async serveList(
    request: JsonRpcRequest,
    runtime: Runtime,
    state: ServeState,
    exchange: Exchange,
    list: ListSpec,
  ): Promise<HandleOutcome> {
    const modern = state.version === MODERN_PROTOCOL_VERSION;
    const outcome = await runtime.list(list.list, state.version, buildContext(state, exchange));
    if (!outcome.ok) return this.failure(request.id, outcome.error, modern);
    const { items, fingerprint, shared } = outcome.value;
    const cursor = request.params?.cursor;
    // The first page is stored under '', the others under their (valid) cursor.
    const key = cursor === undefined ? '' : typeof cursor === 'string' ? `#${cursor}` : undefined;
    const pages = shared && key !== undefined ? preparedPages(items) : undefined;
    const prepared = key === undefined ? undefined : pages?.get(key);
    if (prepared !== undefined) {
      return { status: 200, response: { jsonrpc: '2.0', id: request.id, result: prepared } };
    }
    const page = paginate(items, fingerprint, cursor, runtime.pageSize);
    if (!page.ok)
      return errorOutcome(request.id, SnodoError.invalidParams(MESSAGES.INVALID_CURSOR), 200);
    let result: JsonObject = { [list.field]: page.items };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    if (modern) {
      const hint = runtime.listCache(list.list);
      result = modernBody(runtime, { ...result, ttlMs: hint.ttlMs, cacheScope: hint.scope });
    }
    // A page everyone sees is prepared (and serialised) once per runtime and cursor.
    if (pages !== undefined && key !== undefined) {
      result = serializedOnce(result);
      pages.set(key, result);
    }
    return { status: 200, response: { jsonrpc: '2.0', id: request.id, result } };
  }

  /**
   * A router error for the era that asked: "resource not found" is -32002 before 2026-07-28 and
   * -32602 (with the same data) from 2026-07-28 on.
   */
  private failure(id: JsonRpcId, error: SnodoError, modern: boolean): HandleOutcome {
    if (modern && error.code === (ErrorCode.ResourceNotFound as number)) {
      return errorOutcome(
        id,
        new SnodoError(ErrorCode.InvalidParams, error.message, error.data),
        200,
      );
    }
    return errorOutcome(id, error, statusOf(error));
  }
}

/** The subset of a listen request's filter that this server honours. */
function honouredFilter(requested: unknown, runtime: Runtime): ListenFilter {
  const asked = isJsonObject(requested) ? requested : {};
  const resources = runtime.capabilities.resources as JsonObject | undefined;
  const uris =
    resources?.subscribe === true && Array.isArray(asked.resourceSubscriptions)
      ? asked.resourceSubscriptions.filter((uri): uri is string => typeof uri === 'string')
      : [];
  const listChanged = (kind: string, flag: string): boolean =>
    asked[flag] === true &&
    (runtime.capabilities[kind] as JsonObject | undefined)?.listChanged === true;
  return {
    resourceSubscriptions: new Set(uris),
    resourcesListChanged: listChanged('resources', 'resourcesListChanged'),
    toolsListChanged: listChanged('tools', 'toolsListChanged'),
    promptsListChanged: listChanged('prompts', 'promptsListChanged'),
  };
}

/** Throws -32021 unless the client declared what `method` needs. */
function requireCapability(state: ServeState, method: InputRequest['method']): void {
  const capability = INPUT_CAPABILITIES[method];
  if (!isJsonObject(state.clientCapabilities[capability])) {
    throw new SnodoError(
      ErrorCode.MissingRequiredClientCapability,
      MESSAGES.MISSING_CAPABILITY(capability),
      { requiredCapabilities: { [capability]: {} } },
      { status: 400 },
    );
  }
}

/**
 * `askAll()` and, through it, `elicit()`, `sample()` and `listRoots()`: checks the client
 * capabilities, then asks the client (initialize era, one request after another) or answers
 * from the retry's answers and signals `input_required` with whatever is still missing
 * (2026-07-28).
 */
async function askAll(
  state: ServeState,
  exchange: Exchange,
  requests: Readonly<Record<string, InputRequest>>,
): Promise<Record<string, JsonObject>> {
  const entries = Object.entries(requests);
  for (const [, request] of entries) requireCapability(state, request.method);
  const answers: Record<string, JsonObject> = {};
  if (state.version !== MODERN_PROTOCOL_VERSION) {
    for (const [key, request] of entries) {
      if (exchange.sendRequest === undefined)
        throw SnodoError.internal(MESSAGES.NO_CLIENT_CHANNEL(request.method));
      answers[key] = await exchange.sendRequest(request.method, request.params);
    }
    return answers;
  }
  const missing: Record<string, InputRequest> = {};
  for (const [key, request] of entries) {
    const answer = state.answers?.[key];
    if (isJsonObject(answer)) answers[key] = answer;
    else missing[key] = { method: request.method, params: request.params };
  }
  if (Object.keys(missing).length > 0) throw new InputRequiredSignal(missing);
  return answers;
}

/** One input request, under the caller's key or the next default one (`e0`, `s1`, ...). */
async function askOne(
  state: ServeState,
  exchange: Exchange,
  request: InputRequest,
  key: string,
): Promise<JsonObject> {
  const answers = await askAll(state, exchange, { [key]: request });
  return answers[key]!;
}

/** `notifications/cancelled` with the id of the request to abort. */
function cancellation(message: JsonRpcRequest | JsonRpcNotification): HandleOutcome | undefined {
  if (message.method !== 'notifications/cancelled') return undefined;
  const requestId = message.params?.requestId;
  return typeof requestId === 'string' || typeof requestId === 'number'
    ? { status: 202, cancelled: requestId }
    : undefined;
}

const isModernHeader = (value: string | undefined): boolean => {
  const version = trimmed(value);
  return version !== undefined && isModernVersion(version);
};

/**
 * Whether a message belongs to the 2026-07-28 era (spec DIGEST §1.3): its `_meta` claims a
 * version, or the `MCP-Protocol-Version` header names a modern one. Everything else is
 * initialize-era traffic.
 * @publicApi
 */
export function isModernMessage(inbound: InboundMessage, headerVersion?: string): boolean {
  if (inbound.kind === 'request' || inbound.kind === 'notification') {
    const meta = inbound.message.params?._meta;
    if (isJsonObject(meta) && meta[META_KEYS.protocolVersion] !== undefined) return true;
  }
  return isModernHeader(headerVersion);
}

const idOf = (message: JsonRpcRequest | JsonRpcNotification): JsonRpcId | undefined =>
  'id' in message ? message.id : undefined;

const headerError = (id: JsonRpcId | undefined, message: string): HandleOutcome =>
  errorOutcome(id, new SnodoError(ErrorCode.HeaderMismatch, message), 400);

/** The HTTP status of a JSON-RPC error raised while serving (DIGEST §3.1): only -32021 is 400. */
const statusOf = (error: SnodoError): number =>
  error.http?.status ??
  (error.code === (ErrorCode.MissingRequiredClientCapability as number) ? 400 : 200);

function readImplementation(value: unknown): Implementation | undefined {
  return isJsonObject(value) && typeof value.name === 'string' && typeof value.version === 'string'
    ? (value as Implementation)
    : undefined;
}

/**
 * Checks `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` of a 2026-07-28 HTTP request
 * against its body (spec DIGEST §3.1). Returns the -32020 message, or `undefined`.
 * @internal
 */
export function checkStandardHeaders(
  message: JsonRpcRequest | JsonRpcNotification,
  headers: StandardHeaders,
): string | undefined {
  if (trimmed(headers.protocolVersion) === undefined)
    return MESSAGES.HEADER_MISSING('MCP-Protocol-Version');
  if (!('id' in message)) return undefined;
  const method = trimmed(headers.method);
  if (method === undefined) return MESSAGES.HEADER_MISSING('Mcp-Method');
  if (method !== message.method) return MESSAGES.HEADER_MISMATCH('Mcp-Method', 'the method');
  const field = NAMED_METHODS[message.method];
  const bodyValue = field === undefined ? undefined : message.params?.[field];
  if (field === undefined || typeof bodyValue !== 'string') return undefined;
  if (headers.name === undefined) return MESSAGES.HEADER_MISSING('Mcp-Name');
  const decoded = decodeHeaderValue(headers.name);
  if (decoded === undefined) return MESSAGES.HEADER_MALFORMED('Mcp-Name');
  return decoded === bodyValue
    ? undefined
    : MESSAGES.HEADER_MISMATCH('Mcp-Name', `params.${field}`);
}

function buildContext(state: ServeState, exchange: Exchange): CallContext {
  const modern = state.version === MODERN_PROTOCOL_VERSION;
  const notify = exchange.notify;
  const token = state.meta.progressToken;
  const threshold = modern
    ? (state.meta[META_KEYS.logLevel] as LoggingLevel | undefined)
    : (exchange.session?.logLevel ?? 'debug');
  let lastProgress = -Infinity;
  const counter = { next: 0 };
  return {
    protocolVersion: state.version,
    era: modern ? 'modern' : 'legacy',
    clientInfo: state.clientInfo,
    clientCapabilities: state.clientCapabilities,
    sessionId: exchange.session?.id,
    meta: state.meta,
    // A getter: a transport may make the signal only when a handler asks for it.
    get signal() {
      return exchange.signal ?? NEVER_ABORTED;
    },
    transport: exchange.transport,
    request: exchange.request,
    progress: (progress, total, message) => {
      if (notify === undefined || (typeof token !== 'string' && typeof token !== 'number')) return;
      if (typeof progress !== 'number' || !(progress > lastProgress)) return;
      lastProgress = progress;
      const params: JsonObject = { progressToken: token, progress };
      if (total !== undefined) params.total = total;
      if (message !== undefined) params.message = message;
      notify({ jsonrpc: '2.0', method: 'notifications/progress', params });
    },
    closeStream: () => exchange.closeStream?.(),
    elicit: (params, options) =>
      askOne(
        state,
        exchange,
        { method: 'elicitation/create', params },
        options?.key ?? `e${counter.next++}`,
      ),
    sample: (params, options) =>
      askOne(
        state,
        exchange,
        { method: 'sampling/createMessage', params },
        options?.key ?? `s${counter.next++}`,
      ),
    listRoots: (options) =>
      askOne(
        state,
        exchange,
        { method: 'roots/list', params: {} },
        options?.key ?? `r${counter.next++}`,
      ),
    askAll: (requests) => askAll(state, exchange, requests),
    log: (level, data, logger) => {
      if (notify === undefined || threshold === undefined) return;
      if (LOGGING_LEVELS.indexOf(level) < LOGGING_LEVELS.indexOf(threshold)) return;
      const params: JsonObject = { level, data };
      if (logger !== undefined) params.logger = logger;
      notify({ jsonrpc: '2.0', method: 'notifications/message', params });
    },
  };
}

/** A 2026-07-28 result: `resultType` first, and the server's identity in `_meta`. */
function modernBody(runtime: Runtime, result: JsonObject): JsonObject {
  const meta = isJsonObject(result._meta) ? result._meta : undefined;
  return {
    resultType: 'complete',
    ...result,
    _meta: { ...meta, [META_KEYS.serverInfo]: runtime.serverInfo },
  };
}

/**
 * The prepared pages of a shared list, by cursor (`''` for the first). A list array belongs to one
 * runtime and one revision, so its pages never change; they go when the runtime does. Only valid
 * cursors are stored, so a list holds at most one entry per page.
 */
const PREPARED_PAGES = new WeakMap<readonly JsonObject[], Map<string, JsonObject>>();

function preparedPages(items: readonly JsonObject[]): Map<string, JsonObject> {
  let pages = PREPARED_PAGES.get(items);
  if (pages === undefined) {
    pages = new Map();
    PREPARED_PAGES.set(items, pages);
  }
  return pages;
}

/** Tells the instrumentation handler; a handler that throws does not break the request. */
function emit(
  handler: InstrumentationHandler | undefined,
  type: 'start' | 'stop' | 'exception',
  context: OperationContext,
): void {
  if (handler === undefined) return;
  try {
    handler({ type, ...context });
  } catch {
    // The handler's own failure is its business.
  }
}
