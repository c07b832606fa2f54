import { isModernVersion, type JsonObject, type JsonRpcResponse } from '../core/internal.js';
import type { ClientChannel, InboundHandler, SendHints } from './client-channel.js';
import { CLIENT_MESSAGES } from './client.messages.js';
import { encodeHeaderValue } from './header-encoding.js';
import type { RequestHeaders } from './request-headers.js';
import {
  isResponse,
  readResponseStream,
  type ReconnectionOptions,
  type StreamReader,
} from './response-stream.js';
import { listen } from './listen-stream.js';
import { SnodoClientError } from './snodo-client.error.js';

/**
 * How a channel authorizes its requests (the OAuth client plugs in here).
 * @internal
 */
export interface HttpAuthorizer {
  /** The headers that authorize a request (`Authorization`, and `DPoP` for a DPoP token). */
  headers(method: string, url: string): Promise<Record<string, string>>;
  /**
   * Reacts to a 401 or 403: gets a token (or one with more scopes).
   * @param attempt how many times this request was already sent again after a challenge.
   * @returns whether to send the request again.
   * @throws when the authorization cannot succeed (the reason is in the error).
   */
  challenged(response: Response, attempt: number): Promise<boolean>;
}

/** Options of {@link HttpChannel}. @internal */
export interface HttpChannelOptions {
  readonly authorizer?: HttpAuthorizer;
  readonly reconnection?: ReconnectionOptions;
  readonly fetch?: typeof fetch;
}

/**
 * A Streamable HTTP endpoint. Answers come as JSON or as an event stream, read until the
 * response with the request's id: the requests the server makes on the stream are answered with
 * POSTs, its notifications handed on, and an initialize-era stream that ends early is resumed
 * (`GET` with `Last-Event-ID`, after the `retry` delay). The session id of an `initialize` is
 * kept and sent back. The caller's extra headers go on every request, the `DELETE` that ends
 * the session included; a 401 or 403 goes to the authorizer, which may ask for the request to
 * be sent again with a new token.
 * @internal
 */
export class HttpChannel implements ClientChannel {
  private sessionId: string | undefined;
  private inbound: InboundHandler | undefined;
  private stopListening: (() => void) | undefined;
  private readonly fetch: typeof fetch;

  constructor(
    private readonly url: string,
    private readonly options: HttpChannelOptions = {},
  ) {
    // Called as a plain function: a browser's fetch refuses to run as a method of another object.
    const given = options.fetch;
    this.fetch = (input, init) => (given ?? globalThis.fetch)(input, init);
  }

  bind(inbound: InboundHandler): void {
    this.inbound = inbound;
  }

  async send(message: JsonObject, hints: SendHints): Promise<JsonRpcResponse | undefined> {
    const response = await this.authorized(message, hints);
    const session = response.headers.get('mcp-session-id');
    if (session !== null && message.method === 'initialize') this.sessionId = session;
    if (response.status === 202 || !('id' in message)) {
      await response.body?.cancel();
      return undefined;
    }
    const type = response.headers.get('content-type') ?? '';
    if (/^text\/event-stream/i.test(type)) {
      const reader = this.reader(message, hints);
      const answer = await readResponseStream(
        response,
        message.id,
        reader,
        this.options.reconnection,
      );
      if (answer === undefined) {
        throw new SnodoClientError(CLIENT_MESSAGES.STREAM_ENDED(this.url, String(message.method)));
      }
      return answer;
    }
    const body = /^application\/json/i.test(type)
      ? await response.json().catch(() => undefined)
      : (await response.body?.cancel(), undefined);
    if (!isResponse(body)) {
      throw new SnodoClientError(
        CLIENT_MESSAGES.NOT_AN_MCP_SERVER(this.url, response.status, type),
      );
    }
    return body;
  }

  /**
   * Opens the event stream of the initialize-era session (`GET`), for the server's requests and
   * notifications that belong to no request; it stays open until {@link close}.
   */
  listen(hints: SendHints): void {
    this.stopListening?.();
    const target = {
      open: async (lastEventId: string | undefined, signal: AbortSignal) => {
        const headers = await this.streamHeaders(hints, lastEventId);
        return this.request('GET', headers, undefined, signal);
      },
      onMessage: this.onMessage(hints, undefined),
    };
    this.stopListening = listen(target, this.options.reconnection);
  }

  async close(extra?: RequestHeaders): Promise<void> {
    this.stopListening?.();
    this.stopListening = undefined;
    if (this.sessionId === undefined) return;
    const sessionId = this.sessionId;
    this.sessionId = undefined;
    const headers = {
      ...extra,
      ...(await this.authorization('DELETE')),
      'mcp-session-id': sessionId,
    };
    await this.fetch(this.url, { method: 'DELETE', headers })
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
  }

  /** POSTs a message, and again after each challenge the authorizer can meet. */
  private async authorized(message: JsonObject, hints: SendHints): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const response = await this.post(message, hints);
      const { authorizer } = this.options;
      if (authorizer === undefined || (response.status !== 401 && response.status !== 403)) {
        return response;
      }
      if (!(await authorizer.challenged(response, attempt))) return response;
      await response.body?.cancel().catch(() => undefined);
    }
  }

  private async post(message: JsonObject, hints: SendHints): Promise<Response> {
    const headers: Record<string, string> = {
      ...hints.headers,
      ...(await this.authorization('POST')),
      ...this.sessionHeaders(hints.protocolVersion),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    if (typeof message.method === 'string') headers['mcp-method'] = message.method;
    if (hints.name !== undefined) headers['mcp-name'] = encodeHeaderValue(hints.name);
    Object.assign(headers, hints.paramHeaders);
    return this.request('POST', headers, JSON.stringify(message), hints.signal);
  }

  private async request(
    method: string,
    headers: Record<string, string>,
    body?: string,
    signal?: AbortSignal,
  ): Promise<Response> {
    try {
      return await this.fetch(this.url, { method, headers, body, signal });
    } catch (error) {
      if (signal?.aborted === true) throw signal.reason;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new SnodoClientError(CLIENT_MESSAGES.UNREACHABLE(this.url, reason));
    }
  }

  private sessionHeaders(protocolVersion: string): Record<string, string> {
    return {
      'mcp-protocol-version': protocolVersion,
      ...(this.sessionId === undefined ? {} : { 'mcp-session-id': this.sessionId }),
    };
  }

  private async authorization(method: string): Promise<Record<string, string>> {
    return (await this.options.authorizer?.headers(method, this.url)) ?? {};
  }

  /** The headers of a `GET` that opens or resumes an event stream of the session. */
  private async streamHeaders(
    hints: SendHints,
    lastEventId: string | undefined,
  ): Promise<Record<string, string>> {
    return {
      ...hints.headers,
      ...(await this.authorization('GET')),
      ...this.sessionHeaders(hints.protocolVersion),
      accept: 'text/event-stream',
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    };
  }

  /**
   * What to do with a message of the server on a stream: a request is answered with a POST of
   * the response, a notification handed to the inbound handler (the request's own, if it has one).
   */
  private onMessage(hints: SendHints, during: string | undefined) {
    const inbound = hints.inbound ?? this.inbound;
    return async (message: JsonObject): Promise<void> => {
      if (inbound === undefined) return;
      if (!('id' in message)) return inbound.notification(message);
      const answer = await inbound.request(message, during);
      await this.answer(answer, hints);
    };
  }

  /**
   * What reading the stream of a request needs: the server's messages go to {@link onMessage};
   * an initialize-era stream resumes with `GET` and `Last-Event-ID`.
   */
  private reader(request: JsonObject, hints: SendHints): StreamReader {
    const onMessage = this.onMessage(hints, String(request.method));
    const resume = async (lastEventId: string): Promise<Response | undefined> => {
      const response = await this.request('GET', await this.streamHeaders(hints, lastEventId));
      if (response.ok) return response;
      await response.body?.cancel();
      return undefined;
    };
    return isModernVersion(hints.protocolVersion) ? { onMessage } : { onMessage, resume };
  }

  /** POSTs the client's response to a request of the server (answered with 202). */
  private async answer(response: JsonObject, hints: SendHints): Promise<void> {
    const headers = {
      ...hints.headers,
      ...(await this.authorization('POST')),
      ...this.sessionHeaders(hints.protocolVersion),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const sent = await this.request('POST', headers, JSON.stringify(response));
    await sent.body?.cancel();
  }
}
