import {
  ErrorCode,
  META_KEYS,
  SnodoError,
  type CallToolResult,
  type Implementation,
  type JsonObject,
  type MethodTable,
  type ProtocolVersion,
  type RuntimeSource,
  type Runtime,
  type SkillEntry,
  type TaskView,
  type ToolDefinition,
} from '../core/internal.js';
import { InProcessChannel, type ClientChannel } from './client-channel.js';
import type { HttpClientOptions, ServerInteractionOptions } from './client-options.js';
import { ClientRequests, type RequestOptions } from './client-requests.js';
import { CLIENT_MESSAGES } from './client.messages.js';
import { HttpChannel } from './http-channel.js';
import { OAuthAuthorizer } from './oauth/oauth-authorizer.js';
import type { RequestHeadersOption } from './request-headers.js';
import {
  toolStart,
  waitFor,
  withTasksExtension,
  type ToolStart,
  type WaitForTaskOptions,
} from './task-polling.js';
import {
  followCursors,
  getSkill,
  readSkillFile,
  type SkillFileContents,
} from './skill-requests.js';

/**
 * Options of {@link SnodoClient}.
 * @publicApi
 */
export interface SnodoClientOptions extends ServerInteractionOptions, HttpClientOptions {
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
   * @internal
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
 * An MCP client for tests, tooling, the `snodo catalog` command and Nest apps that call other
 * MCP servers. It talks to a runtime in the same process (no network, no Nest) or to any
 * Streamable HTTP endpoint, negotiating the stateless 2026-07-28 revision first and falling back
 * to an `initialize` session. Lists follow cursors to the end. The server's requests
 * (elicitation, sampling, roots) are answered with `options.handlers`, in sessions and in
 * `input_required` rounds alike; its notifications go to `options.onNotification`; with
 * `options.auth` it is an OAuth 2.1 client of the server's authorization server. JSON-RPC errors
 * are thrown as `SnodoError` (with `code`; from `@snodo/nestjs/core`), transport failures as
 * `SnodoClientError`.
 * Headers (`headers`, `bearerToken`) go with every request.
 * @example
 * ```ts
 * const client = await SnodoClient.connect('http://127.0.0.1:3000/mcp', {
 *   headers: { 'X-Api-Key': process.env.API_KEY! },
 * });
 * const tools = await client.listTools();
 * await client.close();
 * ```
 * @see docs/client.md
 * @publicApi
 */
export class SnodoClient {
  private serverInfoValue: Implementation | undefined;
  private capabilitiesValue: JsonObject = {};
  private readonly requests: ClientRequests;

  /** @throws {TypeError} for headers or a bearer token that cannot be sent. */
  private constructor(
    channel: ClientChannel,
    private readonly options: SnodoClientOptions,
  ) {
    this.requests = new ClientRequests(channel, options);
    this.requests.relist = () => this.listTools();
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
    const { reconnection, fetch, auth } = options;
    const authorizer = auth && new OAuthAuthorizer(String(url), auth, fetch);
    const channel = new HttpChannel(String(url), { reconnection, fetch, authorizer });
    const client = new SnodoClient(channel, options);
    await client.negotiate();
    return client;
  }

  /** The revision in use. */
  get protocolVersion(): string {
    return this.requests.version;
  }

  /** The server's name and version, as it gave them. */
  get serverInfo(): Implementation | undefined {
    return this.serverInfoValue;
  }

  /** The server's capabilities. */
  get serverCapabilities(): JsonObject {
    return this.capabilitiesValue;
  }

  /**
   * Every tool, following cursors. In 2026-07-28, a tool whose `x-mcp-header` annotations break
   * the rules is left out (and reported to `onWarning`); the others' annotated arguments go in
   * `Mcp-Param-*` headers when they are called.
   */
  async listTools(): Promise<ToolDefinition[]> {
    const tools = (await this.listAll('tools/list', 'tools')) as unknown as ToolDefinition[];
    return this.requests.modern ? this.requests.tools.keepValid(tools) : tools;
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

  /**
   * `tools/call`. A tool that fails answers `isError: true`; it is not thrown. `options` can
   * cancel it and hear its progress (see {@link SnodoClient.request}).
   */
  async callTool(
    name: string,
    args: JsonObject = {},
    options?: RequestOptions,
  ): Promise<CallToolResult & JsonObject> {
    return (await this.request(
      'tools/call',
      { name, arguments: args },
      options,
    )) as CallToolResult & JsonObject;
  }

  /**
   * `tools/call` that may run as a task (the tasks extension, `io.modelcontextprotocol/tasks`,
   * declared for this call): the task, to poll with {@link SnodoClient.waitForTask}, or the result
   * when the server answered at once. Before 2026-07-28 there are no tasks: always the result.
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

  /** `skills/list` (the skills extension, `io.modelcontextprotocol/skills`): every entry, following cursors. */
  async listSkills(): Promise<SkillEntry[]> {
    const send = (method: string, params: JsonObject) => this.request(method, params);
    return (await followCursors(send, 'skills/list', 'skills')) as unknown as SkillEntry[];
  }

  /** `skills/get`: the entry of the skill whose manifest is at `uri`, listed or not. */
  getSkill(uri: string): Promise<SkillEntry> {
    return getSkill((method, params) => this.request(method, params), uri);
  }

  /**
   * Reads a file of a skill (its manifest by default) and checks it against the entry: listed,
   * of the listed size and digest, and for the manifest, with the entry's frontmatter.
   * @throws {SnodoClientError} when a check fails; the content must not be used.
   */
  readSkillFile(entry: SkillEntry, uri: string = entry.uri): Promise<SkillFileContents> {
    return readSkillFile((method, params) => this.request(method, params), entry, uri);
  }

  /** `resources/directory/read`: the direct children of a directory resource, following cursors. */
  readDirectory(uri: string): Promise<JsonObject[]> {
    const send = (method: string, params: JsonObject) => this.request(method, params);
    return followCursors(send, 'resources/directory/read', 'resources', { uri });
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
   * Sends any request, with the 2026-07-28 envelope or in the initialize session. In 2026-07-28,
   * the input requests of an `input_required` result are answered with the handlers and the
   * request is sent again with the answers, until its result is complete. `options` gives this
   * request a signal that cancels it, and a listener and handlers of its own. A `tools/list`
   * page it reads teaches the client the `x-mcp-header` arguments of its tools, as
   * {@link SnodoClient.listTools} does (without leaving any out).
   * @throws {SnodoError} when the server answers with a JSON-RPC error.
   * @throws {TypeError} when the `headers` function returns headers that cannot be sent.
   * @throws the signal's reason when `options.signal` aborts.
   */
  request(
    method: string,
    params: JsonObject = {},
    options: RequestOptions = {},
  ): Promise<JsonObject> {
    return this.requests.request(method, params, options);
  }

  /** A request of the tasks extension: the extension is declared for it (2026-07-28). */
  private taskRequest(method: string, params: JsonObject): Promise<JsonObject> {
    if (!this.requests.modern) return this.request(method, params);
    const capabilities = withTasksExtension(this.requests.capabilities);
    return this.request(method, {
      ...params,
      _meta: { [META_KEYS.clientCapabilities]: capabilities },
    });
  }

  /** Ends the session (initialize era); a 2026-07-28 client has nothing to end. */
  close(): Promise<void> {
    return this.requests.close();
  }

  private async negotiate(): Promise<void> {
    const negotiated = await this.requests.negotiate(this.options.protocolVersion);
    this.serverInfoValue = negotiated.serverInfo;
    this.capabilitiesValue = negotiated.capabilities;
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
