import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ErrorCode,
  LEGACY_VERSIONS,
  PendingClientRequests,
  applySessionEffects,
  asksOfSession,
  classifyParsed,
  isModernMessage,
  isThenable,
  type InboundBatch,
  type InboundMessage,
  type JsonRpcId,
  type NotificationHub,
  type ProtocolHandler,
  type RuntimeSource,
  type SessionKeeper,
  type SessionOpening,
  type SessionRecord,
  type SessionStore,
} from '../../core/internal.js';
import { messageOf, readBody, type ParsedRequest } from './body-reader.js';
import type { EventStreams } from './event-streams.js';
import { InitializeAdmission, type InitializeLimit } from './initialize-admission.js';
import { rejectBody, sendError } from './json-response.writer.js';
import { ownerOf, PostExchange, type PostExchangeDeps } from './post-exchange.js';
import { RunningPosts } from './running-posts.js';
import type { ReplayBuffer } from './replay.buffer.js';
import { ACCEPTS_JSON, JSON_TYPE, header } from './request-headers.js';
import { requestState, stateOf, type BodyReadOutcome } from './request-state.js';
import type { SseStream } from './sse.writer.js';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';

/**
 * The versions an initialize-era request may name in `MCP-Protocol-Version`. Clients built on
 * older SDKs send an earlier revision than the one negotiated; the session's revision is what is
 * served either way.
 */
const LEGACY_HEADER_VERSIONS: ReadonlySet<string> = new Set(LEGACY_VERSIONS);

/** The JSON-RPC id of a POST being served, if it had one (kept in the request's state, request-state.ts). @internal */
export const requestIdOf = (req: IncomingMessage): JsonRpcId | undefined => stateOf(req)?.id;

/** What a {@link PostRequestHandler} needs from the transport. @internal */
export interface PostRequestDeps {
  /** Where the limits of the runtime in force are read. */
  readonly source: RuntimeSource;
  readonly bodyLimit: number;
  readonly sessions: SessionStore;
  readonly handler: ProtocolHandler;
  readonly hub: NotificationHub | undefined;
  readonly replay: ReplayBuffer;
  readonly eventStreams: EventStreams;
  /** Opens a stream on the response and tracks it until it ends. */
  readonly openStream: (res: ServerResponse) => SseStream;
  /** The per-client limit on new sessions, and who the client is. */
  readonly initializeLimit: InitializeLimit;
}

/**
 * Serves a POST: checks the media types, reads the JSON-RPC message, finds the initialize-era
 * session it belongs to, lets the protocol handler serve it, applies what that did to the session,
 * and writes the outcome (one JSON response, an event stream, or a listen stream).
 * @internal
 */
export class PostRequestHandler {
  private readonly pending = new PendingClientRequests();
  /** Every POST being served, with its request's id: for a bounded shutdown and cancellation. */
  private readonly running = new RunningPosts();

  /** What every {@link PostExchange} gets, made once. */
  private readonly exchangeDeps: PostExchangeDeps;
  /** Who opens sessions, and whether they may open one more. */
  private readonly admission: InitializeAdmission;
  /** Applies what an outcome asks of a session to the session store (see session-effects.ts). */
  private readonly sessionKeeper: SessionKeeper<PostExchange, Promise<SessionHeaders>>;

  constructor(private readonly deps: PostRequestDeps) {
    this.exchangeDeps = { openStream: deps.openStream, replay: deps.replay, pending: this.pending };
    this.admission = new InitializeAdmission(deps.initializeLimit);
    this.sessionKeeper = new HttpSessionKeeper(deps.sessions, this.admission, this.running);
  }

  async handle(req: ParsedRequest, res: ServerResponse): Promise<void> {
    if (!acceptsMediaTypes(req, res)) return;
    // A body read before (by the platform's hook) is there already: no await for it.
    const read = this.readInbound(req, res);
    const inbound = read instanceof Promise ? await read : read;
    if (inbound === undefined) return;
    const requestId = idOf(inbound);
    if (requestId !== undefined) requestState(req).id = requestId;
    if (inbound.kind === 'batch') return this.batch(req, res, inbound);
    const opensSession = this.opensSession(inbound);
    if (opensSession && !(await this.admission.admits(req, res, requestId))) return;
    const headerVersion = header(req, 'mcp-protocol-version');
    let session: SessionRecord | undefined;
    if (!opensSession && inbound.kind !== 'invalid' && !isModernMessage(inbound, headerVersion)) {
      // A store that answers at once (the in-memory one): no await for it.
      const found = this.findSession(req, res, inbound, headerVersion);
      session = found instanceof Promise ? await found : found;
      if (session === undefined) return;
    }
    // Awaited rather than returned: V8 settles an awaited promise in fewer turns of the queue.
    await this.exchange(req, res, inbound, session, headerVersion);
  }

  /**
   * At the shutdown deadline: answers every request still running with a JSON-RPC error, aborts
   * its handler and closes its connection.
   */
  abandonAll(): void {
    this.running.abandonAll();
  }

  /** Forgets what a session that ended was waiting for (requests to its client). */
  dropSession(sessionId: string): void {
    this.pending.dropScope(sessionId);
  }

  private async exchange(
    req: ParsedRequest,
    res: ServerResponse,
    inbound: InboundMessage,
    session: SessionRecord | undefined,
    headerVersion: string | undefined,
  ): Promise<void> {
    if (
      inbound.kind === 'response' &&
      session !== undefined &&
      this.pending.settle(session.id, inbound)
    ) {
      res.writeHead(202).end();
      return;
    }
    const post = new PostExchange(req, res, session, headerVersion, this.exchangeDeps);
    // A session's request can be cancelled while it runs (notifications/cancelled, by its id).
    const running = this.running.add(
      post,
      idOf(inbound),
      inbound.kind === 'request' ? session?.id : undefined,
    );
    // A session in use is never evicted or expired.
    const release = session === undefined ? undefined : this.deps.sessions.hold?.(session.id);
    try {
      const outcome = await this.deps.handler.handle(inbound, post);
      running.settle();
      // Most requests neither open a session nor change one (none of 2026-07-28 do): no await.
      const extraHeaders = asksOfSession(outcome)
        ? await applySessionEffects(outcome, session, this.sessionKeeper, post)
        : undefined;
      post.unwatch();
      if (post.abort.aborted) return post.endCancelled();
      if (outcome.listen !== undefined && this.deps.hub !== undefined)
        return this.deps.eventStreams.openListen(req, res, outcome.listen);
      const headers =
        outcome.headers === undefined
          ? extraHeaders
          : Object.assign({}, outcome.headers, extraHeaders);
      post.respond(outcome, headers);
    } finally {
      running.remove();
      release?.();
    }
  }

  /**
   * A batch: served only in a session whose revision takes batches (2025-03-26), on one response:
   * a JSON array of the responses, or an event stream when a message sent notifications first.
   * Its requests cannot be cancelled one by one.
   */
  private async batch(req: ParsedRequest, res: ServerResponse, batch: InboundBatch): Promise<void> {
    const headerVersion = header(req, 'mcp-protocol-version');
    const session =
      header(req, 'mcp-session-id') === undefined
        ? undefined
        : await this.findSession(req, res, batch, headerVersion);
    if (res.headersSent) return;
    for (const item of batch.items) {
      if (item.kind === 'response' && session !== undefined) this.pending.settle(session.id, item);
    }
    const post = new PostExchange(req, res, session, headerVersion, this.exchangeDeps);
    const running = this.running.add(post, undefined);
    const release = session === undefined ? undefined : this.deps.sessions.hold?.(session.id);
    try {
      const answered = await this.deps.handler.handleBatch(batch, session, () => post);
      post.unwatch();
      if (!Array.isArray(answered)) return post.respond(answered, undefined);
      await applySessionEffects(answered, session, this.sessionKeeper, post);
      post.respondAll(answered);
    } finally {
      running.remove();
      release?.();
    }
  }

  /** The message of the POST: at once from a body read or parsed before, else once it is read. */
  private readInbound(
    req: ParsedRequest,
    res: ServerResponse,
  ): InboundMessage | undefined | Promise<InboundMessage | undefined> {
    const preRead = stateOf(req)?.body;
    if (preRead === undefined && req.readableEnded && req.body !== undefined) {
      // A framework parser already turned the body into a value.
      return classifyParsed(req.body, this.deps.source.runtime.limits.maxJsonDepth);
    }
    if (preRead !== undefined) return this.messageOrRefusal(preRead, res);
    return readBody(req, this.deps.bodyLimit).then((outcome) =>
      this.messageOrRefusal(outcome, res),
    );
  }

  private messageOrRefusal(
    outcome: BodyReadOutcome,
    res: ServerResponse,
  ): InboundMessage | undefined {
    if (!outcome.ok) {
      rejectBody(res, outcome.reason, this.deps.bodyLimit);
      return undefined;
    }
    return messageOf(outcome, this.deps.source.runtime.limits.maxJsonDepth);
  }

  /**
   * Finds the session of an initialize-era message (2026-07-28 messages, `initialize` and invalid
   * messages need none, and are not brought here).
   * @returns the session, or `undefined` when the request was answered with an error.
   */
  private findSession(
    req: ParsedRequest,
    res: ServerResponse,
    inbound: InboundMessage,
    headerVersion: string | undefined,
  ): SessionRecord | undefined | Promise<SessionRecord | undefined> {
    const id = idOf(inbound);
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId === undefined) {
      sendError(res, 400, ErrorCode.InvalidRequest, TRANSPORT_MESSAGES.SESSION_REQUIRED, id);
      return undefined;
    }
    const found = this.deps.sessions.get(sessionId);
    // A store of the app's may answer with any thenable, not only a native promise.
    return isThenable(found)
      ? Promise.resolve(found).then((session) =>
          this.admitSession(req, res, session, id, headerVersion),
        )
      : this.admitSession(req, res, found, id, headerVersion);
  }

  /** The session found, if the request may use it; else `undefined`, the request answered. */
  private admitSession(
    req: ParsedRequest,
    res: ServerResponse,
    session: SessionRecord | undefined,
    id: JsonRpcId | undefined,
    headerVersion: string | undefined,
  ): SessionRecord | undefined {
    if (session === undefined || session.owner !== ownerOf(req)) {
      sendError(res, 404, ErrorCode.SessionNotFound, TRANSPORT_MESSAGES.SESSION_NOT_FOUND, id);
      return undefined;
    }
    if (headerVersion !== undefined && !LEGACY_HEADER_VERSIONS.has(headerVersion.trim())) {
      sendError(
        res,
        400,
        ErrorCode.InvalidRequest,
        TRANSPORT_MESSAGES.BAD_LEGACY_VERSION_HEADER,
        id,
      );
      return undefined;
    }
    return session;
  }

  /** Whether the message opens a session (`initialize`), so that it needs none. */
  private opensSession(inbound: InboundMessage): boolean {
    return (
      inbound.kind === 'request' &&
      this.deps.handler.methods.request(inbound.message.method)?.session === 'opens'
    );
  }
}

/** The extra headers of a response that opened a session (`Mcp-Session-Id`), if it did. */
type SessionHeaders = Record<string, string> | undefined;

/**
 * What the HTTP transport does with the sessions an outcome opens or changes: it keeps them in the
 * session store, names a new one with a random id, bound to the caller that opened it (and counted
 * against its client's share), and cancels a session's request that is running in another POST.
 */
class HttpSessionKeeper implements SessionKeeper<PostExchange, Promise<SessionHeaders>> {
  constructor(
    private readonly sessions: SessionStore,
    private readonly admission: InitializeAdmission,
    private readonly running: RunningPosts,
  ) {}

  async open(opening: SessionOpening, post: PostExchange): Promise<SessionHeaders> {
    const owner = ownerOf(post.req);
    const record: SessionRecord = Object.assign(
      {},
      opening,
      // client: whose share of the store the session takes (maxSessionsPerClient).
      {
        id: globalThis.crypto.randomUUID(),
        initialized: false,
        client: this.admission.clientOf(post.req),
      },
      owner === undefined ? {} : { owner },
    );
    await this.sessions.create(record);
    return { 'Mcp-Session-Id': record.id };
  }

  async update(session: SessionRecord): Promise<SessionHeaders> {
    await this.sessions.update(session);
    return undefined;
  }

  /** `notifications/cancelled` named a request of the session that is still running: abort it. */
  cancel(id: JsonRpcId, post: PostExchange): void {
    if (post.session === undefined) return;
    this.running.cancel(post.session.id, id, new Error(TRANSPORT_MESSAGES.CLIENT_CANCELLED));
  }
}

/** Checks `Content-Type` and `Accept`; answers 415 or 406 and returns `false` when they fail. */
function acceptsMediaTypes(req: ParsedRequest, res: ServerResponse): boolean {
  const contentType = header(req, 'content-type');
  if (contentType === undefined || !JSON_TYPE.test(contentType)) {
    sendError(res, 415, ErrorCode.InvalidRequest, TRANSPORT_MESSAGES.UNSUPPORTED_MEDIA_TYPE);
    return false;
  }
  const accept = header(req, 'accept');
  if (accept !== undefined && !ACCEPTS_JSON.test(accept)) {
    sendError(res, 406, ErrorCode.InvalidRequest, TRANSPORT_MESSAGES.NOT_ACCEPTABLE);
    return false;
  }
  return true;
}

const idOf = (inbound: InboundMessage): JsonRpcId | undefined => {
  switch (inbound.kind) {
    case 'request':
      return inbound.message.id;
    case 'notification':
    case 'batch':
      return undefined;
    default:
      return inbound.id;
  }
};
