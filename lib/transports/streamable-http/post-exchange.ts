import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  callerIdentity,
  ErrorCode,
  REVISIONS,
  type AuthInfo,
  type Exchange,
  type HandleOutcome,
  type JsonObject,
  type JsonRpcId,
  type JsonRpcNotification,
  type PendingClientRequests,
  type SessionRecord,
  type StandardHeaders,
} from '../../core/internal.js';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';
import { send, sendError, sendJson } from './json-response.writer.js';
import { LazyAbort, type SignalWatcher } from './lazy-abort.js';
import { ResumableStream, type ReplayBuffer } from './replay.buffer.js';
import { header } from './request-headers.js';
import { stateOf } from './request-state.js';
import type { SseStream } from './sse.writer.js';

/** What a {@link PostExchange} needs from the transport. @internal */
export interface PostExchangeDeps {
  /** Opens a stream on the response and tracks it until it ends. */
  readonly openStream: (res: ServerResponse) => SseStream;
  readonly replay: ReplayBuffer;
  readonly pending: PendingClientRequests;
}

/**
 * The verified caller of a raw request, when its token was checked: what the layer that checked
 * it (Snodo's auth guard) put in the request's state.
 * @internal
 */
export function authOf(req: IncomingMessage): AuthInfo | undefined {
  return stateOf(req)?.auth;
}

/**
 * Who owns what a request opens (a session): its verified caller, when there is one.
 * @internal
 */
export function ownerOf(req: IncomingMessage): string | undefined {
  const auth = authOf(req);
  return auth === undefined ? undefined : callerIdentity(auth);
}

/** Where a response whose connection is watched keeps the exchange that watches it. */
const WATCHING = Symbol('snodo.watchingExchange');
type WatchedResponse = ServerResponse & { [WATCHING]?: PostExchange };

/** A watched response's `close` listener: a function of the module, not a closure per request. */
function onWatchedClose(this: WatchedResponse): void {
  const exchange = this[WATCHING];
  this[WATCHING] = undefined;
  exchange?.clientClosed();
}

/**
 * The exchange of one POST: the {@link Exchange} the protocol handler serves it with (its abort
 * signal, standard headers, notifications, and for initialize-era sessions requests to the
 * client and an early end of the connection), and the response stream those open on demand.
 * Once the handler is done, it writes the outcome on that stream or as one JSON response.
 *
 * Per-request objects that point at the request are class instances, not object literals, and
 * `signal` and `caller` are getters of the class: V8 may allocate an object literal (or the getter
 * pair of one) straight into its old generation once objects from the same spot in the code have
 * survived, and from there it keeps the request and all it reaches alive until a full GC, which
 * costs a third of the throughput (see docs/benchmarks.md). `request` and `auth` are getters too,
 * read from the request's state when asked: the constructor stays as small as it was before they
 * moved into that state (a larger one, inlined into the transport's hot path, cost ~2% more
 * instructions per `tools/call` in the instruction-count benchmark's first 2,000 requests).
 * @internal
 */
export class PostExchange implements Exchange, SignalWatcher {
  readonly transport = 'http' as const;
  /** Node's request. */
  readonly req: IncomingMessage;
  readonly headers: StandardHeaders;
  /** Aborts the running handler: on cancellation, and for 2026-07-28 when the client leaves. */
  readonly abort: LazyAbort;
  /** {@link notify}, made when a handler first reports progress or logs (most never do). */
  private notifier: ((notification: JsonRpcNotification) => void) | undefined = undefined;
  /** Initialize era: ends the connection now; the rest waits for a resume with Last-Event-ID. */
  readonly closeStream: (() => void) | undefined;
  /** Initialize era: requests to the client go on the same stream; the answer comes as a POST. */
  readonly sendRequest: ((method: string, params: JsonObject) => Promise<JsonObject>) | undefined;
  /** The event stream, once a notification or a request to the client turned the response into one. */
  private stream: SseStream | ResumableStream | undefined;
  /** Answered before the handler was done (at the shutdown deadline): what it returns is dropped. */
  private abandoned = false;

  constructor(
    req: IncomingMessage,
    private readonly res: ServerResponse,
    readonly session: SessionRecord | undefined,
    headerVersion: string | undefined,
    private readonly deps: PostExchangeDeps,
  ) {
    this.req = req;
    // 2026-07-28: closing the stream cancels the request, so the connection is watched once a
    // handler asks for its signal. Initialize era: a dropped connection is not a cancellation;
    // the rest of the stream is kept for a resume with Last-Event-ID.
    this.abort = new LazyAbort(session === undefined ? this : undefined);
    this.headers = new RequestHeaders(req, headerVersion);
    if (session === undefined) {
      this.closeStream = undefined;
      this.sendRequest = undefined;
    } else {
      this.closeStream = () => {
        const stream = this.openedStream();
        if (stream instanceof ResumableStream) stream.disconnect();
      };
      this.sendRequest = (method, params) =>
        deps.pending.send(session.id, method, params, (request) => {
          this.openedStream().send(request);
        });
    }
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** What handlers get as `context.request`: the framework's request object, or Node's. */
  get request(): unknown {
    return stateOf(this.req)?.frameworkRequest ?? this.req;
  }

  /** The verified caller, when the server checked a bearer token. */
  get auth(): AuthInfo | undefined {
    return stateOf(this.req)?.auth;
  }

  /**
   * Progress and log messages turn the response into an event stream that ends with the result.
   * One function per exchange, so that it may be passed on.
   */
  get notify(): (notification: JsonRpcNotification) => void {
    return (this.notifier ??= (notification) => this.send(notification));
  }

  private send(notification: JsonRpcNotification): void {
    if (this.abort.aborted) return;
    // 2026-07-28: nothing to send once the client has gone. Initialize era: the stream keeps
    // recording for a resume with Last-Event-ID.
    const { res } = this;
    if (this.session === undefined && (res.writableEnded || res.destroyed)) return;
    this.openedStream().send(notification);
  }

  /** Read only when a requestState is issued or checked. */
  get caller(): string | undefined {
    return this.auth === undefined ? callerOf(this.req) : callerIdentity(this.auth);
  }

  /**
   * Whom per-client quotas count against: the verified caller, else the remote address (never the
   * unchecked `Authorization` header, which a client may change at will). Read only when a task
   * is created.
   */
  get client(): string {
    return this.auth === undefined
      ? (this.req.socket.remoteAddress ?? 'unknown')
      : callerIdentity(this.auth);
  }

  /**
   * 2026-07-28: a handler asked for its signal, so the connection is watched from now on (see
   * {@link LazyAbort}). @internal
   */
  signalAsked(): void {
    const res = this.res as WatchedResponse;
    if (res.destroyed && !res.writableFinished) return this.clientClosed();
    res[WATCHING] = this;
    res.once('close', onWatchedClose);
  }

  /** Stops watching the connection: the handler is done. */
  unwatch(): void {
    const res = this.res as WatchedResponse;
    if (res[WATCHING] !== this) return;
    res[WATCHING] = undefined;
    res.off('close', onWatchedClose);
  }

  /** The connection closed: the client cancelled the request, unless it was answered. @internal */
  clientClosed(): void {
    if (!this.res.writableFinished) this.abort.abort(new Error(TRANSPORT_MESSAGES.CLIENT_CLOSED));
  }

  /** Aborts the handler: the client cancelled the request. */
  cancel(reason: Error): void {
    this.abort.abort(reason);
  }

  /**
   * At the shutdown deadline: aborts the handler, answers the request now with a JSON-RPC error
   * (on its event stream, or as a 503) and closes the connection. What the handler does after is
   * dropped.
   */
  abandon(id: JsonRpcId | undefined): void {
    if (this.abandoned) return;
    this.abandoned = true;
    this.abort.abort(new Error(TRANSPORT_MESSAGES.SHUTTING_DOWN_ABORT));
    // Requests to the client that the handler waits for are settled now, not at their timeout.
    if (this.session !== undefined) this.deps.pending.dropScope(this.session.id);
    const { stream, res } = this;
    const message = TRANSPORT_MESSAGES.SHUTTING_DOWN;
    if (stream === undefined) {
      if (res.headersSent) res.end();
      else sendError(res, 503, ErrorCode.InternalError, message, id, { Connection: 'close' });
      return;
    }
    try {
      if (id !== undefined) {
        stream.send({ jsonrpc: '2.0', id, error: { code: ErrorCode.InternalError, message } });
      }
    } catch {
      // The client is gone already.
    }
    if (stream instanceof ResumableStream) stream.end();
    else stream.close();
  }

  /** A cancelled request gets no response; ends the HTTP exchange if the client is still there. */
  endCancelled(): void {
    if (this.abandoned) return;
    const { stream, res } = this;
    if (stream instanceof ResumableStream) stream.end();
    else if (stream !== undefined) stream.close();
    else if (!res.writableEnded && !res.destroyed) res.writeHead(204).end();
  }

  /** Writes the outcome: at the end of the event stream if one was opened, else as one response. */
  respond(outcome: HandleOutcome, headers: Record<string, string> | undefined): void {
    if (this.abandoned) return;
    const { stream, res } = this;
    if (stream === undefined) {
      if (!res.writableEnded && !res.destroyed) send(res, outcome, headers);
      return;
    }
    if (outcome.response !== undefined) stream.send(outcome.response);
    if (stream instanceof ResumableStream) stream.end();
    else stream.close();
  }

  /**
   * Writes the outcomes of a batch: their responses at the end of the event stream if one was
   * opened, else as one JSON array (202 and no body when none of them was a request).
   */
  respondAll(outcomes: readonly HandleOutcome[]): void {
    if (this.abandoned) return;
    const responses = outcomes.flatMap((outcome) =>
      outcome.response === undefined ? [] : [outcome.response],
    );
    const { stream, res } = this;
    if (stream === undefined) {
      if (res.writableEnded || res.destroyed) return;
      if (responses.length === 0) res.writeHead(202).end();
      else sendJson(res, 200, responses);
      return;
    }
    for (const response of responses) stream.send(response);
    if (stream instanceof ResumableStream) stream.end();
    else stream.close();
  }

  /** The response's event stream, opened on first use (resumable for initialize-era sessions). */
  private openedStream(): SseStream | ResumableStream {
    return (this.stream ??= this.open());
  }

  private open(): SseStream | ResumableStream {
    const { res, session, deps } = this;
    if (session === undefined) return deps.openStream(res);
    const resumable = deps.replay.open(session.id, deps.openStream(res));
    if (REVISIONS[session.protocolVersion].primesStreams) resumable.prime();
    return resumable;
  }
}

/** The standard headers of a POST, read once, and its `Mcp-Param-*` headers on demand. */
class RequestHeaders implements StandardHeaders {
  readonly method: string | undefined;
  readonly name: string | undefined;

  constructor(
    private readonly req: IncomingMessage,
    readonly protocolVersion: string | undefined,
  ) {
    this.method = header(req, 'mcp-method');
    this.name = header(req, 'mcp-name');
  }

  param(field: string): readonly string[] | undefined {
    return this.req.headersDistinct[field];
  }
}

/** A digest of the credentials a request sent (its `Authorization` header), never the credentials. */
function callerOf(req: IncomingMessage): string | undefined {
  const authorization = req.headers.authorization;
  return authorization === undefined
    ? undefined
    : createHash('sha256').update(authorization).digest('base64url');
}
