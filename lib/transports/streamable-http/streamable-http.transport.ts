import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import {
  ErrorCode,
  InMemorySessionStore,
  ProtocolHandler,
  isClientSessionLimit,
  isSessionLimit,
  isStoreUnavailable,
  type JsonRpcId,
  type NotificationHub,
  type RuntimeSource,
  type SessionStore,
} from '../../core/internal.js';
import {
  answerIdOf,
  messageOf,
  parsersValue,
  readBody,
  tapBody,
  type BodyProblem,
  FirstRead,
  type FirstReadReceiver,
} from './body-reader.js';
import { refuseBody } from './body-refusal.js';
import { watchBody } from './body-watch.js';
import { EventStreams } from './event-streams.js';
import { HostCheck } from './host-check.js';
import { sendError } from './json-response.writer.js';
import { ownerOf } from './post-exchange.js';
import { PostRequestHandler, requestIdOf } from './post-request.handler.js';
import { ReplayBuffer } from './replay.buffer.js';
import { header } from './request-headers.js';
import { requestState, stateOf } from './request-state.js';
import { SseStream } from './sse.writer.js';
import {
  DEFAULT_BODY_LIMIT,
  initializeLimit,
  shutdownTimeout,
  type StreamableHttpOptions,
} from './streamable-http.options.js';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';
import { type ListeningServer, warmUpWhenListening } from './warm-up.js';

export {
  DEFAULT_BODY_LIMIT,
  DEFAULT_INITIALIZE_RATE_LIMIT,
  type StreamableHttpOptions,
} from './streamable-http.options.js';

/** How to answer a request the app refused on the endpoint's route. @publicApi */
export interface RouteRefusal {
  /** The HTTP status. */
  readonly status: number;
  /** The JSON-RPC error code. */
  readonly code: number;
  /** One sentence that says what to fix. */
  readonly message: string;
  /** Extra response headers, such as `WWW-Authenticate` or `Retry-After`. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The Streamable HTTP transport on Node's `req`/`res`: used by the Nest controller and usable
 * from any Node HTTP server. It answers POST with one JSON response (or 202 for notifications),
 * serves initialize-era sessions (`Mcp-Session-Id`, DELETE to end one) and puts a JSON-RPC
 * error body on every 4xx and 5xx.
 *
 * The POST flow lives in {@link PostRequestHandler}, the GET, resume and listen streams in
 * {@link EventStreams}; this class routes, tracks the open streams, releases what ended sessions
 * held, and shuts down.
 * @publicApi
 */
export class StreamableHttpTransport {
  /** The body limit in force, in bytes. */
  readonly bodyLimit: number;
  private readonly sessions: SessionStore;
  private readonly hub: NotificationHub | undefined;
  private readonly hostCheck: HostCheck;
  private readonly streams = new Set<SseStream>();
  private readonly replay: ReplayBuffer;
  private readonly eventStreams: EventStreams;
  private readonly post: PostRequestHandler;
  private readonly onError: ((error: unknown) => void) | undefined;
  private readonly stopWatchingEnds: (() => void) | undefined;
  /** How long {@link shutdown} lets requests in flight finish: the `shutdownTimeoutMs` option. */
  readonly shutdownTimeoutMs: number;
  private closing = false;
  private active = 0;

  /** @throws {Error} for an option out of its range. */
  constructor(
    private readonly source: RuntimeSource,
    options: StreamableHttpOptions = {},
  ) {
    const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
    if (!Number.isInteger(limit) || limit <= 0) {
      throw new Error(TRANSPORT_MESSAGES.BAD_BODY_LIMIT);
    }
    this.bodyLimit = limit;
    this.shutdownTimeoutMs = shutdownTimeout(options.shutdownTimeoutMs);
    this.sessions = options.sessionStore ?? new InMemorySessionStore();
    this.hub = options.hub;
    this.onError = options.onError;
    this.replay = new ReplayBuffer(undefined, undefined, undefined, options.replay);
    this.hostCheck = new HostCheck(options);
    const handler = new ProtocolHandler(source, { hub: options.hub, methods: options.methods });
    const openStream = (res: ServerResponse): SseStream => this.openStream(res);
    this.eventStreams = new EventStreams({
      source,
      sessions: this.sessions,
      hub: this.hub,
      replay: this.replay,
      sharedReplay: options.replay,
      openStream,
    });
    this.post = new PostRequestHandler({
      source,
      bodyLimit: limit,
      sessions: this.sessions,
      handler,
      hub: this.hub,
      replay: this.replay,
      eventStreams: this.eventStreams,
      openStream,
      initializeLimit: initializeLimit(options.initializeRateLimit),
    });
    // Expiry and eviction end sessions inside the store: release what they held here.
    this.stopWatchingEnds = this.sessions.onEnd?.((id) => this.releaseSession(id));
  }

  /**
   * Once `server` listens, in its idle moments, lets the schema validator prepare itself
   * (`SchemaValidator.warmUp`: ajv is loaded then), one step per moment, waiting while the first
   * requests are being answered (see {@link warmUpWhenListening}), so that the first request to
   * validate does not wait for it and others wait for one step at most.
   * @internal
   */
  warmUpWhenListening(server: ListeningServer): void {
    warmUpWhenListening(server, () => this.source.runtime.schemaValidator.warmUp?.());
  }

  /** Ends every open stream (at shutdown, so that the HTTP server can close). */
  close(): void {
    this.stopWatchingEnds?.();
    for (const stream of [...this.streams]) stream.close();
  }

  /**
   * Graceful shutdown: new requests get 503; requests in flight may finish for up to `timeoutMs`;
   * then those still running are aborted and answered with a JSON-RPC error, their connections
   * closed, and every stream ends. Resolves within `timeoutMs` (and a tick) whatever the handlers do.
   * @param timeoutMs @default the `shutdownTimeoutMs` option
   */
  async shutdown(timeoutMs = this.shutdownTimeoutMs): Promise<void> {
    this.closing = true;
    const deadline = Date.now() + timeoutMs;
    while (this.active > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20).unref());
    }
    this.post.abandonAll();
    this.close();
    this.replay.clear();
  }

  /**
   * What this transport holds now, for monitoring: the event streams open (GET, listen and
   * response streams), and the initialize-era sessions with a replay log and the characters those
   * logs keep (at most 64 MiB).
   */
  stats(): { openStreams: number; replayLogs: number; replayChars: number } {
    const replay = this.replay.stats;
    return {
      openStreams: this.streams.size,
      replayLogs: replay.sessions,
      replayChars: replay.chars,
    };
  }

  /** Opens a stream and tracks it until it ends. */
  private openStream(res: ServerResponse): SseStream {
    const stream = new SseStream(res);
    this.streams.add(stream);
    stream.onClose(() => this.streams.delete(stream));
    return stream;
  }

  /**
   * Serves one HTTP request on the MCP endpoint. Never throws: every failure gets a JSON-RPC answer.
   * @param parsedBody the body of a POST, when a framework's parser has already turned it into a
   *   value (Fastify's content-type parser, watched by {@link watchBodyFirst}); bytes this
   *   transport read itself come first.
   */
  async handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void> {
    if (parsedBody !== undefined) {
      const state = requestState(req);
      state.body = parsersValue(state.body, parsedBody);
    }
    if (this.closing) return this.refuseWhileClosing(req, res);
    this.active++;
    try {
      await this.route(req, res);
    } catch (error) {
      this.answerFailure(req, res, error);
    } finally {
      this.active--;
    }
  }

  /**
   * Answers a request that the app refused before this transport served it (a guard or another
   * Nest exception on the endpoint's route) with a JSON-RPC error: the refusal's status, code,
   * message and headers, and the request's id when its body (read first, or parsed by the
   * platform) is one request. Writes nothing more once a response has started.
   */
  refuse(
    req: IncomingMessage,
    res: ServerResponse,
    refusal: RouteRefusal,
    parsedBody?: unknown,
  ): void {
    if (res.headersSent || res.destroyed) {
      if (!res.writableEnded) res.end();
      return;
    }
    const read = stateOf(req)?.body;
    const body = parsedBody === undefined ? read : parsersValue(read, parsedBody);
    const inbound =
      req.method === 'POST' && body?.ok === true
        ? messageOf(body, this.source.runtime.limits.maxJsonDepth)
        : undefined;
    sendError(
      res,
      refusal.status,
      refusal.code,
      refusal.message,
      answerIdOf(inbound),
      refusal.headers,
    );
  }

  /**
   * The last resort: a request that failed inside the server gets a JSON-RPC error with its id.
   * An unreachable shared store and a full session store are 503s the client may retry, a client
   * over its share of the store a 429; anything else is -32603 without details, reported to
   * `onError`.
   */
  private answerFailure(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    const limited = isSessionLimit(error) || isClientSessionLimit(error);
    if (!isStoreUnavailable(error) && !limited) {
      try {
        this.onError?.(error);
      } catch {
        // The reporter's own failure is its business.
      }
    }
    if (res.headersSent || res.destroyed) {
      if (!res.writableEnded) res.end();
      return;
    }
    const id = requestIdOf(req);
    if (isStoreUnavailable(error)) {
      const message = TRANSPORT_MESSAGES.STORE_UNAVAILABLE;
      return sendError(res, 503, ErrorCode.InternalError, message, id, { 'Retry-After': '1' });
    }
    if (limited) {
      const retryAfter = String(Math.max(1, Math.ceil(error.retryAfterMs / 1000)));
      const headers = { 'Retry-After': retryAfter };
      return isClientSessionLimit(error)
        ? sendError(res, 429, ErrorCode.InvalidRequest, error.message, id, headers)
        : sendError(res, 503, ErrorCode.InternalError, error.message, id, headers);
    }
    sendError(res, 500, ErrorCode.InternalError, TRANSPORT_MESSAGES.INTERNAL, id);
  }

  /** While shutting down: 503, with the id of a POST whose body can be read. */
  private async refuseWhileClosing(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let id: JsonRpcId | undefined;
    if (req.method === 'POST') {
      const body = stateOf(req)?.body ?? (await readBody(req, this.bodyLimit));
      const depth = this.source.runtime.limits.maxJsonDepth;
      id = answerIdOf(body.ok ? messageOf(body, depth) : undefined);
    }
    const message = TRANSPORT_MESSAGES.SHUTTING_DOWN;
    sendError(res, 503, ErrorCode.InternalError, message, id, { Connection: 'close' });
  }

  /** Not `async`: a promise returned from an async function costs extra turns of the queue. */
  private route(req: IncomingMessage, res: ServerResponse): Promise<void> | void {
    const refused = this.hostCheck.answer(req);
    if (refused !== undefined) return sendError(res, refused.status, refused.code, refused.message);
    switch (req.method) {
      case 'POST':
        return this.post.handle(req, res);
      case 'DELETE':
        return this.handleDelete(req, res);
      case 'GET':
        return this.eventStreams.handleGet(req, res);
      default:
        return sendError(
          res,
          405,
          ErrorCode.InvalidRequest,
          TRANSPORT_MESSAGES.METHOD_NOT_ALLOWED(String(req.method)),
          undefined,
          { Allow: this.eventStreams.allowedMethods() },
        );
    }
  }

  /**
   * Reads the body of a POST before any framework body parser does (Express's middleware,
   * Fastify's `preParsing` hook), so that the transport alone decides on size and syntax, and
   * keeps it on the request for {@link handle}. No promise and no closure per request (see
   * `tapBody()`): `receiver.bodyReadFirst()` gets why the body cannot be served (answer with
   * {@link rejectBody}), or `undefined`.
   * @internal
   */
  tapBodyFirst(req: IncomingMessage, stream: Readable, receiver: FirstReadReceiver): void {
    tapBody(req, this.bodyLimit, stream, new FirstRead(req, receiver));
  }

  /**
   * For a framework whose parser reads the body of a POST (Fastify's content-type parser): watches
   * the bytes of `stream` as the parser reads them, keeps them on the request for {@link handle},
   * and checks their nesting depth as they stream by. Bytes that nest deeper than
   * `limits.maxJsonDepth` stop the parser with an error whose `code` is `BODY_TOO_DEEP`:
   * answer it with {@link rejectBody} (`'too-deep'`). The body limit is the framework's to enforce.
   * `stream` is paused, for the parser to resume.
   */
  watchBodyFirst(req: IncomingMessage, stream: Readable): void {
    const depth = this.source.runtime.limits.maxJsonDepth;
    requestState(req).body = watchBody(stream, this.bodyLimit, depth);
  }

  /**
   * Answers a POST whose body cannot be served with a JSON-RPC error: 413 over the body limit and
   * 400 when the client stopped sending it (the connection is closed), -32700 with 400 when it is
   * not JSON, 415 when it is not declared as JSON, -32600 with 400 when it nests too deep (once
   * the rest of a watched body is read, so that the answer carries its id). For a framework that
   * read or parsed the body.
   */
  rejectBody(res: ServerResponse, problem: BodyProblem, req?: IncomingMessage): void {
    const read = req === undefined ? undefined : stateOf(req)?.body;
    const limits = { bodyLimit: this.bodyLimit, maxDepth: this.source.runtime.limits.maxJsonDepth };
    refuseBody(res, problem, read, limits);
  }

  /** Releases everything a session held here: subscriptions, its GET stream, replay logs, requests to its client. */
  private releaseSession(sessionId: string): void {
    this.hub?.endSession(sessionId).catch(() => undefined);
    this.replay.drop(sessionId);
    this.post.dropSession(sessionId);
    this.eventStreams.closeSession(sessionId);
  }

  private async handleDelete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId === undefined) {
      return sendError(res, 400, ErrorCode.InvalidRequest, TRANSPORT_MESSAGES.SESSION_REQUIRED);
    }
    const session = await this.sessions.get(sessionId);
    if (session?.owner !== ownerOf(req) || !(await this.sessions.delete(sessionId))) {
      return sendError(res, 404, ErrorCode.SessionNotFound, TRANSPORT_MESSAGES.SESSION_NOT_FOUND);
    }
    await this.hub?.endSession(sessionId);
    this.releaseSession(sessionId);
    res.writeHead(204).end();
  }
}
