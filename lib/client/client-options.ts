import type { ServerNotification } from './client-requests.js';
import type { OAuthClientOptions } from './oauth/oauth.interface.js';
import type { InputRoundOptions } from './input-rounds.js';
import type { ReconnectionOptions } from './response-stream.js';
import type { ClientRequestHandlers } from './server-requests.js';

/**
 * The options of `SnodoClient` for what the server asks and tells: handlers for its requests,
 * its notifications, and the `input_required` rounds of 2026-07-28.
 * @publicApi
 */
export interface ServerInteractionOptions {
  /**
   * How the client answers the server's requests: `elicitation/create` (with the SEP-1034
   * defaults filled in), `sampling/createMessage` and `roots/list`, whether they come as
   * JSON-RPC requests on the event stream of an initialize-era request or as the input requests
   * of a 2026-07-28 `input_required` result. Each handler given declares its capability.
   * @default {} (the server's requests are answered with -32601)
   */
  handlers?: ClientRequestHandlers;
  /**
   * Called with each notification the server sends while a request runs (progress, log
   * messages, list changes), in order.
   * @default undefined
   */
  onNotification?: (notification: ServerNotification) => void;
  /** Limits of the `input_required` rounds of one request. @default { maxRounds: 10 } */
  inputRounds?: InputRoundOptions;
  /**
   * Where the client reports what it leaves out, such as a listed tool whose `x-mcp-header`
   * annotations break the rules (it is left out of `listTools()`).
   * @default console.warn
   */
  onWarning?: (message: string) => void;
}

/**
 * The options of `SnodoClient` over Streamable HTTP.
 * @publicApi
 */
export interface HttpClientOptions {
  /**
   * Act as an OAuth 2.1 client of the server's authorization server: on a 401 the client
   * discovers it, registers, gets a token and sends the request again with it; on a 403
   * `insufficient_scope` it asks for the missing scopes; it refreshes expired tokens. Its token
   * replaces any `Authorization` of `headers` or `bearerToken`.
   * @default undefined (no OAuth: a 401 is an error)
   */
  auth?: OAuthClientOptions;
  /**
   * Resuming an initialize-era event stream that ends before its response (`GET` with
   * `Last-Event-ID`, after the `retry` delay the server gave).
   * @default { delayMs: 1_000, maxAttempts: 3 }
   */
  reconnection?: ReconnectionOptions;
  /** The `fetch` the client sends its HTTP requests with. @default globalThis.fetch */
  fetch?: typeof fetch;
}
