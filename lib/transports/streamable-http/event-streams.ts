import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ErrorCode,
  MESSAGES,
  type HandleOutcome,
  type JsonRpcNotification,
  type NotificationHub,
  type ReplayEvent,
  type RuntimeSource,
  type SessionStore,
  type SharedReplay,
} from '../../core/internal.js';
import { sendError } from './json-response.writer.js';
import { ownerOf } from './post-exchange.js';
import { parseEventId, type ReplayBuffer } from './replay.buffer.js';
import { ACCEPTS_EVENT_STREAM, header } from './request-headers.js';
import type { SseStream } from './sse.writer.js';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';

/** When a client refused for a server-wide limit may try again, in seconds. */
const RETRY_LATER = { 'Retry-After': '5' };

/** What {@link EventStreams} needs from the transport. @internal */
export interface EventStreamsDeps {
  readonly source: RuntimeSource;
  readonly sessions: SessionStore;
  readonly hub: NotificationHub | undefined;
  readonly replay: ReplayBuffer;
  readonly sharedReplay: SharedReplay | undefined;
  /** Opens a stream on the response and tracks it until it ends. */
  readonly openStream: (res: ServerResponse) => SseStream;
}

/**
 * The streams that outlive a request: the GET stream of an initialize-era session, resumes of a
 * stream with `GET` + `Last-Event-ID` (from this instance's replay log or the shared one), and
 * 2026-07-28 `subscriptions/listen` streams.
 * @internal
 */
export class EventStreams {
  /** The open GET stream of each initialize-era session. */
  private readonly sessionStreams = new Map<string, SseStream>();

  constructor(private readonly deps: EventStreamsDeps) {}

  /** The methods the endpoint serves, for `Allow`: GET too when sessions may open GET streams. */
  allowedMethods(): string {
    const runtime = this.deps.source.runtime;
    const streams =
      this.deps.hub !== undefined && (runtime.resourceSubscriptions || runtime.listChanged);
    return streams ? 'GET, POST, DELETE' : 'POST, DELETE';
  }

  /** Opens the GET stream of an initialize-era session, when the server has anything to send on it. */
  async handleGet(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const lastEventId = header(req, 'last-event-id');
    if (lastEventId !== undefined) return this.resume(req, res, lastEventId);
    const hub = this.deps.hub;
    const allow = this.allowedMethods();
    if (hub === undefined || !allow.startsWith('GET')) {
      return sendError(
        res,
        405,
        ErrorCode.InvalidRequest,
        TRANSPORT_MESSAGES.GET_NOT_SUPPORTED,
        undefined,
        { Allow: allow },
      );
    }
    const accept = header(req, 'accept');
    if (accept === undefined || !ACCEPTS_EVENT_STREAM.test(accept)) {
      return sendError(
        res,
        406,
        ErrorCode.InvalidRequest,
        TRANSPORT_MESSAGES.GET_NEEDS_EVENT_STREAM,
      );
    }
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId === undefined) {
      return sendError(res, 400, ErrorCode.InvalidRequest, TRANSPORT_MESSAGES.SESSION_REQUIRED);
    }
    if (!(await this.isOwnSession(req, sessionId))) {
      return sendError(res, 404, ErrorCode.SessionNotFound, TRANSPORT_MESSAGES.SESSION_NOT_FOUND);
    }
    if (this.sessionStreams.has(sessionId)) {
      return sendError(res, 409, ErrorCode.InvalidRequest, TRANSPORT_MESSAGES.STREAM_ALREADY_OPEN);
    }
    const stream = this.deps.openStream(res);
    const detach = hub.attachSession(sessionId, (message) => stream.send(message));
    // A session with an open stream is in use: it is never evicted or expired meanwhile.
    const release = this.deps.sessions.hold?.(sessionId);
    this.sessionStreams.set(sessionId, stream);
    stream.onClose(() => {
      release?.();
      detach?.();
      if (this.sessionStreams.get(sessionId) === stream) this.sessionStreams.delete(sessionId);
    });
  }

  /**
   * Answers a 2026-07-28 `subscriptions/listen` with a stream that stays open until the client
   * leaves, within the limits on listen streams: 503 and `Retry-After` when the process holds
   * `maxListenStreams`, 429 when the client (its verified caller, else its remote address) holds
   * `maxListenStreamsPerClient`.
   */
  openListen(
    req: IncomingMessage,
    res: ServerResponse,
    listen: NonNullable<HandleOutcome['listen']>,
  ): void {
    const hub = this.deps.hub!;
    const limits = this.deps.source.runtime.limits;
    const client = ownerOf(req) ?? req.socket.remoteAddress ?? 'unknown';
    const admitted = hub.admitsListen(client, limits);
    if (admitted === 'server-full') {
      const message = MESSAGES.LISTEN_STREAMS_FULL;
      return sendError(res, 503, ErrorCode.InternalError, message, listen.id, RETRY_LATER);
    }
    if (admitted === 'client-full') {
      const message = TRANSPORT_MESSAGES.CLIENT_LISTEN_STREAMS_FULL(
        limits.maxListenStreamsPerClient,
      );
      return sendError(res, 429, ErrorCode.InvalidRequest, message, listen.id);
    }
    const stream = this.deps.openStream(res);
    stream.send(listen.acknowledgement);
    const send = (message: JsonRpcNotification) => stream.send(message);
    stream.onClose(hub.listen(listen.id, listen.filter, send, client));
  }

  /** Closes the GET stream of a session that ended, if it has one. */
  closeSession(sessionId: string): void {
    this.sessionStreams.get(sessionId)?.close();
  }

  /** Whether the session exists and belongs to the request's caller (when the server checks tokens). */
  private async isOwnSession(req: IncomingMessage, sessionId: string): Promise<boolean> {
    const session = await this.deps.sessions.get(sessionId);
    return session !== undefined && session.owner === ownerOf(req);
  }

  /** `GET` + `Last-Event-ID`: replays what an initialize-era stream sent after that event, then carries on. */
  private async resume(
    req: IncomingMessage,
    res: ServerResponse,
    lastEventId: string,
  ): Promise<void> {
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId === undefined) {
      return sendError(res, 400, ErrorCode.InvalidRequest, TRANSPORT_MESSAGES.SESSION_REQUIRED);
    }
    if (!(await this.isOwnSession(req, sessionId))) {
      return sendError(res, 404, ErrorCode.SessionNotFound, TRANSPORT_MESSAGES.SESSION_NOT_FOUND);
    }
    const found = this.deps.replay.find(sessionId, lastEventId);
    if (found !== undefined) return found.stream.resume(this.deps.openStream(res), found.afterSeq);
    const position = parseEventId(lastEventId);
    const shared = this.deps.sharedReplay;
    if (shared !== undefined && position !== undefined) {
      if (await this.resumeShared(res, shared, sessionId, position)) return;
    }
    return sendError(res, 404, ErrorCode.InvalidRequest, TRANSPORT_MESSAGES.UNKNOWN_LAST_EVENT_ID);
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
    const stream = (out.stream = this.deps.openStream(res));
    stream.onClose(unfollow);
    for (const event of recorded.events) write(event);
    for (const event of early.sort((a, b) => a.seq - b.seq)) write(event);
    if (recorded.ended || ended) {
      unfollow();
      stream.close();
    }
    return true;
  }
}
