import {
  ProtocolHandler,
  classifyMessage,
  type JsonObject,
  type JsonRpcResponse,
  type RuntimeSource,
  type SessionRecord,
} from '../core/index.js';
import { SnodoClientError } from './snodo-client.error.js';
import { CLIENT_MESSAGES } from './client.messages.js';
import type { RequestHeaders } from './request-headers.js';

/** What a channel needs to know of a request besides its body (HTTP routing headers). @internal */
export interface SendHints {
  /** The protocol revision the request speaks. */
  readonly protocolVersion: string;
  /** The tool or prompt name, or resource URI (`Mcp-Name`). */
  readonly name?: string;
  /** The caller's extra headers (checked, lower-case names), such as `authorization`. */
  readonly headers?: RequestHeaders;
}

/**
 * Carries JSON-RPC messages to a server and back: in the same process, or over Streamable HTTP.
 * @internal
 */
export interface ClientChannel {
  /** Sends a request (resolves to its response) or a notification (resolves to `undefined`). */
  send(message: JsonObject, hints: SendHints): Promise<JsonRpcResponse | undefined>;
  /** Ends the initialize-era session, if any, sending the caller's extra headers. */
  close(headers?: RequestHeaders): Promise<void>;
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

const SENTINEL = (value: string) => `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
const PLAIN = /^[\x20-\x7e]*$/;

/**
 * A Streamable HTTP endpoint. Answers come as JSON or as an event stream, read until the
 * response with the request's id; the session id of an `initialize` is kept and sent back. The
 * caller's extra headers go on every request, the `DELETE` that ends the session included.
 * @internal
 */
export class HttpChannel implements ClientChannel {
  private sessionId: string | undefined;

  constructor(private readonly url: string) {}

  async send(message: JsonObject, hints: SendHints): Promise<JsonRpcResponse | undefined> {
    const headers: Record<string, string> = {
      ...hints.headers,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': hints.protocolVersion,
    };
    if (typeof message.method === 'string') headers['mcp-method'] = message.method;
    if (hints.name !== undefined) {
      headers['mcp-name'] = PLAIN.test(hints.name) ? hints.name : SENTINEL(hints.name);
    }
    if (this.sessionId !== undefined) headers['mcp-session-id'] = this.sessionId;
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(message),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new SnodoClientError(CLIENT_MESSAGES.UNREACHABLE(this.url, reason));
    }
    const session = response.headers.get('mcp-session-id');
    if (session !== null && message.method === 'initialize') this.sessionId = session;
    if (response.status === 202 || !('id' in message)) {
      await response.body?.cancel();
      return undefined;
    }
    const type = response.headers.get('content-type') ?? '';
    const body = /^text\/event-stream/i.test(type)
      ? await readFromStream(response, message.id)
      : /^application\/json/i.test(type)
        ? await response.json().catch(() => undefined)
        : (await response.body?.cancel(), undefined);
    if (!isResponse(body)) {
      throw new SnodoClientError(
        CLIENT_MESSAGES.NOT_AN_MCP_SERVER(this.url, response.status, type),
      );
    }
    return body;
  }

  async close(extra?: RequestHeaders): Promise<void> {
    if (this.sessionId === undefined) return;
    const sessionId = this.sessionId;
    this.sessionId = undefined;
    const headers = { ...extra, 'mcp-session-id': sessionId };
    await fetch(this.url, { method: 'DELETE', headers })
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
  }
}

function isResponse(value: unknown): value is JsonRpcResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as JsonObject).jsonrpc === '2.0' &&
    ('result' in value || 'error' in value)
  );
}

/** Reads an event stream until the response to `id` (notifications and requests are skipped). */
async function readFromStream(response: Response, id: unknown): Promise<unknown> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += value.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        if (data === '') continue;
        let message: unknown;
        try {
          message = JSON.parse(data);
        } catch {
          continue; // not JSON-RPC: the caller reports "did not answer as an MCP server"
        }
        if (isResponse(message) && message.id === id) return message;
      }
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
