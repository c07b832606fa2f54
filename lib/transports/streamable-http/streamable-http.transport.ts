import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ErrorCode,
  InMemoryRateLimitStore,
  InMemorySessionStore,
  ProtocolHandler,
  isSessionLimit,
  isStoreUnavailable,
  type JsonRpcId,
  type MethodTable,
  type RateLimitStore,
  type NotificationHub,
  type RuntimeSource,
  type SessionStore,
  type SharedReplay,
} from '../../core/index.js';
import {
  PRE_READ_BODY,
  messageOf,
  readBody,
  type BodyProblem,
  type BodyReadOutcome,
  type PreReadRequest,
} from './body-reader.js';
import { EventStreams } from './event-streams.js';
import { HostCheck, type HostCheckOptions } from './host-check.js';
import { rejectBody, sendError } from './json-response.writer.js';
import { ownerOf } from './post-exchange.js';
import { PostRequestHandler, requestIdOf, type InitializeLimit } from './post-request.handler.js';
import { ReplayBuffer } from './replay.buffer.js';
import { header } from './request-headers.js';
import { SseStream } from './sse.writer.js';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';

export { PRE_READ_BODY } from './body-reader.js';

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
  /** The methods served. @default the protocol's `METHODS` */
  methods?: MethodTable;
  /**
   * How many sessions one client may open in a window: over it, `initialize` gets 429 with
   * `Retry-After`. The client is its remote address unless `key` says otherwise (behind a proxy,
   * read the forwarded address); `store` shares the counts between instances.
   * @default no limit
   */
  initializeRateLimit?: {
    limit: number;
    windowMs: number;
    store?: RateLimitStore;
    key?: (req: IncomingMessage) => string;
  };
  /** Told about failures inside the transport that a request met (answered with -32603 and no details). */
  onError?: (error: unknown) => void;
}

/** The default body limit: 4 MiB. @publicApi */
export const DEFAULT_BODY_LIMIT = 4 * 1024 * 1024;

/** The `initializeRateLimit` option, checked. */
function initializeLimit(
  option: StreamableHttpOptions['initializeRateLimit'],
): InitializeLimit | undefined {
  if (option === undefined) return undefined;
  const whole = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1;
  if (!whole(option.limit) || !whole(option.windowMs)) {
    throw new Error(TRANSPORT_MESSAGES.BAD_INITIALIZE_LIMIT);
  }
  return { ...option, store: option.store ?? new InMemoryRateLimitStore() };
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

  /** Ends every open stream (at shutdown, so that the HTTP server can close). */
  close(): void {
    this.stopWatchingEnds?.();
    for (const stream of [...this.streams]) stream.close();
  }

  /**
   * Graceful shutdown: new requests get 503; requests in flight may finish for up to `timeoutMs`;
   * then those still running are aborted and answered with a JSON-RPC error, their connections
   * closed, and every stream ends. Resolves within `timeoutMs` (and a tick) whatever the handlers do.
   */
  async shutdown(timeoutMs = 10_000): Promise<void> {
    this.closing = true;
    const deadline = Date.now() + timeoutMs;
    while (this.active > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20).unref());
    }
    this.post.abandonAll();
    this.close();
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
   *   value (Fastify's content-type parser, with the route's `bodyLimit` set to this transport's).
   */
  async handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void> {
    if (parsedBody !== undefined)
      (req as PreReadRequest)[PRE_READ_BODY] = { ok: true, parsed: parsedBody };
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
    const body: BodyReadOutcome | undefined =
      parsedBody !== undefined
        ? { ok: true, parsed: parsedBody }
        : (req as PreReadRequest)[PRE_READ_BODY];
    const inbound =
      req.method === 'POST' && body?.ok === true
        ? messageOf(body, this.source.runtime.limits.maxJsonDepth)
        : undefined;
    const id = inbound?.kind === 'request' ? inbound.message.id : undefined;
    sendError(res, refusal.status, refusal.code, refusal.message, id, refusal.headers);
  }

  /**
   * The last resort: a request that failed inside the server gets a JSON-RPC error with its id.
   * An unreachable shared store and a full session store are 503s the client may retry; anything
   * else is -32603 without details, reported to `onError`.
   */
  private answerFailure(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    if (!isStoreUnavailable(error) && !isSessionLimit(error)) {
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
    if (isSessionLimit(error)) {
      const retryAfter = String(Math.max(1, Math.ceil(error.retryAfterMs / 1000)));
      const headers = { 'Retry-After': retryAfter };
      return sendError(res, 503, ErrorCode.InternalError, error.message, id, headers);
    }
    sendError(res, 500, ErrorCode.InternalError, TRANSPORT_MESSAGES.INTERNAL, id);
  }

  /** While shutting down: 503, with the id of a POST whose body can be read. */
  private async refuseWhileClosing(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let id: JsonRpcId | undefined;
    if (req.method === 'POST') {
      const body = (req as PreReadRequest)[PRE_READ_BODY] ?? (await readBody(req, this.bodyLimit));
      const depth = this.source.runtime.limits.maxJsonDepth;
      const inbound = body.ok ? messageOf(body, depth) : undefined;
      id = inbound?.kind === 'request' ? inbound.message.id : undefined;
    }
    const message = TRANSPORT_MESSAGES.SHUTTING_DOWN;
    sendError(res, 503, ErrorCode.InternalError, message, id, { Connection: 'close' });
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = this.hostCheck.refusal(req);
    if (refusal !== undefined) return sendError(res, 403, ErrorCode.InvalidRequest, refusal);
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
          { Allow: 'POST, DELETE' },
        );
    }
  }

  /**
   * Reads the body of a POST before any framework body parser does, so that the transport alone
   * decides on size and syntax, and keeps it on the request for {@link handle}.
   * @returns why the body cannot be served (answer with {@link rejectBody}), or `undefined`.
   */
  async readBodyFirst(req: IncomingMessage): Promise<BodyProblem | undefined> {
    const outcome = await readBody(req, this.bodyLimit);
    (req as PreReadRequest)[PRE_READ_BODY] = outcome;
    return outcome.ok ? undefined : outcome.reason;
  }

  /**
   * Answers a POST whose body cannot be served with a JSON-RPC error: 413 over the body limit and
   * 400 when the client stopped sending it (the connection is closed), -32700 with 400 when it is
   * not JSON, 415 when it is not declared as JSON. For a framework that read or parsed the body.
   */
  rejectBody(res: ServerResponse, problem: BodyProblem): void {
    rejectBody(res, problem, this.bodyLimit);
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
