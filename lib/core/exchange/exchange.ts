import type { AuthInfo } from '../auth/auth-info.interface.js';
import type { LoggingLevel, TransportKind } from '../components/call-context.interface.js';
import type { ListenFilter } from '../notifications/notification-hub.js';
import type { SessionRecord } from '../session/session-record.interface.js';
import type {
  JsonObject,
  JsonRpcId,
  JsonRpcNotification,
  JsonRpcResponse,
} from '../wire/json-rpc.type.js';

/**
 * The standard MCP headers of an HTTP request, as raw strings (absent: `undefined`).
 * Stdio and in-process exchanges have none.
 * @publicApi
 */
export interface StandardHeaders {
  readonly protocolVersion?: string;
  readonly method?: string;
  readonly name?: string;
  /** Every value of a lower-case `mcp-param-*` header, or `undefined` when absent. */
  readonly param?: (field: string) => readonly string[] | undefined;
}

/**
 * Everything about one inbound message that is not in the message itself: what the transport
 * knows and what it offers the request.
 * @publicApi
 */
export interface Exchange {
  readonly transport: TransportKind;
  /** The initialize-era session the message belongs to, if any. */
  readonly session?: SessionRecord;
  /** HTTP only: the standard headers to check against the body. */
  readonly headers?: StandardHeaders;
  /** The transport's request object, handed to handlers. */
  readonly request?: unknown;
  /** The verified caller, when the server checked a bearer token. */
  readonly auth?: AuthInfo;
  /**
   * Who the caller is, when the transport can tell (the verified principal, or a digest of the
   * credentials it sent, never the credentials): a 2026-07-28 `requestState` is bound to it.
   */
  readonly caller?: string;
  /**
   * Whom per-client quotas count against (the tasks one client may hold): the verified caller
   * when the server checks bearer tokens, else the address the connection comes from; over
   * stdio, the one client. Unlike `caller`, never taken from credentials nobody checked, which a
   * client could change on every request. Transports compute it when it is first read.
   */
  readonly client?: string;
  /** Aborted when the client cancels or disconnects. */
  readonly signal?: AbortSignal;
  /**
   * Sends a notification about this request before its response (progress, log messages). Without
   * one, `context.progress()` and `context.log()` do nothing.
   */
  readonly notify?: (notification: JsonRpcNotification) => void;
  /**
   * Initialize era: sends a request to the client (on the request's stream) and resolves with its
   * result. Without one, `elicit()` and `sample()` fail in initialize-era sessions.
   */
  readonly sendRequest?: (method: string, params: JsonObject) => Promise<JsonObject>;
  /** Initialize-era HTTP: ends the response connection early; the rest is resumable. */
  readonly closeStream?: () => void;
}

/**
 * A 2026-07-28 `subscriptions/listen` the transport should hold open: send the acknowledgement
 * first, then register the filter with the notification hub until the client goes away.
 * @publicApi
 */
export interface ListenOutcome {
  readonly id: JsonRpcId;
  readonly filter: ListenFilter;
  readonly acknowledgement: JsonRpcNotification;
}

/**
 * What to send back, and what the transport should do: effects as data, so that the protocol core
 * holds no connection state. Transports apply what it asks of a session with
 * `applySessionEffects()` (session-effects.ts).
 * @publicApi
 */
export interface HandleOutcome {
  /** The response, or `undefined` for an accepted notification or response. */
  readonly response?: JsonRpcResponse;
  /** The HTTP status this outcome maps to (stdio ignores it). */
  readonly status: number;
  /** Extra HTTP headers, such as `WWW-Authenticate` on a 401. */
  readonly headers?: Readonly<Record<string, string>>;
  /** A legacy `initialize` succeeded: open a session with this state. */
  readonly openSession?: Omit<SessionRecord, 'id' | 'initialized'>;
  /** `notifications/initialized` arrived for the exchange's session. */
  readonly sessionInitialized?: boolean;
  /** `logging/setLevel` changed the session's level. */
  readonly sessionLogLevel?: LoggingLevel;
  /** `notifications/cancelled` named this request: abort it if it is still running. */
  readonly cancelled?: JsonRpcId;
  /** A 2026-07-28 `subscriptions/listen` was accepted: open a stream for it. */
  readonly listen?: ListenOutcome;
}
