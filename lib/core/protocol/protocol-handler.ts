import { MESSAGES } from '../errors/messages.constant.js';
import { clientDeclares, missingExtension } from '../extensions/server-extension.js';
import { SnodoError } from '../errors/snodo.error.js';
import { operationContext } from '../instrumentation/operation-events.js';
import { isObserved, traceOperation } from '../instrumentation/operation-tracing.js';
import type { NotificationHub } from '../notifications/notification-hub.js';
import type { Runtime, RuntimeSource } from '../runtime/runtime.js';
import { claimsModernByHeader, readModernEnvelope } from './envelope.js';
import type { Exchange, HandleOutcome } from '../exchange/exchange.js';
import { serveWithInputRounds } from './input-rounds.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type {
  InboundBatch,
  InboundMessage,
  JsonObject,
  JsonRpcNotification,
  JsonRpcRequest,
} from '../wire/json-rpc.type.js';
import {
  RequestClient,
  type ClientState,
  type RequestMethod,
} from '../methods/method-descriptor.js';
import { serverMethods } from './server-methods.js';
import type { MethodTable } from '../methods/method-table.js';
import { ACCEPTED, errorOutcome } from '../exchange/outcomes.js';
import {
  LATEST_LEGACY_VERSION,
  META_KEYS,
  REVISIONS,
  type ProtocolVersion,
} from '../wire/protocol-version.js';
import { ServedRequest } from './served-request.js';
import { isThenable } from '../components/thenable.js';
import { isStoreUnavailable } from '../session/store-unavailable.error.js';
import type { SessionRecord } from '../session/session-record.interface.js';

/** The answer to a batch no revision of the exchange takes: one -32600, no id. */
const batchRefusal = (): HandleOutcome =>
  errorOutcome(undefined, SnodoError.invalidRequest(MESSAGES.BATCH_NOT_SUPPORTED), 400);

/** Tells the runtime's `onInternalError`; a reporter that throws does not break the answer. */
function reportInternalError(runtime: Runtime, error: unknown, method: string): void {
  try {
    runtime.options.onInternalError?.(error, method);
  } catch {
    // The reporter's own failure is its business.
  }
}

/**
 * What a step of serving gives: the outcome, or a promise of it when the step waited. The steps
 * are not async functions, so that a request served at once takes no extra turns of the event loop.
 */
type Served = HandleOutcome | Promise<HandleOutcome>;

/** Options of {@link ProtocolHandler}. @publicApi */
export interface ProtocolHandlerOptions {
  /** Delivers notifications; without one, subscriptions and listen streams are not served. */
  readonly hub?: NotificationHub;
  /** The methods served. @default the protocol's `METHODS`, with those of the extensions of the runtime's options */
  readonly methods?: MethodTable;
}

/**
 * The protocol core: one JSON-RPC message in, at most one JSON-RPC response out.
 *
 * It tells the era of each message (see envelope.ts), checks the 2026-07-28 envelope or the
 * initialize-era session, and serves the method from the {@link MethodTable}; each method encodes
 * its result for the revision that asked. It holds no per-connection state: sessions come in
 * through the {@link Exchange}, and their changes go out in the {@link HandleOutcome}.
 * @publicApi
 */
export class ProtocolHandler {
  /** The methods this handler serves. */
  readonly methods: MethodTable;
  private readonly hub: NotificationHub | undefined;

  constructor(
    private readonly source: RuntimeSource,
    options: ProtocolHandlerOptions = {},
  ) {
    this.hub = options.hub;
    this.methods = options.methods ?? serverMethods(source);
  }

  /**
   * Handles one classified inbound message. Never throws: a failure inside the server (a bug, a
   * dependency that broke) is answered with -32603 and reported to `onInternalError`; only an
   * unreachable shared store is thrown, for the transport to answer with 503.
   */
  handle(inbound: InboundMessage, exchange: Exchange): Promise<HandleOutcome> {
    // Not async: a request that waited gets one reaction on its promise, not an async frame's two.
    let routed: Served;
    try {
      routed = this.route(inbound, exchange);
    } catch (error) {
      return new Promise((resolve) => resolve(this.failed(inbound, error)));
    }
    // A method of another table may answer with any thenable: adopted, so that its rejection is caught too.
    return isThenable(routed)
      ? Promise.resolve(routed).then(undefined, (error: unknown) => this.failed(inbound, error))
      : Promise.resolve(routed);
  }

  /** What a message whose serving threw answers: -32603, reported; an unreachable store is thrown on. */
  private failed(inbound: InboundMessage, error: unknown): HandleOutcome {
    if (isStoreUnavailable(error)) throw error;
    const method =
      inbound.kind === 'request' || inbound.kind === 'notification'
        ? inbound.message.method
        : inbound.kind;
    reportInternalError(this.source.runtime, error, method);
    const id = inbound.kind === 'request' ? inbound.message.id : undefined;
    return errorOutcome(id, SnodoError.internal(MESSAGES.INTERNAL), 500);
  }

  /**
   * Handles a batch of an initialize-era session whose revision takes batches (2025-03-26): every
   * message as {@link handle} would, concurrently, each with its own exchange, `initialize`
   * refused (it must come alone).
   * @returns the outcomes in the batch's order; or, for a batch the session does not take (any
   *   other revision, or no session), one -32600 outcome that answers the batch as a whole.
   */
  async handleBatch(
    batch: InboundBatch,
    session: SessionRecord | undefined,
    exchangeOf: (item: InboundBatch['items'][number]) => Exchange,
  ): Promise<HandleOutcome | HandleOutcome[]> {
    if (session === undefined || !REVISIONS[session.protocolVersion].batches) {
      return batchRefusal();
    }
    return Promise.all(
      batch.items.map(async (item) =>
        item.kind === 'request' && this.methods.request(item.message.method)?.session === 'opens'
          ? errorOutcome(
              item.message.id,
              SnodoError.invalidRequest(MESSAGES.INITIALIZE_IN_BATCH),
              200,
            )
          : this.handle(item, exchangeOf(item)),
      ),
    );
  }

  private route(inbound: InboundMessage, exchange: Exchange): Served {
    switch (inbound.kind) {
      case 'invalid':
        return errorOutcome(inbound.id, inbound.error, 400);
      case 'batch':
        return batchRefusal();
      case 'response':
        return exchange.session !== undefined
          ? ACCEPTED
          : errorOutcome(
              inbound.id,
              SnodoError.invalidRequest(MESSAGES.RESPONSE_NOT_ACCEPTED),
              400,
            );
      default:
        break;
    }
    const message = inbound.message;
    const meta = message.params?._meta;
    if (isJsonObject(meta) && meta[META_KEYS.protocolVersion] !== undefined) {
      return this.handleModern(message, meta, exchange);
    }
    if (claimsModernByHeader(exchange)) {
      const id = 'id' in message ? message.id : undefined;
      return errorOutcome(id, SnodoError.invalidParams(MESSAGES.MISSING_META), 400);
    }
    return this.handleLegacy(message, exchange);
  }

  /** A 2026-07-28 message: its envelope says everything about its client. */
  private handleModern(
    message: JsonRpcRequest | JsonRpcNotification,
    meta: JsonObject,
    exchange: Exchange,
  ): Served {
    const runtime = this.source.runtime;
    const envelope = readModernEnvelope(
      message,
      meta,
      runtime.modernVersions,
      exchange,
      this.methods,
    );
    if (!envelope.ok) return envelope.outcome;
    if (!('id' in message)) return this.receive(message, envelope.client.version, exchange);
    return this.dispatch(message, runtime, envelope.client, exchange);
  }

  /** An initialize-era message: its session says who the client is. */
  private handleLegacy(message: JsonRpcRequest | JsonRpcNotification, exchange: Exchange): Served {
    const session = exchange.session;
    if (!('id' in message)) {
      return this.receive(message, session?.protocolVersion ?? LATEST_LEGACY_VERSION, exchange);
    }
    if (session === undefined && this.methods.request(message.method)?.session === undefined) {
      return errorOutcome(message.id, SnodoError.invalidRequest(MESSAGES.NOT_INITIALIZED), 400);
    }
    const meta = message.params?._meta;
    const client: ClientState =
      session === undefined
        ? new RequestClient(LATEST_LEGACY_VERSION, undefined, {}, {})
        : new RequestClient(
            session.protocolVersion,
            session.clientInfo,
            session.clientCapabilities,
            isJsonObject(meta) ? meta : {},
          );
    return this.dispatch(message, this.source.runtime, client, exchange);
  }

  /** A notification: effects only, and 202 whatever it is. */
  private receive(
    message: JsonRpcNotification,
    version: ProtocolVersion,
    exchange: Exchange,
  ): HandleOutcome {
    const descriptor = this.methods.notification(message.method);
    if (descriptor === undefined || !descriptor.revisions.includes(version)) return ACCEPTED;
    return descriptor.receive(message, exchange) ?? ACCEPTED;
  }

  /**
   * A request of a known client: a method of another revision is not found here; the others are
   * served, traced when anyone listens (nothing is built otherwise).
   */
  private dispatch(
    request: JsonRpcRequest,
    runtime: Runtime,
    client: ClientState,
    exchange: Exchange,
  ): Served {
    const call = new ServedRequest(request, runtime, client, exchange, this.hub);
    const descriptor = this.methods.request(request.method);
    if (descriptor !== undefined && !descriptor.revisions.includes(client.version)) {
      const refusal = MESSAGES.METHOD_NOT_IN_REVISION(request.method, client.version);
      return call.error(SnodoError.methodNotFound(refusal), call.modern ? 404 : 200);
    }
    if (descriptor?.instrumented === false || !isObserved(runtime)) {
      return this.serve(call, descriptor);
    }
    const component = descriptor?.component?.(call.params);
    const context = operationContext(request.method, component, {
      era: call.modern ? 'modern' : 'legacy',
      protocolVersion: client.version,
      transport: exchange.transport,
      sessionId: exchange.session?.id,
      client: client.clientInfo?.name,
      server: runtime.options.server,
    });
    const attributes =
      component === undefined ? undefined : descriptor?.spanAttributes?.(component);
    const span = { request, meta: client.meta, carrier: exchange.request, attributes };
    return traceOperation(runtime, context, span, async () => this.serve(call, descriptor));
  }

  /** Serves a request with its method, if the server serves that method now. */
  private serve(call: ServedRequest, descriptor: RequestMethod | undefined): Served {
    const capability = descriptor?.capability;
    if (
      descriptor === undefined ||
      (capability !== undefined && call.runtime.capabilities[capability] === undefined) ||
      (descriptor.needsHub === true && this.hub === undefined)
    ) {
      const refusal = MESSAGES.METHOD_NOT_FOUND(call.request.method);
      return call.error(SnodoError.methodNotFound(refusal), call.modern ? 404 : 200);
    }
    if (descriptor.extension !== undefined && !clientDeclares(call.client, descriptor.extension)) {
      return call.error(missingExtension(descriptor.extension), 400);
    }
    const target = descriptor.target;
    if (
      call.modern &&
      descriptor.asksForInput === true &&
      target !== undefined &&
      target !== 'taskId'
    ) {
      return serveWithInputRounds(call, descriptor, target);
    }
    return descriptor.serve(call);
  }
}
