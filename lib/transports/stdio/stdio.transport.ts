import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import {
  ErrorCode,
  MESSAGES,
  PendingClientRequests,
  ProtocolHandler,
  applySessionEffects,
  parseMessage,
  serializeMessage,
  type Exchange,
  type HandleOutcome,
  type InboundBatch,
  type InboundMessage,
  type JsonRpcResponse,
  type JsonRpcId,
  type JsonRpcNotification,
  type MethodTable,
  type NotificationHub,
  type RuntimeSource,
  type SessionKeeper,
  type SessionOpening,
  type SessionRecord,
} from '../../core/internal.js';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';

/** The one client of a stdio server: the scope of its requests, and one client for the limits. */
const STDIO_CLIENT = 'stdio';
/** The id of the one initialize-era session of a stdio server. */
const STDIO_SESSION = 'stdio';

/**
 * Options of {@link StdioTransport}.
 * @publicApi
 */
export interface StdioOptions {
  /** Delivers resource updates, list changes and listen streams. */
  hub?: NotificationHub;
  /** Where messages come from. @default process.stdin */
  input?: Readable;
  /** Where messages go: nothing else may be written there. @default process.stdout */
  output?: Writable;
  /** The methods served. @default the protocol's `METHODS` @internal */
  methods?: MethodTable;
  /** Where failures inside the server are logged (never stdout). @default process.stderr */
  log?: (line: string) => void;
}

/**
 * The stdio transport: newline-delimited JSON-RPC on stdin and stdout, one message per line, for
 * both eras. An `initialize` switches the process to an initialize-era session; 2026-07-28
 * messages are served statelessly beside it. Requests run concurrently; `notifications/cancelled`
 * aborts one; progress and log messages go out before the result.
 * @publicApi
 */
export class StdioTransport {
  private readonly handler: ProtocolHandler;
  private readonly hub: NotificationHub | undefined;
  private readonly input: Readable;
  private readonly output: Writable;
  private session: SessionRecord | undefined;
  private detachSession: (() => void) | undefined;
  private readonly inflight = new Map<JsonRpcId, AbortController>();
  private readonly listens = new Map<JsonRpcId, () => void>();
  private readonly running = new Set<Promise<void>>();
  private readonly pending = new PendingClientRequests();
  private lines: ReturnType<typeof createInterface> | undefined;
  private readonly log: (line: string) => void;
  private closed = false;
  private readonly whenClosed: Promise<void>;
  private markClosed: () => void = () => undefined;

  /**
   * The one session of a stdio server, as `applySessionEffects()` keeps it: in this transport,
   * named `stdio`, attached to the hub while it lasts; a cancelled request of the client is
   * aborted, and a cancelled listen stream closed.
   */
  private readonly sessionKeeper: SessionKeeper<undefined, void> = {
    open: (opening: SessionOpening) => {
      this.detachSession?.();
      this.session = Object.assign({}, opening, { id: STDIO_SESSION, initialized: false });
      this.detachSession = this.hub?.attachSession(STDIO_SESSION, (message) => this.write(message));
    },
    update: (session: SessionRecord) => {
      this.session = session;
    },
    cancel: (id: JsonRpcId) => {
      this.inflight.get(id)?.abort(new Error(TRANSPORT_MESSAGES.CLIENT_CANCELLED));
      this.listens.get(id)?.();
      this.listens.delete(id);
    },
  };

  constructor(
    private readonly source: RuntimeSource,
    options: StdioOptions = {},
  ) {
    this.hub = options.hub;
    this.handler = new ProtocolHandler(source, { hub: options.hub, methods: options.methods });
    this.input = options.input ?? process.stdin;
    this.output = options.output ?? process.stdout;
    this.log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
    this.whenClosed = new Promise((resolve) => (this.markClosed = resolve));
  }

  /**
   * Serves until the input ends, then waits for the requests still running (or until `close()`).
   * @returns a promise that settles when the input has ended and every request has finished.
   */
  async serve(): Promise<void> {
    const lines = createInterface({ input: this.input, crlfDelay: Infinity, terminal: false });
    this.lines = lines;
    let barrier: Promise<void> = Promise.resolve();
    for await (const line of lines) {
      if (line.trim() === '') continue;
      const inbound = parseMessage(line, this.source.runtime.limits.maxJsonDepth);
      // Messages that change the session run in order; the others run concurrently after them.
      const task = barrier
        .then(() => this.receive(inbound))
        .catch((error: unknown) => this.fail(inbound, error));
      if (this.changesSession(inbound)) barrier = task;
      this.running.add(task);
      void task.finally(() => this.running.delete(task));
    }
    await Promise.race([Promise.all([...this.running]), this.whenClosed]);
    this.close();
  }

  /** The last resort: a failure inside the server gets -32603 with the request's id, and a log line. */
  private fail(inbound: InboundMessage, error: unknown): void {
    this.log(TRANSPORT_MESSAGES.STDIO_FAILED(error instanceof Error ? error.name : typeof error));
    if (inbound.kind !== 'request') return;
    const { id } = inbound.message;
    this.inflight.delete(id);
    this.answerError(id, TRANSPORT_MESSAGES.INTERNAL);
  }

  private answerError(id: JsonRpcId, message: string): void {
    try {
      this.write({ jsonrpc: '2.0', id, error: { code: ErrorCode.InternalError, message } });
    } catch {
      // stdout is gone.
    }
  }

  /** Whether a message changes the session (its method says so in the method table). */
  private changesSession(inbound: InboundMessage): boolean {
    if (inbound.kind === 'batch') return inbound.items.some((item) => this.changesSession(item));
    return (
      (inbound.kind === 'request' || inbound.kind === 'notification') &&
      this.handler.methods.get(inbound.message.method)?.changesSession === true
    );
  }

  /**
   * Graceful shutdown (on SIGTERM, for example): stops reading; requests in flight may finish for
   * up to `timeoutMs`; then {@link StdioTransport.close}. Resolves within `timeoutMs` whatever the
   * handlers do.
   */
  async shutdown(timeoutMs = 10_000): Promise<void> {
    this.lines?.close();
    const deadline = Date.now() + timeoutMs;
    while (this.inflight.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20).unref());
    }
    this.close();
  }

  /**
   * Stops reading, ends listen streams, and aborts running requests, answering each with a
   * JSON-RPC error now: what their handlers return later is dropped.
   */
  close(): void {
    if (!this.closed) {
      this.closed = true;
      this.markClosed();
    }
    this.lines?.close();
    for (const [id, controller] of this.inflight) {
      controller.abort(new Error(TRANSPORT_MESSAGES.SHUTTING_DOWN_ABORT));
      this.answerError(id, TRANSPORT_MESSAGES.SHUTTING_DOWN);
    }
    this.inflight.clear();
    this.pending.dropScope(STDIO_CLIENT);
    for (const unregister of this.listens.values()) unregister();
    this.listens.clear();
    this.detachSession?.();
  }

  private write(message: unknown): void {
    this.output.write(`${serializeMessage(message as object)}\n`);
  }

  private async receive(inbound: InboundMessage): Promise<void> {
    if (inbound.kind === 'batch') return this.receiveBatch(inbound);
    const response = await this.serveOne(inbound);
    if (response !== undefined) this.write(response);
  }

  /**
   * A batch: served in a session whose revision takes batches (2025-03-26), its responses written
   * as one line holding an array (nothing when it held no request); refused as a whole otherwise.
   */
  private async receiveBatch(batch: InboundBatch): Promise<void> {
    for (const item of batch.items) {
      if (item.kind === 'response') this.pending.settle(STDIO_CLIENT, item);
    }
    const aborts = new Map<InboundBatch['items'][number], AbortController>();
    const exchangeOf = (item: InboundBatch['items'][number]): Exchange => {
      const abort = new AbortController();
      aborts.set(item, abort);
      if (item.kind === 'request') this.inflight.set(item.message.id, abort);
      return this.exchange(abort);
    };
    let answered: HandleOutcome | HandleOutcome[];
    try {
      answered = await this.handler.handleBatch(batch, this.session, exchangeOf);
    } finally {
      for (const item of batch.items) {
        if (item.kind === 'request') this.inflight.delete(item.message.id);
      }
    }
    if (!Array.isArray(answered)) {
      if (answered.response !== undefined) this.write(answered.response);
      return;
    }
    applySessionEffects(answered, this.session, this.sessionKeeper, undefined);
    const responses = answered.flatMap((outcome, index) => {
      const abort = aborts.get(batch.items[index]!) ?? new AbortController();
      const response = this.answer(outcome, abort);
      return response === undefined ? [] : [response];
    });
    if (responses.length > 0) this.write(responses);
  }

  /** Serves one message; resolves with the response to write, if any. */
  private async serveOne(inbound: InboundMessage): Promise<JsonRpcResponse | undefined> {
    if (inbound.kind === 'response' && this.pending.settle(STDIO_CLIENT, inbound)) return undefined;
    const id = inbound.kind === 'request' ? inbound.message.id : undefined;
    const abort = new AbortController();
    if (id !== undefined) this.inflight.set(id, abort);
    let outcome: HandleOutcome;
    try {
      outcome = await this.handler.handle(inbound, this.exchange(abort));
    } finally {
      if (id !== undefined) this.inflight.delete(id);
    }
    applySessionEffects(outcome, this.session, this.sessionKeeper, undefined);
    return this.answer(outcome, abort);
  }

  /** The exchange of one message: its abort signal, notifications and requests to the client. */
  private exchange(abort: AbortController): Exchange {
    return {
      transport: 'stdio',
      session: this.session,
      client: STDIO_CLIENT,
      signal: abort.signal,
      notify: (notification) => {
        if (!abort.signal.aborted) this.write(notification);
      },
      sendRequest: (method, params) =>
        this.pending.send(STDIO_CLIENT, method, params, (request) => this.write(request)),
    };
  }

  /** The response to write for an outcome whose effects are applied, unless the request was cancelled. */
  private answer(outcome: HandleOutcome, abort: AbortController): JsonRpcResponse | undefined {
    if (abort.signal.aborted) return undefined;
    if (outcome.listen !== undefined && this.hub !== undefined)
      return this.openListen(this.hub, outcome.listen);
    return outcome.response;
  }

  /**
   * Holds a listen stream open on stdout, within the limits on listen streams (the one client of
   * a stdio server counts as one client): a refusal is the request's error response.
   */
  private openListen(
    hub: NotificationHub,
    listen: NonNullable<HandleOutcome['listen']>,
  ): JsonRpcResponse | undefined {
    const limits = this.source.runtime.limits;
    const admitted = hub.admitsListen(STDIO_CLIENT, limits);
    if (admitted !== 'yes') {
      const error =
        admitted === 'server-full'
          ? { code: ErrorCode.InternalError, message: MESSAGES.LISTEN_STREAMS_FULL }
          : {
              code: ErrorCode.InvalidRequest,
              message: TRANSPORT_MESSAGES.CLIENT_LISTEN_STREAMS_FULL(
                limits.maxListenStreamsPerClient,
              ),
            };
      return { jsonrpc: '2.0', id: listen.id, error };
    }
    this.write(listen.acknowledgement);
    // A listen that reuses the id of one still open replaces it.
    this.listens.get(listen.id)?.();
    const send = (message: JsonRpcNotification) => this.write(message);
    this.listens.set(listen.id, hub.listen(listen.id, listen.filter, send, STDIO_CLIENT));
    return undefined;
  }
}
