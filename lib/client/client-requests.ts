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
} from '../core/index.js';
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
  readonly method: string;
  readonly params?: JsonObject;
}

const DEFAULT_CLIENT_INFO: Implementation = { name: 'snodo-client', version: '0.1.0' };

const metaOf = (params: JsonObject): JsonObject => (isJsonObject(params._meta) ? params._meta : {});

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
    channel.bind?.(this.inbound());
  }

  /** The capabilities declared: those of the handlers, under those given in the options. */
  get capabilities(): JsonObject {
    return { ...this.serverRequests.capabilities(), ...this.options.capabilities };
  }

  get clientInfo(): Implementation {
    return this.options.clientInfo ?? DEFAULT_CLIENT_INFO;
  }

  get modern(): boolean {
    return this.version === MODERN_PROTOCOL_VERSION;
  }

  /**
   * Sends a request; in 2026-07-28, answers its `input_required` rounds, and sends a
   * `tools/call` refused with -32020 once more after listing the tools again.
   * @throws {SnodoError} when the server answers with a JSON-RPC error.
   */
  async request(method: string, params: JsonObject = {}): Promise<JsonObject> {
    if (!this.modern) return this.exchange(method, params);
    const send = (next: JsonObject) =>
      withInputRounds(
        (round) => this.exchange(method, round),
        method,
        next,
        this.serverRequests,
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
   */
  async exchange(method: string, params: JsonObject, version = this.version): Promise<JsonObject> {
    const modern = version === MODERN_PROTOCOL_VERSION;
    const body = modern ? { ...params, _meta: { ...this.envelope(), ...metaOf(params) } } : params;
    const response = await this.channel.send(
      { jsonrpc: '2.0', id: this.nextId++, method, params: body },
      await this.hints(method, params, version),
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

  private async hints(method: string, params: JsonObject, version: string): Promise<SendHints> {
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
      ...(method === 'tools/call' && version === MODERN_PROTOCOL_VERSION
        ? { paramHeaders: this.tools.headersFor(toolName, args) }
        : {}),
    };
  }

  private envelope(): JsonObject {
    return {
      [META_KEYS.protocolVersion]: MODERN_PROTOCOL_VERSION,
      [META_KEYS.clientCapabilities]: this.capabilities,
      [META_KEYS.clientInfo]: this.clientInfo,
    };
  }

  /** Answers the server's requests and hands its notifications on (initialize-era sessions). */
  private inbound(): InboundHandler {
    return {
      request: (message, during) => this.serverRequests.respond(message, during),
      notification: (message) => {
        const params = isJsonObject(message.params) ? { params: message.params } : {};
        this.options.onNotification?.({ method: String(message.method), ...params });
      },
    };
  }
}
