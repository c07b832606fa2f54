import {
  META_KEYS,
  MODERN_PROTOCOL_VERSION,
  ProtocolHandler,
  SnodoError,
  classifyMessage,
  type CallToolResult,
  type Implementation,
  type JsonObject,
  type JsonRpcResponse,
  type Runtime,
  type ToolDefinition,
} from '../core/index.js';

/**
 * Options of {@link SnodoClient}.
 * @publicApi
 */
export interface SnodoClientOptions {
  /** How the client names itself in `_meta`. @default { name: 'snodo-client', version: '0.1.0' } */
  clientInfo?: Implementation;
  /** The capabilities declared on every request. @default {} */
  capabilities?: JsonObject;
}

/**
 * A 2026-07-28 client that talks to a runtime in the same process, through the same protocol
 * handler the transports use (no network, no Nest). Results come back as they travel on the
 * wire; JSON-RPC errors are thrown as {@link SnodoError}.
 * @example
 * ```ts
 * const client = SnodoClient.inProcess(registry.runtime);
 * const { tools } = await client.listTools();
 * ```
 * @publicApi
 */
export class SnodoClient {
  private nextId = 1;
  private readonly handler: ProtocolHandler;
  private readonly meta: JsonObject;

  private constructor(runtime: Runtime, options: SnodoClientOptions) {
    this.handler = new ProtocolHandler({ runtime });
    this.meta = {
      [META_KEYS.protocolVersion]: MODERN_PROTOCOL_VERSION,
      [META_KEYS.clientCapabilities]: options.capabilities ?? {},
      [META_KEYS.clientInfo]: options.clientInfo ?? { name: 'snodo-client', version: '0.1.0' },
    };
  }

  /** A client of a runtime in this process. */
  static inProcess(runtime: Runtime, options: SnodoClientOptions = {}): SnodoClient {
    return new SnodoClient(runtime, options);
  }

  /** `server/discover`. */
  discover(): Promise<JsonObject> {
    return this.request('server/discover', {});
  }

  /** `tools/list`. */
  async listTools(): Promise<{ tools: ToolDefinition[] } & JsonObject> {
    return (await this.request('tools/list', {})) as { tools: ToolDefinition[] } & JsonObject;
  }

  /** `tools/call`. */
  async callTool(name: string, args: JsonObject = {}): Promise<CallToolResult & JsonObject> {
    return (await this.request('tools/call', { name, arguments: args })) as CallToolResult &
      JsonObject;
  }

  /**
   * Sends any request with the 2026-07-28 envelope.
   * @throws {SnodoError} when the server answers with a JSON-RPC error.
   */
  async request(method: string, params: JsonObject): Promise<JsonObject> {
    const message = {
      jsonrpc: '2.0',
      id: this.nextId++,
      method,
      params: { ...params, _meta: this.meta },
    };
    const outcome = await this.handler.handle(classifyMessage(message), {
      transport: 'in-process',
    });
    const response = outcome.response as JsonRpcResponse;
    if ('error' in response) {
      throw new SnodoError(response.error.code, response.error.message, response.error.data);
    }
    return response.result;
  }
}
