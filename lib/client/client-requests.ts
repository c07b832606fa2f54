import {
  ErrorCode,
  METHODS,
  META_KEYS,
  MODERN_PROTOCOL_VERSION,
  SnodoError,
  TASK_METHODS,
  isJsonObject,
  type Implementation,
  type JsonObject,
  type MethodTable,
  type ProtocolVersion,
} from '../core/internal.js';
import type { ClientChannel, InboundHandler, SendHints } from './client-channel.js';
import { CLIENT_MESSAGES } from './client.messages.js';
import { withInputRounds, type InputRoundOptions } from './input-rounds.js';
import { negotiate, type Negotiated, type NegotiationPeer } from './negotiation.js';
import { checkRequestHeaders, type RequestHeadersOption } from './request-headers.js';
import { ServerRequests, type ClientRequestHandlers } from './server-requests.js';
import { ToolHeaders } from './tool-headers.js';

/** What the request core takes of the client's options. @internal */
export interface ClientRequestsOptions {
  readonly clientInfo?: Implementation;
  readonly capabilities?: JsonObject;
  readonly methods?: MethodTable;
  readonly headers?: RequestHeadersOption;
  readonly bearerToken?: string;
  readonly handlers?: ClientRequestHandlers;
  readonly onNotification?: (notification: ServerNotification) => void;
  readonly inputRounds?: InputRoundOptions;
  readonly onWarning?: (message: string) => void;
}

/**
 * A notification of the server: progress, a log message, a list change, a resource update.
 * @publicApi
 */
export interface ServerNotification {
  /** The notification's method, such as `notifications/progress`. */
  readonly method: string;
  /** The notification's params, as the server sent them. */
  readonly params?: JsonObject;
}

/**
 * Options of one request (`SnodoClient.request()`, `callTool()`): a way to stop it, and who hears
 * and answers what the server sends while it runs.
 * @publicApi
 */
export interface RequestOptions {
  /**
   * Stops the request when it aborts: the request rejects with the signal's reason, and the
   * server's call is cancelled (over HTTP, its connection is closed; in process, the call's
   * `signal` aborts).
   * @default undefined
   */
  signal?: AbortSignal;
  /**
   * Called with each notification the server sends on this request's stream (its progress, its
   * log messages), in place of the client's `onNotification`.
   * @default the client's onNotification
   */
  onNotification?: (notification: ServerNotification) => void;
  /**
   * Handlers for what the server asks during this request, over the client's: each one given
   * answers in place of the client's of its kind. In 2026-07-28 this request declares their
   * capabilities and they answer its `input_required` rounds; in a session they answer the
   * server's requests on this request's stream.
   * @default the client's handlers
   */
  handlers?: ClientRequestHandlers;
}

const DEFAULT_CLIENT_INFO: Implementation = { name: 'snodo-client', version: '0.1.0' };

const metaOf = (params: JsonObject): JsonObject => (isJsonObject(params._meta) ? params._meta : {});

/** What one request has of its own: its signal, and what answers the server while it runs. */
interface RequestScope {
  readonly signal?: AbortSignal;
  readonly serverRequests: ServerRequests;
  /** The request's own listener and handlers on its stream; the channel's bound one if absent. */
  readonly inbound?: InboundHandler;
}

/**
 * The promise, or a rejection with the signal's reason as soon as the signal aborts, whichever
 * comes first (a later rejection of the promise is then handled and ignored).
 * @param onAbort runs when the signal aborts first.
 */
function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort: () => void,
): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => (onAbort(), reject(signal.reason as Error));
    signal.addEventListener('abort', abort, { once: true });
    const done = () => signal.removeEventListener('abort', abort);
    promise.then(
      (value) => (done(), resolve(value)),
      (error: unknown) => (done(), reject(error as Error)),
    );
  });
}

/**
 * How the client sends its requests: the 2026-07-28 envelope or the session, the routing
 * headers (`Mcp-Name`, `Mcp-Param-*`), the answers to `input_required` rounds, one more try of
 * a `tools/call` after a -32020 (with the tools listed again), and JSON-RPC errors thrown as
 * {@link SnodoError}.
 * @internal
 */
export class ClientRequests {
  /** The revision in use. */
  version: string = MODERN_PROTOCOL_VERSION;
  readonly serverRequests: ServerRequests;
  readonly tools: ToolHeaders;
  /** The scope of a request without options of its own: the client's handlers and listener. */
  private readonly scope: RequestScope;
  /** Lists the tools again (after a -32020 on `tools/call`); set by the client. */
  relist: (() => Promise<unknown>) | undefined;
  private nextId = 1;
  /** The checked headers, when they are fixed (not a function). */
  private readonly fixedHeaders: Record<string, string> | undefined;

  /** @throws {TypeError} for headers or a bearer token that cannot be sent. */
  constructor(
    private readonly channel: ClientChannel,
    private readonly options: ClientRequestsOptions,
  ) {
    const { headers, bearerToken } = options;
    if (typeof headers === 'function') checkRequestHeaders(undefined, bearerToken);
    this.fixedHeaders =
      typeof headers === 'function' ? undefined : checkRequestHeaders(headers, bearerToken);
    this.serverRequests = new ServerRequests(options.handlers);
    this.tools = new ToolHeaders(options.onWarning ?? ((message) => console.warn(message)));
    this.scope = { serverRequests: this.serverRequests };
    channel.bind?.(this.inbound(this.serverRequests, options.onNotification));
  }

  /** The capabilities declared: those of the handlers, under those given in the options. */
  get capabilities(): JsonObject {
    return this.capabilitiesOf(this.serverRequests);
  }

  get clientInfo(): Implementation {
    return this.options.clientInfo ?? DEFAULT_CLIENT_INFO;
  }

  get modern(): boolean {
    return this.version === MODERN_PROTOCOL_VERSION;
  }

  /**
   * Sends a request; in 2026-07-28, answers its `input_required` rounds, and sends a
   * `tools/call` refused with -32020 once more after listing the tools again. The tools of a
   * `tools/list` page are remembered for the `Mcp-Param-*` headers of their calls.
   * @throws {SnodoError} when the server answers with a JSON-RPC error.
   */
  async request(
    method: string,
    params: JsonObject = {},
    options: RequestOptions = {},
  ): Promise<JsonObject> {
    const result = await this.requestIn(this.scopeOf(options), method, params);
    if (method === 'tools/list' && this.modern) this.tools.remember(result.tools);
    return result;
  }

  /** {@link request} in a scope: the client's, or one with the request's own options. */
  private async requestIn(
    scope: RequestScope,
    method: string,
    params: JsonObject,
  ): Promise<JsonObject> {
    if (!this.modern) return this.exchange(method, params, this.version, scope);
    const send = (next: JsonObject) =>
      withInputRounds(
        (round) => this.exchange(method, round, this.version, scope),
        method,
        next,
        scope.serverRequests,
        this.options.inputRounds,
      );
    if (method !== 'tools/call' || this.relist === undefined) return send(params);
    try {
      return await send(params);
    } catch (error) {
      if (!(error instanceof SnodoError) || error.code !== (ErrorCode.HeaderMismatch as number))
        throw error;
      await this.relist();
      return send(params);
    }
  }

  /**
   * One request and its response, speaking `version`.
   * @throws {SnodoError} when the server answers with a JSON-RPC error.
   * @throws the signal's reason when the scope's signal aborts.
   */
  async exchange(
    method: string,
    params: JsonObject,
    version = this.version,
    scope = this.scope,
  ): Promise<JsonObject> {
    scope.signal?.throwIfAborted();
    const modern = version === MODERN_PROTOCOL_VERSION;
    const envelope = this.envelope(this.capabilitiesOf(scope.serverRequests));
    const body = modern ? { ...params, _meta: { ...envelope, ...metaOf(params) } } : params;
    const id = this.nextId++;
    const hints = await this.hints(method, params, version, scope);
    const response = await untilAborted(
      this.channel.send({ jsonrpc: '2.0', id, method, params: body }, hints),
      scope.signal,
      () => (modern ? undefined : void this.cancel(id, version)),
    );
    if (response === undefined)
      throw new SnodoError(ErrorCode.InternalError, CLIENT_MESSAGES.NO_RESPONSE(method));
    if ('error' in response) {
      throw new SnodoError(response.error.code, response.error.message, response.error.data);
    }
    return response.result;
  }

  /**
   * Agrees on the revision with the server (see `negotiate`); an initialize-era session then
   * opens its event stream, for the requests and notifications the server sends unasked.
   */
  async negotiate(wanted: ProtocolVersion | undefined): Promise<Negotiated> {
    const negotiated = await negotiate(this.peer(), wanted);
    this.version = negotiated.version;
    if (!this.modern) {
      this.channel.listen?.({
        protocolVersion: this.version,
        headers: await this.requestHeaders(),
      });
    }
    return negotiated;
  }

  /** What negotiating the revision needs. */
  private peer(): NegotiationPeer {
    return {
      request: (method, params, version) => this.exchange(method, params, version),
      notify: async (method, version) => {
        const hints = { protocolVersion: version, headers: await this.requestHeaders() };
        await this.channel.send({ jsonrpc: '2.0', method }, hints);
      },
      capabilities: this.capabilities,
      clientInfo: this.clientInfo,
    };
  }

  /**
   * Tells the server of a session that the client gave up on a request (`notifications/cancelled`):
   * there, a closed connection does not cancel it. In 2026-07-28 closing its stream does.
   */
  private async cancel(requestId: number, version: string): Promise<void> {
    const message = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } };
    try {
      await this.channel.send(message, {
        protocolVersion: version,
        headers: await this.requestHeaders(),
      });
    } catch {
      // Nothing more to do: the server ends the call with the session at the latest.
    }
  }

  /** Ends the session (initialize era); a 2026-07-28 client has nothing to end. */
  async close(): Promise<void> {
    // Closing goes on without the extra headers when the headers function fails.
    const headers = await this.requestHeaders().catch(() => undefined);
    await this.channel.close(headers);
  }

  /** The extra headers of the next request: the fixed ones, or what the function gives now. */
  async requestHeaders(): Promise<Record<string, string>> {
    const { headers, bearerToken } = this.options;
    return typeof headers === 'function'
      ? checkRequestHeaders(await headers(), bearerToken)
      : this.fixedHeaders!;
  }

  private async hints(
    method: string,
    params: JsonObject,
    version: string,
    scope: RequestScope,
  ): Promise<SendHints> {
    const target =
      (this.options.methods ?? METHODS).request(method)?.target ??
      ((TASK_METHODS as readonly string[]).includes(method) ? 'taskId' : undefined);
    const name = target === undefined ? undefined : params[target];
    const args = isJsonObject(params.arguments) ? params.arguments : {};
    const toolName = typeof params.name === 'string' ? params.name : '';
    return {
      protocolVersion: version,
      name: typeof name === 'string' ? name : undefined,
      headers: await this.requestHeaders(),
      ...(scope.inbound === undefined ? {} : { inbound: scope.inbound }),
      ...(scope.signal === undefined ? {} : { signal: scope.signal }),
      ...(method === 'tools/call' && version === MODERN_PROTOCOL_VERSION
        ? { paramHeaders: this.tools.headersFor(toolName, args) }
        : {}),
    };
  }

  private envelope(capabilities: JsonObject): JsonObject {
    return {
      [META_KEYS.protocolVersion]: MODERN_PROTOCOL_VERSION,
      [META_KEYS.clientCapabilities]: capabilities,
      [META_KEYS.clientInfo]: this.clientInfo,
    };
  }

  /** The capabilities declared with these handlers, under those given in the options. */
  private capabilitiesOf(serverRequests: ServerRequests): JsonObject {
    return { ...serverRequests.capabilities(), ...this.options.capabilities };
  }

  /** The scope of a request: the client's, or one with the request's own handlers and listener. */
  private scopeOf(options: RequestOptions): RequestScope {
    const { signal, handlers, onNotification } = options;
    if (handlers === undefined && onNotification === undefined)
      return signal === undefined ? this.scope : { ...this.scope, signal };
    const serverRequests =
      handlers === undefined
        ? this.serverRequests
        : new ServerRequests({ ...this.options.handlers, ...handlers });
    const inbound = this.inbound(serverRequests, onNotification ?? this.options.onNotification);
    return { serverRequests, inbound, ...(signal === undefined ? {} : { signal }) };
  }

  /** Answers the server's requests on a stream and hands its notifications on. */
  private inbound(
    serverRequests: ServerRequests,
    onNotification: ((notification: ServerNotification) => void) | undefined,
  ): InboundHandler {
    return {
      request: (message, during) => serverRequests.respond(message, during),
      notification: (message) => {
        const params = isJsonObject(message.params) ? { params: message.params } : {};
        onNotification?.({ method: String(message.method), ...params });
      },
    };
  }
}
