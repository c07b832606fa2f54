import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ErrorCode,
  InMemorySessionStore,
  PendingClientRequests,
  ProtocolHandler,
  classifyMessage,
  isStoreUnavailable,
  isModernMessage,
  parseMessage,
  serializeMessage,
  type Exchange,
  type HandleOutcome,
  type InboundMessage,
  type JsonRpcId,
  type NotificationHub,
  type RuntimeSource,
  type SessionRecord,
  type ReplayEvent,
  type SessionStore,
  type SharedReplay,
} from '../../core/index.js';
import { readBody, type BodyReadOutcome } from './body-reader.js';
import { HostCheck, type HostCheckOptions } from './host-check.js';
import { LazyAbort } from './lazy-abort.js';
import { ReplayBuffer, ResumableStream, parseEventId } from './replay.buffer.js';
import { SseStream } from './sse.writer.js';
import { HTTP_MESSAGES } from './streamable-http.messages.js';

/**
 * Options of the Streamable HTTP transport.
 * @publicApi
 */
export interface StreamableHttpOptions extends HostCheckOptions {
  /** The largest request body accepted, in bytes; larger ones get 413. @default 4_194_304 (4 MiB) */
  bodyLimit?: number;
  /** Where initialize-era sessions live. @default a new {@link InMemorySessionStore} */
  sessionStore?: SessionStore;
  /**
   * Delivers resource updates and list changes to session GET streams and listen streams.
   * Without one, GET answers 405 and `subscriptions/listen` is not served.
   */
  hub?: NotificationHub;
  /**
   * Shared replay logs (a `SharedStore`'s `replay`): a client may then resume a stream with
   * `Last-Event-ID` on any instance. @default this instance's memory only
   */
  replay?: SharedReplay;
}

/** The default body limit: 4 MiB. @publicApi */
export const DEFAULT_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * Where a framework that read the body before the transport leaves it on the request.
 * @internal
 */
export const PRE_READ_BODY = Symbol.for('snodo.preReadBody');

type PreReadRequest = IncomingMessage & {
  [PRE_READ_BODY]?: BodyReadOutcome;
  body?: unknown;
};

/**
 * The versions an initialize-era request may name in `MCP-Protocol-Version`. Clients built on
 * older SDKs send an earlier revision than the one negotiated; the session's revision is what is
 * served either way.
 */
const LEGACY_HEADER_VERSIONS = new Set(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);

const JSON_TYPE = /^application\/json\s*(?:;|$)/i;
const ACCEPTS_EVENT_STREAM = /(?:^|,)\s*(?:text\/event-stream|text\/\*|\*\/\*)\s*(?:;|,|$)/i;
const ACCEPTS_JSON = /(?:^|,)\s*(?:application\/json|application\/\*|\*\/\*)\s*(?:;|,|$)/i;

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/**
 * The Streamable HTTP transport on Node's `req`/`res`: used by the Nest controller and usable
 * from any Node HTTP server. It answers POST with one JSON response (or 202 for notifications),
 * serves initialize-era sessions (`Mcp-Session-Id`, DELETE to end one) and puts a JSON-RPC
 * error body on every 4xx.
 * @publicApi
 */
export class StreamableHttpTransport {
  /** The body limit in force, in bytes. */
  readonly bodyLimit: number;
  private readonly sessions: SessionStore;
  private readonly handler: ProtocolHandler;
  private readonly hub: NotificationHub | undefined;
  private readonly hostCheck: HostCheck;
  private readonly streams = new Set<SseStream>();
  private readonly sessionStreams = new Map<string, SseStream>();
  /** Running initialize-era requests, by session and id, for `notifications/cancelled`. */
  private readonly inflight = new Map<string, LazyAbort>();
  private readonly pending = new PendingClientRequests();
  private readonly replay: ReplayBuffer;
  private readonly sharedReplay?: SharedReplay;
  private closing = false;
  private active = 0;

  constructor(
    private readonly source: RuntimeSource,
    options: StreamableHttpOptions = {},
  ) {
    const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
    if (!Number.isInteger(limit) || limit <= 0) {
      throw new Error('Snodo: bodyLimit must be a positive whole number of bytes');
    }
    this.bodyLimit = limit;
    this.sessions = options.sessionStore ?? new InMemorySessionStore();
    this.hub = options.hub;
    this.sharedReplay = options.replay;
    this.replay = new ReplayBuffer(undefined, undefined, undefined, options.replay);
    this.hostCheck = new HostCheck(options);
    this.handler = new ProtocolHandler(source, { hub: options.hub });
  }

  /** Ends every open stream (at shutdown, so that the HTTP server can close). */
  close(): void {
    for (const stream of [...this.streams]) stream.close();
  }

  /**
   * Graceful shutdown: new requests get 503, requests in flight may finish for up to `timeoutMs`,
   * then every stream is closed.
   */
  async shutdown(timeoutMs = 10_000): Promise<void> {
    this.closing = true;
    const deadline = Date.now() + timeoutMs;
    while (this.active > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20).unref());
    }
    this.close();
  }

  /** Opens a stream and tracks it until it ends. */
  private openStream(res: ServerResponse): SseStream {
    const stream = new SseStream(res);
    this.streams.add(stream);
    stream.onClose(() => this.streams.delete(stream));
    return stream;
  }

  /** Serves one HTTP request on the MCP endpoint. Never throws for bad input. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.closing) {
      return sendError(res, 503, ErrorCode.InternalError, HTTP_MESSAGES.SHUTTING_DOWN, undefined, {
        Connection: 'close',
      });
    }
    this.active++;
    try {
      await this.route(req, res);
    } catch (error) {
      // A shared store (Redis) is down: the request that needed it gets a clear 503, never a hang;
      // the next ones are served normally once the store is back.
      if (!isStoreUnavailable(error)) throw error;
      if (!res.headersSent && !res.destroyed) {
        sendError(
          res,
          503,
          ErrorCode.InternalError,
          HTTP_MESSAGES.STORE_UNAVAILABLE,
          REQUEST_IDS.get(req),
          { 'Retry-After': '1' },
        );
      } else if (!res.writableEnded) res.end();
    } finally {
      this.active--;
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = this.hostCheck.refusal(req);
    if (refusal !== undefined) return sendError(res, 403, ErrorCode.InvalidRequest, refusal);
    switch (req.method) {
      case 'POST':
        return this.handlePost(req, res);
      case 'DELETE':
        return this.handleDelete(req, res);
      case 'GET':
        return this.handleGet(req, res);
      default:
        return sendError(
          res,
          405,
          ErrorCode.InvalidRequest,
          HTTP_MESSAGES.METHOD_NOT_ALLOWED(String(req.method)),
          undefined,
          { Allow: 'POST, DELETE' },
        );
    }
  }

  /**
   * Reads the body of a POST before any framework body parser does, so that the transport
   * alone decides on size and syntax. On a too-large body it answers 413 itself.
   * @returns whether the request should continue to the transport.
   */
  async preRead(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const outcome = await readBody(req, this.bodyLimit);
    if (!outcome.ok) {
      this.rejectBody(res, outcome.reason);
      return false;
    }
    (req as PreReadRequest)[PRE_READ_BODY] = outcome;
    return true;
  }

  private rejectBody(res: ServerResponse, reason: 'too-large' | 'aborted'): void {
    if (reason === 'too-large') {
      sendError(
        res,
        413,
        ErrorCode.InvalidRequest,
        HTTP_MESSAGES.BODY_TOO_LARGE(this.bodyLimit),
        undefined,
        {
          Connection: 'close',
        },
      );
    } else {
      sendError(res, 400, ErrorCode.InvalidRequest, HTTP_MESSAGES.BODY_ABORTED, undefined, {
        Connection: 'close',
      });
    }
  }

  private async handlePost(req: PreReadRequest, res: ServerResponse): Promise<void> {
    const contentType = header(req, 'content-type');
    if (contentType === undefined || !JSON_TYPE.test(contentType)) {
      return sendError(res, 415, ErrorCode.InvalidRequest, HTTP_MESSAGES.UNSUPPORTED_MEDIA_TYPE);
    }
    const accept = header(req, 'accept');
    if (accept !== undefined && !ACCEPTS_JSON.test(accept)) {
      return sendError(res, 406, ErrorCode.InvalidRequest, HTTP_MESSAGES.NOT_ACCEPTABLE);
    }
    const inbound = await this.readInbound(req, res);
    if (inbound === undefined) return;
    const requestId = idOf(inbound);
    if (requestId !== undefined) REQUEST_IDS.set(req, requestId);

    const headerVersion = header(req, 'mcp-protocol-version');
    let session: SessionRecord | undefined;
    if (
      !isModernMessage(inbound, headerVersion) &&
      !isInitialize(inbound) &&
      inbound.kind !== 'invalid'
    ) {
      const id = idOf(inbound);
      const sessionId = header(req, 'mcp-session-id');
      if (sessionId === undefined) {
        return sendError(res, 400, ErrorCode.InvalidRequest, HTTP_MESSAGES.SESSION_REQUIRED, id);
      }
      session = await this.sessions.get(sessionId);
      if (session === undefined) {
        return sendError(res, 404, ErrorCode.SessionNotFound, HTTP_MESSAGES.SESSION_NOT_FOUND, id);
      }
      if (headerVersion !== undefined && !LEGACY_HEADER_VERSIONS.has(headerVersion.trim())) {
        return sendError(
          res,
          400,
          ErrorCode.InvalidRequest,
          HTTP_MESSAGES.BAD_LEGACY_VERSION_HEADER,
          id,
        );
      }
    }

    if (
      inbound.kind === 'response' &&
      session !== undefined &&
      this.pending.settle(session.id, inbound)
    ) {
      res.writeHead(202).end();
      return;
    }
    // 2026-07-28: closing the stream cancels the request, so the connection is watched once a
    // handler asks for its signal. Initialize era: a dropped connection is not a cancellation;
    // the rest of the stream is kept for a resume with Last-Event-ID.
    const onClose = (): void => {
      if (!res.writableFinished) abort.abort(new Error('the client closed the connection'));
    };
    const abort = new LazyAbort(
      session === undefined
        ? () => {
            if (res.destroyed && !res.writableFinished) onClose();
            else res.once('close', onClose);
          }
        : undefined,
    );
    let stream: SseStream | ResumableStream | undefined;
    const open = (): SseStream | ResumableStream => {
      if (session === undefined) return this.openStream(res);
      const resumable = this.replay.open(session.id, this.openStream(res));
      if (session.protocolVersion === '2025-11-25') resumable.prime();
      return resumable;
    };
    const exchange: Exchange = {
      transport: 'http',
      session,
      request: req,
      get signal() {
        return abort.signal;
      },
      headers: {
        protocolVersion: headerVersion,
        method: header(req, 'mcp-method'),
        name: header(req, 'mcp-name'),
        param: (field) => req.headersDistinct[field],
      },
      // Progress and log messages turn the response into an event stream that ends with the result.
      notify: (notification) => {
        if (abort.aborted) return;
        // 2026-07-28: nothing to send once the client has gone. Initialize era: the stream keeps
        // recording for a resume with Last-Event-ID.
        if (session === undefined && (res.writableEnded || res.destroyed)) return;
        stream ??= open();
        stream.send(notification);
      },
      // Initialize era: end the connection now; the rest waits for a resume with Last-Event-ID.
      closeStream:
        session === undefined
          ? undefined
          : () => {
              stream ??= open();
              if (stream instanceof ResumableStream) stream.disconnect();
            },
      // Initialize era: requests to the client go on the same stream; the answer comes as a POST.
      sendRequest:
        session === undefined
          ? undefined
          : (method, params) =>
              this.pending.send(session.id, method, params, (request) => {
                stream ??= open();
                stream.send(request);
              }),
    };
    const inflight =
      session !== undefined && inbound.kind === 'request'
        ? `${session.id}\u0000${String(inbound.message.id)}`
        : undefined;
    if (inflight !== undefined) this.inflight.set(inflight, abort);
    let outcome: HandleOutcome;
    try {
      outcome = await this.handler.handle(inbound, exchange);
    } finally {
      if (inflight !== undefined) this.inflight.delete(inflight);
    }
    const extraHeaders = await this.applySessionEffects(outcome, session);
    if (outcome.cancelled !== undefined && session !== undefined) {
      this.inflight
        .get(`${session.id}\u0000${String(outcome.cancelled)}`)
        ?.abort(new Error('the client cancelled the request'));
    }
    res.off('close', onClose);
    if (abort.aborted) {
      // A cancelled request gets no response; end the HTTP exchange if the client is still there.
      if (stream instanceof ResumableStream) stream.end();
      else if (stream !== undefined) stream.close();
      else if (!res.writableEnded && !res.destroyed) res.writeHead(204).end();
      return;
    }
    if (outcome.listen !== undefined && this.hub !== undefined)
      return this.openListen(res, outcome.listen);
    const headers =
      outcome.headers === undefined ? extraHeaders : { ...outcome.headers, ...extraHeaders };
    if (stream === undefined) {
      if (!res.writableEnded && !res.destroyed) send(res, outcome, headers);
      return;
    }
    if (outcome.response !== undefined) stream.send(outcome.response);
    if (stream instanceof ResumableStream) stream.end();
    else stream.close();
  }

  private async readInbound(
    req: PreReadRequest,
    res: ServerResponse,
  ): Promise<InboundMessage | undefined> {
    const preRead = req[PRE_READ_BODY];
    if (preRead === undefined && req.readableEnded && req.body !== undefined) {
      // A framework parser already turned the body into a value.
      return classifyMessage(req.body);
    }
    const outcome = preRead ?? (await readBody(req, this.bodyLimit));
    if (!outcome.ok) {
      this.rejectBody(res, outcome.reason);
      return undefined;
    }
    return parseMessage(outcome.body.toString('utf8'));
  }

  private async applySessionEffects(
    outcome: HandleOutcome,
    session: SessionRecord | undefined,
  ): Promise<Record<string, string> | undefined> {
    if (outcome.openSession !== undefined) {
      const record: SessionRecord = {
        ...outcome.openSession,
        id: globalThis.crypto.randomUUID(),
        initialized: false,
      };
      await this.sessions.create(record);
      return { 'Mcp-Session-Id': record.id };
    }
    if (outcome.sessionInitialized === true && session !== undefined && !session.initialized) {
      await this.sessions.update({ ...session, initialized: true });
    }
    if (outcome.sessionLogLevel !== undefined && session !== undefined) {
      await this.sessions.update({ ...session, logLevel: outcome.sessionLogLevel });
    }
    return undefined;
  }

  /** Opens the GET stream of an initialize-era session, when the server has anything to send on it. */
  private async handleGet(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const lastEventId = header(req, 'last-event-id');
    if (lastEventId !== undefined) return this.resume(req, res, lastEventId);
    const runtime = this.source.runtime;
    const hub = this.hub;
    if (hub === undefined || !(runtime.resourceSubscriptions || runtime.listChanged)) {
      return sendError(
        res,
        405,
        ErrorCode.InvalidRequest,
        HTTP_MESSAGES.GET_NOT_SUPPORTED,
        undefined,
        {
          Allow: 'POST, DELETE',
        },
      );
    }
    const accept = header(req, 'accept');
    if (accept === undefined || !ACCEPTS_EVENT_STREAM.test(accept)) {
      return sendError(res, 406, ErrorCode.InvalidRequest, HTTP_MESSAGES.GET_NEEDS_EVENT_STREAM);
    }
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId === undefined) {
      return sendError(res, 400, ErrorCode.InvalidRequest, HTTP_MESSAGES.SESSION_REQUIRED);
    }
    if ((await this.sessions.get(sessionId)) === undefined) {
      return sendError(res, 404, ErrorCode.SessionNotFound, HTTP_MESSAGES.SESSION_NOT_FOUND);
    }
    if (this.sessionStreams.has(sessionId)) {
      return sendError(res, 409, ErrorCode.InvalidRequest, HTTP_MESSAGES.STREAM_ALREADY_OPEN);
    }
    const stream = this.openStream(res);
    const detach = hub.attachSession(sessionId, (message) => stream.send(message));
    this.sessionStreams.set(sessionId, stream);
    stream.onClose(() => {
      detach?.();
      if (this.sessionStreams.get(sessionId) === stream) this.sessionStreams.delete(sessionId);
    });
  }

  /** `GET` + `Last-Event-ID`: replays what an initialize-era stream sent after that event, then carries on. */
  private async resume(
    req: IncomingMessage,
    res: ServerResponse,
    lastEventId: string,
  ): Promise<void> {
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId === undefined) {
      return sendError(res, 400, ErrorCode.InvalidRequest, HTTP_MESSAGES.SESSION_REQUIRED);
    }
    if ((await this.sessions.get(sessionId)) === undefined) {
      return sendError(res, 404, ErrorCode.SessionNotFound, HTTP_MESSAGES.SESSION_NOT_FOUND);
    }
    const found = this.replay.find(sessionId, lastEventId);
    if (found !== undefined) return found.stream.resume(this.openStream(res), found.afterSeq);
    const position = parseEventId(lastEventId);
    if (this.sharedReplay !== undefined && position !== undefined) {
      if (await this.resumeShared(res, this.sharedReplay, sessionId, position)) return;
    }
    return sendError(res, 404, ErrorCode.InvalidRequest, HTTP_MESSAGES.UNKNOWN_LAST_EVENT_ID);
  }

  /**
   * Resumes a stream another instance wrote (or is still writing): replays the shared log after
   * the position, then follows the live events until the stream ends or the client leaves.
   * @returns `false` when the shared log does not know the stream.
   */
  private async resumeShared(
    res: ServerResponse,
    shared: SharedReplay,
    sessionId: string,
    position: { readonly streamId: string; readonly afterSeq: number },
  ): Promise<boolean> {
    // The connection is opened once the log is known; live events may come before that.
    const out: { stream?: SseStream } = {};
    let lastSeq = position.afterSeq;
    let ended = false;
    const early: ReplayEvent[] = [];
    const write = (event: ReplayEvent): void => {
      if (event.seq <= lastSeq || out.stream === undefined || out.stream.isClosed) return;
      lastSeq = event.seq;
      out.stream.writeEvent(event.data, `${position.streamId}-${event.seq}`);
    };
    // Follow first, then read: an event written in between is heard, and written once.
    const unfollow = shared.follow(sessionId, position.streamId, {
      event: (event) => (out.stream === undefined ? early.push(event) : write(event)),
      end: () => {
        ended = true;
        if (out.stream !== undefined) {
          unfollow();
          out.stream.close();
        }
      },
    });
    let recorded: Awaited<ReturnType<SharedReplay['read']>>;
    try {
      recorded = await shared.read(sessionId, position.streamId, position.afterSeq);
    } catch (error) {
      unfollow();
      throw error;
    }
    if (recorded === undefined) {
      unfollow();
      return false;
    }
    const stream = (out.stream = this.openStream(res));
    stream.onClose(unfollow);
    for (const event of recorded.events) write(event);
    for (const event of early.sort((a, b) => a.seq - b.seq)) write(event);
    if (recorded.ended || ended) {
      unfollow();
      stream.close();
    }
    return true;
  }

  /** Answers a 2026-07-28 `subscriptions/listen` with a stream that stays open until the client leaves. */
  private openListen(res: ServerResponse, listen: NonNullable<HandleOutcome['listen']>): void {
    const stream = this.openStream(res);
    stream.send(listen.acknowledgement);
    const unregister = this.hub!.listen(listen.id, listen.filter, (message) =>
      stream.send(message),
    );
    stream.onClose(unregister);
  }

  private async handleDelete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId === undefined) {
      return sendError(res, 400, ErrorCode.InvalidRequest, HTTP_MESSAGES.SESSION_REQUIRED);
    }
    if (!(await this.sessions.delete(sessionId))) {
      return sendError(res, 404, ErrorCode.SessionNotFound, HTTP_MESSAGES.SESSION_NOT_FOUND);
    }
    await this.hub?.endSession(sessionId);
    this.replay.drop(sessionId);
    this.sessionStreams.get(sessionId)?.close();
    res.writeHead(204).end();
  }
}

/** The JSON-RPC id of each POST being served, for answers that are given outside its handling. */
const REQUEST_IDS = new WeakMap<IncomingMessage, JsonRpcId>();

const isInitialize = (inbound: InboundMessage): boolean =>
  inbound.kind === 'request' && inbound.message.method === 'initialize';

const idOf = (inbound: InboundMessage): JsonRpcId | undefined => {
  switch (inbound.kind) {
    case 'request':
      return inbound.message.id;
    case 'notification':
      return undefined;
    default:
      return inbound.id;
  }
};

function send(res: ServerResponse, outcome: HandleOutcome, extra?: Record<string, string>): void {
  if (outcome.response === undefined) {
    res.writeHead(outcome.status, extra).end();
    return;
  }
  const body = serializeMessage(outcome.response);
  res.writeHead(outcome.status, {
    ...extra,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function sendError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  id?: JsonRpcId,
  headers?: Record<string, string>,
): void {
  send(
    res,
    {
      status,
      response: { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message } },
    },
    headers,
  );
}
