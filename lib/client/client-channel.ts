import {
  ProtocolHandler,
  classifyMessage,
  type JsonObject,
  type JsonRpcResponse,
  type RuntimeSource,
  type SessionRecord,
} from '../core/internal.js';
import type { RequestHeaders } from './request-headers.js';

/** What a channel needs to know of a request besides its body (HTTP routing headers). @internal */
export interface SendHints {
  /** The protocol revision the request speaks. */
  readonly protocolVersion: string;
  /** The tool or prompt name, or resource URI (`Mcp-Name`). */
  readonly name?: string;
  /** The caller's extra headers (checked, lower-case names), such as `authorization`. */
  readonly headers?: RequestHeaders;
  /** The `Mcp-Param-*` headers of a `tools/call` (lower-case names, encoded values). */
  readonly paramHeaders?: Readonly<Record<string, string>>;
  /** Aborting it cancels the request: over HTTP its connection is closed. */
  readonly signal?: AbortSignal;
  /** What answers the server's messages on this request's stream, in place of the bound one. */
  readonly inbound?: InboundHandler;
}

/**
 * What the client does with the messages the server sends besides responses: it answers the
 * requests (elicitation, sampling, roots, ping) and hands the notifications on.
 * @internal
 */
export interface InboundHandler {
  /**
   * The response message to a request of the server.
   * @param during the method of the client request on whose stream the request came, or
   *   `undefined` on the stream of the session.
   */
  request(message: JsonObject, during: string | undefined): Promise<JsonObject>;
  notification(message: JsonObject): void;
}

/**
 * Carries JSON-RPC messages to a server and back: in the same process, or over Streamable HTTP
 * (`HttpChannel`).
 * @internal
 */
export interface ClientChannel {
  /** Sends a request (resolves to its response) or a notification (resolves to `undefined`). */
  send(message: JsonObject, hints: SendHints): Promise<JsonRpcResponse | undefined>;
  /** Ends the initialize-era session, if any, sending the caller's extra headers. */
  close(headers?: RequestHeaders): Promise<void>;
  /** Hands the channel what to do with the server's requests and notifications. */
  bind?(inbound: InboundHandler): void;
  /** Opens the stream of an initialize-era session for what the server sends unasked. */
  listen?(hints: SendHints): void;
}

/**
 * A runtime in this process, through the protocol handler the transports use. Each message gets
 * a request of its own, `{ headers }` with the caller's extra headers, as `context.request`: what
 * guards written for HTTP read (`request.headers.authorization`), and the carrier of
 * request-scoped providers.
 * @internal
 */
export class InProcessChannel implements ClientChannel {
  private readonly handler: ProtocolHandler;
  private session: SessionRecord | undefined;

  /** @param onClose runs when the client closes (the testing helper closes its app there). */
  constructor(
    source: RuntimeSource,
    private readonly onClose?: () => Promise<void>,
  ) {
    this.handler = new ProtocolHandler(source);
  }

  async send(message: JsonObject, hints?: SendHints): Promise<JsonRpcResponse | undefined> {
    const outcome = await this.handler.handle(classifyMessage(message), {
      transport: 'in-process',
      session: this.session,
      request: { headers: { ...hints?.headers } },
      signal: hints?.signal,
    });
    if (outcome.openSession !== undefined) {
      this.session = { ...outcome.openSession, id: 'in-process', initialized: false };
    } else if (outcome.sessionInitialized === true && this.session !== undefined) {
      this.session = { ...this.session, initialized: true };
    }
    return outcome.response;
  }

  async close(): Promise<void> {
    this.session = undefined;
    await this.onClose?.();
  }
}
