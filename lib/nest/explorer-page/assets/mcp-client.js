// @ts-check
/**
 * A browser-side MCP client of the 2026-07-28 revision over Streamable HTTP: stateless, one POST
 * per request with the `_meta` envelope and the standard headers, answers as JSON or as an event
 * stream (progress and log notifications, then the response).
 */

/**
 * What the server put in the page for its client (see explorer-assets.ts).
 * @typedef {object} ExplorerConfig
 * @property {string} endpoint the MCP endpoint, relative to the page.
 * @property {string} catalog the Markdown catalog, relative to the page.
 * @property {string} protocolVersion
 * @property {{ protocolVersion: string, clientCapabilities: string, clientInfo: string, logLevel: string, serverInfo: string }} metaKeys
 * @property {Record<string, string>} nameParams the param each method names in `Mcp-Name`.
 * @property {string[]} logLevels
 * @property {{ name: string, version: string }} clientInfo
 */

/**
 * @typedef {object} RequestOptions
 * @property {(notification: any) => void} [onNotification] progress and log messages.
 * @property {AbortSignal} [signal] aborting closes the stream, which cancels the request.
 * @property {string | number} [progressToken]
 * @property {string} [logLevel]
 * @property {Record<string, string>} [headers] extra headers of this request (`Mcp-Param-*`).
 */

/** A JSON-RPC error answer, or an HTTP answer that is not JSON-RPC. */
export class McpError extends Error {
  /**
   * @param {string} message
   * @param {{ code?: number, data?: unknown, status?: number }} details
   */
  constructor(message, details) {
    super(message);
    this.name = 'McpError';
    this.code = details.code;
    this.data = details.data;
    this.status = details.status;
  }
}

const PLAIN = /^[\x20-\x7e]*$/;

/**
 * A header value as MCP sends it: plain printable ASCII as it is, anything else as
 * `=?base64?…?=` (UTF-8), so that the server decodes exactly what the body says.
 * @param {string} value
 */
export function headerValue(value) {
  if (PLAIN.test(value) && value === value.trim()) return value;
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return `=?base64?${btoa(binary)}?=`;
}

/**
 * The `Mcp-Param-*` headers a `tools/call` needs: one per argument whose property is marked with
 * `x-mcp-header` (reached from the root through `properties` only), when the argument has a value.
 * @param {any} schema the tool's input schema.
 * @param {any} args the call's arguments.
 * @returns {Record<string, string>}
 */
export function paramHeaders(schema, args) {
  /** @type {Record<string, string>} */
  const headers = {};
  /** @param {any} node @param {any} value */
  const walk = (node, value) => {
    const properties = node && typeof node === 'object' ? node.properties : undefined;
    if (!properties || typeof properties !== 'object') return;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [name, property] of Object.entries(properties)) {
      const argument = value[name];
      const header = property && property['x-mcp-header'];
      if (typeof header === 'string' && argument !== undefined && argument !== null)
        headers[`mcp-param-${header.toLowerCase()}`] = headerValue(String(argument));
      walk(property, argument);
    }
  };
  walk(schema, args);
  return headers;
}

/**
 * Reads an event stream: notifications go to `onNotification`, and the response to `id` ends it.
 * @param {Response} response
 * @param {number} id
 * @param {((notification: any) => void) | undefined} onNotification
 * @returns {Promise<any>}
 */
async function readStream(response, id, onNotification) {
  if (!response.body) return undefined;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += value.replace(/\r\n?/g, '\n');
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        if (data === '') continue;
        let message;
        try {
          message = JSON.parse(data);
        } catch {
          continue; // not JSON-RPC: the caller reports an answer that is not MCP
        }
        if (message.id === id && ('result' in message || 'error' in message)) return message;
        if (typeof message.method === 'string' && !('id' in message)) onNotification?.(message);
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** The explorer's client of the app's endpoint. */
export class McpClient {
  /** @param {ExplorerConfig} config */
  constructor(config) {
    this.config = config;
    this.url = new URL(config.endpoint, location.href).href;
    /** @type {Record<string, string>} */
    this.headers = {};
    this.nextId = 1;
    /** What the page can answer in an `input_required` round. */
    this.capabilities = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };
  }

  /**
   * The caller's headers for every request (a bearer token, an API key...).
   * @param {Record<string, string>} headers
   */
  setHeaders(headers) {
    this.headers = { ...headers };
  }

  /**
   * Sends one request and resolves to its result.
   * @param {string} method
   * @param {Record<string, unknown>} [params]
   * @param {RequestOptions} [options]
   * @returns {Promise<any>}
   * @throws {McpError} for a JSON-RPC error, or an answer that is not JSON-RPC.
   */
  async request(method, params = {}, options = {}) {
    const id = this.nextId++;
    const body = { jsonrpc: '2.0', id, method, params: { ...params, _meta: this.meta(options) } };
    const response = await fetch(this.url, {
      method: 'POST',
      headers: this.requestHeaders(method, params, options),
      body: JSON.stringify(body),
      signal: options.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    let message;
    if (/^text\/event-stream/i.test(type))
      message = await readStream(response, id, options.onNotification);
    else if (/^application\/json/i.test(type)) message = await response.json().catch(() => null);
    else await response.body?.cancel();
    if (message && message.error)
      throw new McpError(message.error.message, { ...message.error, status: response.status });
    if (!message || !('result' in message)) {
      const status = `${response.status} ${response.statusText}`.trim();
      throw new McpError(`The endpoint did not answer as an MCP server (HTTP ${status})`, {
        status: response.status,
      });
    }
    return message.result;
  }

  /**
   * The request's `_meta`: the 2026-07-28 envelope, and what it asks for.
   * @param {RequestOptions} options
   */
  meta(options) {
    const keys = this.config.metaKeys;
    /** @type {Record<string, unknown>} */
    const meta = {
      [keys.protocolVersion]: this.config.protocolVersion,
      [keys.clientCapabilities]: this.capabilities,
      [keys.clientInfo]: this.config.clientInfo,
    };
    if (options.progressToken !== undefined) meta.progressToken = options.progressToken;
    if (options.logLevel) meta[keys.logLevel] = options.logLevel;
    return meta;
  }

  /**
   * @param {string} method
   * @param {Record<string, unknown>} params
   * @param {RequestOptions} options
   */
  requestHeaders(method, params, options) {
    /** @type {Record<string, string>} */
    const headers = {
      ...this.headers,
      ...options.headers,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': this.config.protocolVersion,
      'mcp-method': method,
    };
    const target = this.config.nameParams[method];
    const name = target === undefined ? undefined : params[target];
    if (typeof name === 'string') headers['mcp-name'] = headerValue(name);
    return headers;
  }

  /**
   * One page of a list.
   * @param {string} method such as `tools/list`.
   * @param {string} key the list in the result, such as `tools`.
   * @param {string} [cursor]
   * @returns {Promise<{ items: any[], nextCursor?: string }>}
   */
  async listPage(method, key, cursor) {
    const result = await this.request(method, cursor === undefined ? {} : { cursor });
    const items = Array.isArray(result[key]) ? result[key] : [];
    const next = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    return { items, nextCursor: next };
  }
}

/**
 * Runs a request that may answer `input_required` (`tools/call`, `prompts/get`,
 * `resources/read`): each round's input requests are answered by `answer`, and the request is
 * sent again with `inputResponses` and the round's `requestState`, until a final result.
 * @param {McpClient} client
 * @param {string} method
 * @param {Record<string, unknown>} params
 * @param {() => RequestOptions} options the options of each round (a new progress token...).
 * @param {(requests: Record<string, any>, round: number) => Promise<Record<string, any>>} answer
 * @returns {Promise<any>}
 */
export async function requestWithInput(client, method, params, options, answer) {
  /** @type {Record<string, unknown>} */
  let current = params;
  for (let round = 1; ; round += 1) {
    const result = await client.request(method, current, options());
    if (result.resultType !== 'input_required') return result;
    const responses = await answer(result.inputRequests ?? {}, round);
    current = { ...params, inputResponses: responses };
    if (typeof result.requestState === 'string') current.requestState = result.requestState;
  }
}
