import type { CallContext, Implementation } from '../components/call-context.interface.js';
import type { SnodoError } from '../errors/snodo.error.js';
import type { NotificationHub } from '../notifications/notification-hub.js';
import type { Runtime } from '../runtime/runtime.js';
import type { Exchange, HandleOutcome } from '../exchange/exchange.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject, JsonRpcNotification, JsonRpcRequest } from '../wire/json-rpc.type.js';
import type { ProtocolVersion } from '../wire/protocol-version.js';

/**
 * What a request says about its client: per request in 2026-07-28 (`_meta`), per session before.
 * @publicApi
 */
export interface ClientState {
  /** The revision the request is served under. */
  readonly version: ProtocolVersion;
  readonly clientInfo: Implementation | undefined;
  readonly clientCapabilities: JsonObject;
  /** The request's `params._meta`. */
  readonly meta: JsonObject;
  /** 2026-07-28: answers to earlier input requests of this call, by key. */
  readonly answers?: JsonObject;
}

/**
 * The {@link ClientState} of one request, as the protocol handler reads it from the envelope or
 * the session. A class, not an object literal: V8 may pretenure a literal's allocation site (put
 * every later object of it straight into the old generation), and one that points at the request
 * (its `_meta`) then keeps each request alive until a full GC (docs/benchmarks.md, "Second
 * performance round").
 * @internal
 */
export class RequestClient implements ClientState {
  constructor(
    readonly version: ProtocolVersion,
    readonly clientInfo: Implementation | undefined,
    readonly clientCapabilities: JsonObject,
    readonly meta: JsonObject,
  ) {}
}

/** A client's `Implementation`, when the value is one. @internal */
export function readImplementation(value: unknown): Implementation | undefined {
  return isJsonObject(value) && typeof value.name === 'string' && typeof value.version === 'string'
    ? (value as Implementation)
    : undefined;
}

/**
 * One request being served, as a method's serve function receives it.
 * @publicApi
 */
export interface MethodCall {
  readonly request: JsonRpcRequest;
  /** `request.params`, or `{}`. */
  readonly params: JsonObject;
  /** The runtime in force when the request arrived. */
  readonly runtime: Runtime;
  readonly client: ClientState;
  readonly exchange: Exchange;
  /** Delivers notifications; absent where the transport serves none (in process). */
  readonly hub: NotificationHub | undefined;
  /** Whether the request speaks the stateless 2026-07-28 era. */
  readonly modern: boolean;
  /** A new call context for the component this request runs. */
  context(): CallContext;
  /** The response with `result`, encoded for the revision that asked. */
  result(result: JsonObject): HandleOutcome;
  /** A JSON-RPC error response: status 200 unless given. */
  error(error: SnodoError, status?: number): HandleOutcome;
  /**
   * A router error for the revision that asked: "resource not found" is -32002 before 2026-07-28
   * and -32602 (with the same data) from 2026-07-28 on.
   */
  failure(error: SnodoError): HandleOutcome;
}

/** What every method descriptor has. @publicApi */
interface MethodBase {
  /** The JSON-RPC method name. */
  readonly method: string;
  /** The revisions the method exists in. */
  readonly revisions: readonly ProtocolVersion[];
  /**
   * Initialize era: whether the message changes the session (opens it, marks it initialized, sets
   * its log level). Stdio runs such messages in order; the others run concurrently after them.
   */
  readonly changesSession?: boolean;
}

/**
 * A request method: what it needs and how it is served. One descriptor per method, in one table
 * ({@link MethodTable}) that the protocol handler, the transports, instrumentation and the client
 * read.
 * @publicApi
 */
export interface RequestMethod extends MethodBase {
  readonly kind: 'request';
  /** The server capability it needs: without it, the method is not found. */
  readonly capability?: string;
  /**
   * The param that names the component the request targets: it must match the `Mcp-Name` header
   * (2026-07-28 HTTP), and a `requestState` is bound to it.
   */
  readonly target?: 'name' | 'uri' | 'taskId';
  /**
   * The extension the client must declare in the request's capabilities: without it, -32021
   * (before anything else about the request is looked at).
   */
  readonly extension?: string;
  /** Whether it may answer `input_required` and be retried with answers (2026-07-28). */
  readonly asksForInput?: boolean;
  /**
   * Initialize era: `opens` for the handshake, which needs no session and opens one; `none` for a
   * request served with or without a session. @default a session is required
   */
  readonly session?: 'opens' | 'none';
  /** Served only where notifications are delivered (a transport with a notification hub). */
  readonly needsHub?: boolean;
  /** Whether operation events and spans cover it. @default true */
  readonly instrumented?: boolean;
  /** The tool or prompt it names, for events and spans: never a URI or other user data. */
  component?(params: JsonObject): string | undefined;
  /** Span attributes after the OpenTelemetry semantic conventions, for a named component. */
  spanAttributes?(component: string): Readonly<Record<string, string>>;
  /** Serves one request. Throws only for failures that are not the client's doing. */
  serve(call: MethodCall): HandleOutcome | Promise<HandleOutcome>;
}

/**
 * A notification the client sends: it gets no response, only effects.
 * @publicApi
 */
export interface NotificationMethod extends MethodBase {
  readonly kind: 'notification';
  /** What the notification does; `undefined` when it does nothing here. */
  receive(message: JsonRpcNotification, exchange: Exchange): HandleOutcome | undefined;
}

/** One entry of the method table. @publicApi */
export type MethodDescriptor = RequestMethod | NotificationMethod;
