// @ts-check
/**
 * The page's connection to the app's endpoint: the package's own `SnodoClient` (lib/client), over
 * the browser's `fetch`, speaking 2026-07-28 statelessly. It sends the `_meta` envelope and the
 * `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` and `Mcp-Param-*` headers, reads answers as
 * JSON or event streams, and answers `input_required` rounds; the page adds the caller's headers,
 * lists page by page, and gives each call its signal, its listener and its handlers.
 */
import { SnodoClient } from '../client/index.js';
import { META_KEYS } from '../core/internal.js';

/**
 * What the server put in the page for its client (see lib/nest/explorer-page/explorer-assets.ts).
 * @typedef {object} ExplorerConfig
 * @property {string} endpoint the MCP endpoint, relative to the page.
 * @property {string} catalog the Markdown catalog, relative to the page.
 * @property {import('../core/internal.js').ProtocolVersion} protocolVersion
 * @property {{ name: string, version: string }} clientInfo
 */

/**
 * What a call brings of its own besides its params.
 * @typedef {object} CallOptions
 * @property {AbortSignal} [signal] aborting it closes the stream, which cancels the call.
 * @property {(notification: import('../client/index.js').ServerNotification) => void} [onNotification]
 *   its progress and log messages.
 * @property {import('../client/index.js').ClientRequestHandlers} [handlers] who answers its input
 *   rounds.
 * @property {string} [progressToken] asks for progress.
 * @property {string} [logLevel] asks for log messages from that level up.
 */

/** @typedef {import('../core/internal.js').JsonObject} JsonObject */

/**
 * What the page declares it can answer in an input round: a person can answer all three (the
 * handlers of each call answer them).
 */
const CAPABILITIES = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };

/** The page's client of the app's endpoint. */
export class ExplorerConnection {
  /**
   * @param {SnodoClient} client
   * @param {string} url the endpoint.
   * @param {Record<string, string>} headers the caller's headers.
   */
  constructor(client, url, headers) {
    this.client = client;
    this.url = url;
    this.headers = headers;
  }

  /**
   * Connects to the endpoint (`server/discover`) with the caller's headers.
   * @param {ExplorerConfig} config
   * @param {Record<string, string>} headers a bearer token's `authorization`, and others.
   * @returns {Promise<ExplorerConnection>}
   * @throws {TypeError} for a header that cannot be sent; what the endpoint answered otherwise.
   */
  static async open(config, headers) {
    const url = new URL(config.endpoint, location.href).href;
    const client = await SnodoClient.connect(url, {
      protocolVersion: config.protocolVersion,
      clientInfo: config.clientInfo,
      capabilities: CAPABILITIES,
      headers,
      // The page shows the tools as the server lists them, `x-mcp-header` mistakes included.
      onWarning: () => undefined,
    });
    return new ExplorerConnection(client, url, headers);
  }

  /**
   * One request and its result.
   * @param {string} method
   * @param {Record<string, unknown>} [params]
   * @returns {Promise<any>}
   */
  request(method, params = {}) {
    return this.client.request(method, /** @type {JsonObject} */ (params));
  }

  /**
   * One page of a list (the client remembers the tools of a `tools/list` page for the
   * `Mcp-Param-*` headers of their calls).
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

  /**
   * A request that may stream and ask for input (`tools/call`, `prompts/get`,
   * `resources/read`): its `input_required` rounds are answered by `options.handlers`.
   * @param {string} method
   * @param {Record<string, unknown>} params
   * @param {CallOptions} [options]
   * @returns {Promise<any>}
   * @throws the signal's reason when the call is cancelled.
   */
  call(method, params, options = {}) {
    const { signal, onNotification, handlers, progressToken, logLevel } = options;
    /** @type {Record<string, unknown>} */
    const meta = {};
    if (progressToken !== undefined) meta.progressToken = progressToken;
    if (logLevel !== undefined) meta[META_KEYS.logLevel] = logLevel;
    const withMeta = Object.keys(meta).length === 0 ? params : { ...params, _meta: meta };
    return this.client.request(method, /** @type {JsonObject} */ (withMeta), {
      signal,
      onNotification,
      handlers,
    });
  }
}
