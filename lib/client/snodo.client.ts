import {
  ErrorCode,
  LATEST_LEGACY_VERSION,
  METHODS,
  META_KEYS,
  MODERN_PROTOCOL_VERSION,
  SnodoError,
  TASK_METHODS,
  type CallToolResult,
  type Implementation,
  type JsonObject,
  type MethodTable,
  type ProtocolVersion,
  type RuntimeSource,
  type Runtime,
  type TaskView,
  type ToolDefinition,
} from '../core/index.js';
import {
  HttpChannel,
  InProcessChannel,
  type ClientChannel,
  type SendHints,
} from './client-channel.js';
import { CLIENT_MESSAGES } from './client.messages.js';
import { checkRequestHeaders, type RequestHeadersOption } from './request-headers.js';
import {
  toolStart,
  waitFor,
  withTasksExtension,
  type ToolStart,
  type WaitForTaskOptions,
} from './task-polling.js';

/**
 * Options of {@link SnodoClient}.
 * @publicApi
 */
export interface SnodoClientOptions {
  /** How the client names itself. @default { name: 'snodo-client', version: '0.1.0' } */
  clientInfo?: Implementation;
  /** The capabilities it declares. @default {} */
  capabilities?: JsonObject;
  /**
   * The revision to speak. By default the client asks `server/discover` for 2026-07-28 and falls
   * back to an `initialize` handshake (2025-11-25) when the server does not serve it.
   */
  protocolVersion?: ProtocolVersion;
  /**
   * The methods the server serves, for what a request needs besides its body (the `Mcp-Name`
   * header of a method that names a component). @default the protocol's `METHODS`
   */
  methods?: MethodTable;
  /**
   * Extra HTTP headers sent with every request (the `DELETE` that ends an initialize-era session
   * included), such as `{ 'X-Api-Key': key }`: what guarded components need. A function is called
   * before every request (it may be async), for a token that expires. Names must be HTTP tokens,
   * each given once (ignoring case), and values free of CR and LF; the headers the client sets
   * itself (`Accept`, `Content-Type`, `Content-Length`, `Mcp-Protocol-Version`, `Mcp-Session-Id`,
   * `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`) are refused. In process, the headers are the
   * `headers` of the request object guards and handlers see (`context.request`), names in lower
   * case as in a Node request.
   * @default {}
   */
  headers?: RequestHeadersOption;
  /**
   * A bearer token, sent as `Authorization: Bearer <token>` with every request. Give it or an
   * `Authorization` header, not both.
   * @default undefined
   */
  bearerToken?: string;
}

/** A JSON object with the list under `key`, after following every cursor. */
type Listed<K extends string, T> = { [key in K]: T[] };

/** The entries of a `resources/list`, `resources/templates/list` or `prompts/list`. */
export type CatalogEntry = JsonObject & { name: string };

/**
 * An MCP client for tests, tooling and the `snodo catalog` command. It talks to a runtime in the
 * same process (no network, no Nest) or to any Streamable HTTP endpoint, negotiating the
 * stateless 2026-07-28 revision first and falling back to an `initialize` session. Lists follow
 * cursors to the end. JSON-RPC errors are thrown as {@link SnodoError} (with `code`), transport
 * failures as `SnodoClientError`. Headers (`headers`, `bearerToken`) go with every request.
 * @example
 * ```ts
 * const client = await SnodoClient.connect('http://127.0.0.1:3000/mcp', {
 *   headers: { 'X-Api-Key': process.env.API_KEY! },
 * });
 * const tools = await client.listTools();
 * await client.close();
 * ```
 * @see docs/catalog.md
 * @publicApi
 */
export class SnodoClient {
  private nextId = 1;
  private version: string = MODERN_PROTOCOL_VERSION;
  private serverInfoValue: Implementation | undefined;
  private capabilitiesValue: JsonObject = {};
  /** The checked headers, when they are fixed (not a function). */
  private readonly fixedHeaders: Record<string, string> | undefined;

  /** @throws {TypeError} for headers or a bearer token that cannot be sent. */
  private constructor(
    private readonly channel: ClientChannel,
    private readonly options: SnodoClientOptions,
  ) {
    const { headers, bearerToken } = options;
    if (typeof headers === 'function') checkRequestHeaders(undefined, bearerToken);
    this.fixedHeaders =
      typeof headers === 'function' ? undefined : checkRequestHeaders(headers, bearerToken);
  }

  /**
   * A client of a runtime in this process: a `SnodoRegistry` (which follows catalog changes) or a
   * `Runtime`. Speaks 2026-07-28 unless `options.protocolVersion` names an older revision.
   * @throws {TypeError} for headers or a bearer token that cannot be sent.
   */
  static async inProcess(
    source: RuntimeSource | Runtime,
    options: SnodoClientOptions = {},
  ): Promise<SnodoClient> {
    const runtimeSource = 'runtime' in source ? source : { runtime: source };
    const client = new SnodoClient(new InProcessChannel(runtimeSource), options);
    await client.negotiate();
    return client;
  }

  /**
   * A client over any channel; `close()` also runs `onClose` (the testing helper closes the app
   * it booted).
   * @internal
   */
  static async overChannel(
    channel: ClientChannel,
    options: SnodoClientOptions = {},
  ): Promise<SnodoClient> {
    const client = new SnodoClient(channel, options);
    await client.negotiate();
    return client;
  }

  /**
   * A client of a Streamable HTTP endpoint, such as `http://127.0.0.1:3000/mcp`.
   * @throws {TypeError} for headers or a bearer token that cannot be sent, before any request.
   * @throws {SnodoClientError} when the endpoint cannot be reached or is not MCP.
   */
  static async connect(url: string | URL, options: SnodoClientOptions = {}): Promise<SnodoClient> {
    const client = new SnodoClient(new HttpChannel(String(url)), options);
    await client.negotiate();
    return client;
  }

  /** The revision in use. */
  get protocolVersion(): string {
    return this.version;
  }

  /** The server's name and version, as it gave them. */
  get serverInfo(): Implementation | undefined {
    return this.serverInfoValue;
  }

  /** The server's capabilities. */
  get serverCapabilities(): JsonObject {
    return this.capabilitiesValue;
  }

  /** Every tool, following cursors. */
  async listTools(): Promise<ToolDefinition[]> {
    return (await this.listAll('tools/list', 'tools')) as unknown as ToolDefinition[];
  }

  /** Every direct resource, following cursors. */
  listResources(): Promise<CatalogEntry[]> {
    return this.listAll('resources/list', 'resources');
  }

  /** Every resource template, following cursors. */
  listResourceTemplates(): Promise<CatalogEntry[]> {
    return this.listAll('resources/templates/list', 'resourceTemplates');
  }

  /** Every prompt, following cursors. */
  listPrompts(): Promise<CatalogEntry[]> {
    return this.listAll('prompts/list', 'prompts');
  }

  /** `tools/call`. A tool that fails answers `isError: true`; it is not thrown. */
  async callTool(name: string, args: JsonObject = {}): Promise<CallToolResult & JsonObject> {
    return (await this.request('tools/call', { name, arguments: args })) as CallToolResult &
      JsonObject;
  }

  /**
   * `tools/call` that may run as a task (the tasks extension, `io.modelcontextprotocol/tasks`,
   * declared for this call): the task, to poll with {@link waitForTask}, or the result when the
   * server answered at once. Before 2026-07-28 there are no tasks: always the result.
   */
  async startTool(name: string, args: JsonObject = {}): Promise<ToolStart> {
    return toolStart(await this.taskRequest('tools/call', { name, arguments: args }));
  }

  /** `tasks/get`: the task as it stands (its result, error or input requests included). */
  async getTask(taskId: string): Promise<TaskView & JsonObject> {
    return (await this.taskRequest('tasks/get', { taskId })) as TaskView & JsonObject;
  }

  /** `tasks/update`: answers to the input requests of a task that waits for input, by key. */
  async updateTask(taskId: string, inputResponses: Record<string, JsonObject>): Promise<void> {
    await this.taskRequest('tasks/update', { taskId, inputResponses });
  }

  /** `tasks/cancel`: asks the server to stop the task (it ends `cancelled` unless it ended first). */
  async cancelTask(taskId: string): Promise<void> {
    await this.taskRequest('tasks/cancel', { taskId });
  }

  /**
   * Polls a task until it ends, answering its input requests with `options.onInputRequired`.
   * @returns the terminal task (`completed` with `result`, `failed` with `error`, or `cancelled`),
   * or the task waiting for input when there is no `onInputRequired`.
   */
  waitForTask(taskId: string, options: WaitForTaskOptions = {}): Promise<TaskView & JsonObject> {
    const operations = {
      get: (id: string) => this.getTask(id),
      update: (id: string, answers: Record<string, JsonObject>) => this.updateTask(id, answers),
    };
    return waitFor(operations, taskId, options);
  }

  /** `resources/read`. */
  readResource(uri: string): Promise<JsonObject> {
    return this.request('resources/read', { uri });
  }

  /** `prompts/get`. */
  getPrompt(name: string, args: Record<string, string> = {}): Promise<JsonObject> {
    return this.request('prompts/get', { name, arguments: args });
  }

  /**
   * `completion/complete` for a prompt argument (`{ type: 'ref/prompt', name }`) or a template
   * variable (`{ type: 'ref/resource', uri }`).
   */
  complete(
    ref: JsonObject,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<JsonObject> {
    const params: JsonObject = { ref, argument };
    if (context !== undefined) params.context = { arguments: context };
    return this.request('completion/complete', params);
  }

  /**
   * Sends any request, with the 2026-07-28 envelope or in the initialize session.
   * @throws {SnodoError} when the server answers with a JSON-RPC error.
   * @throws {TypeError} when the `headers` function returns headers that cannot be sent.
   */
  async request(method: string, params: JsonObject = {}): Promise<JsonObject> {
    const modern = this.version === MODERN_PROTOCOL_VERSION;
    const body = modern ? { ...params, _meta: { ...this.envelope(), ...metaOf(params) } } : params;
    const target =
      (this.options.methods ?? METHODS).request(method)?.target ??
      ((TASK_METHODS as readonly string[]).includes(method) ? 'taskId' : undefined);
    const name = target === undefined ? undefined : params[target];
    const hints: SendHints = {
      protocolVersion: this.version,
      name: typeof name === 'string' ? name : undefined,
      headers: await this.requestHeaders(),
    };
    const response = await this.channel.send(
      { jsonrpc: '2.0', id: this.nextId++, method, params: body },
      hints,
    );
    if (response === undefined)
      throw new SnodoError(ErrorCode.InternalError, CLIENT_MESSAGES.NO_RESPONSE(method));
    if ('error' in response) {
      throw new SnodoError(response.error.code, response.error.message, response.error.data);
    }
    return response.result;
  }

  /** A request of the tasks extension: the extension is declared for it (2026-07-28). */
  private taskRequest(method: string, params: JsonObject): Promise<JsonObject> {
    if (this.version !== MODERN_PROTOCOL_VERSION) return this.request(method, params);
    const capabilities = withTasksExtension(this.options.capabilities);
    return this.request(method, {
      ...params,
      _meta: { [META_KEYS.clientCapabilities]: capabilities },
    });
  }

  /** Ends the session (initialize era); a 2026-07-28 client has nothing to end. */
  async close(): Promise<void> {
    // Closing goes on without the extra headers when the headers function fails.
    const headers = await this.requestHeaders().catch(() => undefined);
    await this.channel.close(headers);
  }

  /** The extra headers of the next request: the fixed ones, or what the function gives now. */
  private async requestHeaders(): Promise<Record<string, string>> {
    const { headers, bearerToken } = this.options;
    return typeof headers === 'function'
      ? checkRequestHeaders(await headers(), bearerToken)
      : this.fixedHeaders!;
  }

  private envelope(): JsonObject {
    return {
      [META_KEYS.protocolVersion]: MODERN_PROTOCOL_VERSION,
      [META_KEYS.clientCapabilities]: this.options.capabilities ?? {},
      [META_KEYS.clientInfo]: this.clientInfo(),
    };
  }

  private clientInfo(): Implementation {
    return this.options.clientInfo ?? { name: 'snodo-client', version: '0.1.0' };
  }

  private async negotiate(): Promise<void> {
    const wanted = this.options.protocolVersion;
    if (wanted === undefined || wanted === MODERN_PROTOCOL_VERSION) {
      const discovered = await this.request('server/discover').catch((error: unknown) => {
        if (error instanceof SnodoError && wanted === undefined) return undefined;
        throw error;
      });
      const versions = discovered?.supportedVersions;
      if (Array.isArray(versions) && versions.includes(MODERN_PROTOCOL_VERSION)) {
        const meta = (discovered!._meta ?? {}) as JsonObject;
        this.serverInfoValue = meta[META_KEYS.serverInfo] as Implementation | undefined;
        this.capabilitiesValue = (discovered!.capabilities ?? {}) as JsonObject;
        return;
      }
      if (wanted !== undefined)
        throw new SnodoError(
          ErrorCode.UnsupportedProtocolVersion,
          CLIENT_MESSAGES.NO_MODERN_REVISION,
        );
    }
    await this.initialize(wanted ?? LATEST_LEGACY_VERSION);
  }

  private async initialize(version: string): Promise<void> {
    this.version = version;
    const result = await this.request('initialize', {
      protocolVersion: version,
      capabilities: this.options.capabilities ?? {},
      clientInfo: this.clientInfo(),
    });
    if (typeof result.protocolVersion === 'string') this.version = result.protocolVersion;
    this.serverInfoValue = result.serverInfo as Implementation | undefined;
    this.capabilitiesValue = (result.capabilities ?? {}) as JsonObject;
    const hints: SendHints = {
      protocolVersion: this.version,
      headers: await this.requestHeaders(),
    };
    await this.channel.send({ jsonrpc: '2.0', method: 'notifications/initialized' }, hints);
  }

  private async listAll<K extends string>(method: string, key: K): Promise<CatalogEntry[]> {
    const all: CatalogEntry[] = [];
    let cursor: string | undefined;
    const seen = new Set<string>();
    do {
      const page = (await this.request(method, cursor === undefined ? {} : { cursor })) as Partial<
        Listed<K, CatalogEntry>
      > &
        JsonObject;
      all.push(...(page[key] ?? []));
      cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
      if (cursor !== undefined && seen.has(cursor)) {
        throw new SnodoError(ErrorCode.InternalError, CLIENT_MESSAGES.CURSOR_REPEATED(method));
      }
      if (cursor !== undefined) seen.add(cursor);
    } while (cursor !== undefined);
    return all;
  }
}

const metaOf = (params: JsonObject): JsonObject =>
  typeof params._meta === 'object' && params._meta !== null ? (params._meta as JsonObject) : {};
