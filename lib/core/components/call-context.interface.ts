import type { AuthInfo } from '../auth/auth-info.interface.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { ProtocolEra, ProtocolVersion } from '../wire/protocol-version.js';
import type { InputRequest } from './input-required.js';

/** The name and version a client or server gives of itself. @publicApi */
export interface Implementation {
  /** The programmatic name, such as `my-server`. */
  name: string;
  /** The implementation's version, such as `1.4.0`. */
  version: string;
  /** A display name (2025-06-18 and later). */
  title?: string;
  /** Fields of later revisions (`description`, `websiteUrl`, `icons`), and any the peer adds. */
  [key: string]: unknown;
}

/** Which transport carried a request. @publicApi */
export type TransportKind = 'http' | 'stdio' | 'in-process';

/**
 * What a handler knows about the request it serves. Nothing here survives the request.
 * @publicApi
 */
export interface CallContext {
  /** The JSON-RPC method being served, such as `tools/call` or `tools/list`. */
  readonly method: string;
  /** The revision the request is served under. */
  readonly protocolVersion: ProtocolVersion;
  /** `modern` for 2026-07-28 (stateless), `legacy` for the initialize era. */
  readonly era: ProtocolEra;
  /** The client's self-description: for display and logs only, never for decisions. */
  readonly clientInfo?: Implementation;
  /** The capabilities the client declared (per request in 2026-07-28, per session before). */
  readonly clientCapabilities: JsonObject;
  /** The initialize-era session, if any. */
  readonly sessionId?: string;
  /** The request's `params._meta`. */
  readonly meta: JsonObject;
  /** Aborted when the client cancels or goes away. */
  readonly signal: AbortSignal;
  /** Which transport carried the request: HTTP, stdio, or a client in the same process. */
  readonly transport: TransportKind;
  /**
   * The transport's request object: over HTTP, Node's `IncomingMessage`, or the framework's own
   * request when a framework wraps it (Nest on Fastify: the `FastifyRequest`).
   */
  readonly request?: unknown;
  /**
   * The verified caller, when the server checks bearer tokens (the `auth` option): issuer,
   * subject, client, scopes and claims of the token.
   */
  readonly auth?: AuthInfo;
  /**
   * Present when the call may become a task (a tool with task support, a client that declared the
   * tasks extension): makes it one now, if it is not yet. The client gets the task at once, and
   * the handler goes on in the background; from then on progress and log messages become the
   * task's `statusMessage`, and input requests wait in the task for `tasks/update`.
   * Tools declared with `start: 'handler'` call it themselves; the others start at once.
   */
  readonly startTask?: () => Promise<void>;
  /**
   * Reports progress to the client, when it asked for it (a `progressToken` in `_meta`): a
   * `notifications/progress` sent before the result (over HTTP the response becomes an event
   * stream). `progress` must grow from one call to the next; other values are dropped.
   */
  progress(progress: number, total?: number, message?: string): void;
  /**
   * Sends a log message to the client (`notifications/message`) when its level reaches the level
   * the client asked for (2026-07-28: the request's `logLevel`, without which nothing is sent;
   * initialize era: `logging/setLevel`, everything until it is called).
   */
  log(level: LoggingLevel, data: unknown, logger?: string): void;
  /**
   * Asks the user for input through the client (`elicitation/create`): `params` holds `message`
   * and `requestedSchema` (or the URL-mode fields). Resolves to the client's `ElicitResult`
   * (`action`, `content`). Initialize era: a real request on the session's stream; 2026-07-28: an
   * `input_required` result, the call being run again when the client retries with the answer.
   * @throws {SnodoError} -32021 when the client did not declare the `elicitation` capability.
   */
  elicit(params: JsonObject, options?: AskOptions): Promise<JsonObject>;
  /**
   * HTTP sessions of 2025-11-25 only (a no-op elsewhere, earlier revisions included: their
   * clients do not resume): ends the response connection now while the request goes on; the
   * client resumes with `GET` + `Last-Event-ID` and receives the rest, the result included
   * (2025-11-25 SSE polling). Useful for long work behind proxies that cut idle connections.
   */
  closeStream(): void;
  /**
   * Asks the client's model for a completion (`sampling/createMessage`), like
   * {@link CallContext.elicit}.
   * @throws {SnodoError} -32021 when the client did not declare the `sampling` capability.
   */
  sample(params: JsonObject, options?: AskOptions): Promise<JsonObject>;
  /**
   * Asks the client for its roots (`roots/list`), like {@link CallContext.elicit}; resolves to its
   * `ListRootsResult` (`roots`).
   * @throws {SnodoError} -32021 when the client did not declare the `roots` capability.
   */
  listRoots(options?: AskOptions): Promise<JsonObject>;
  /**
   * Asks several things at once, by key (`{ user_name: { method: 'elicitation/create', params } }`),
   * and resolves to the answers under the same keys. 2026-07-28: one `input_required` result
   * carries every unanswered request; initialize era: the requests are sent one after another.
   * @throws {SnodoError} -32021 when the client did not declare a capability one of them needs.
   */
  askAll(requests: Readonly<Record<string, InputRequest>>): Promise<Record<string, JsonObject>>;
}

/** Options of {@link CallContext.elicit}, {@link CallContext.sample} and {@link CallContext.listRoots}. @publicApi */
export interface AskOptions {
  /**
   * The key of the request in a 2026-07-28 `input_required` result, and of the answer in the
   * retry's `inputResponses`. @default the method's initial and a counter (`e0`, `s0`, `r0`, ...)
   */
  readonly key?: string;
}

/** A log level of RFC 5424, as MCP names them. @publicApi */
export type LoggingLevel =
  'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** Every {@link LoggingLevel}, from least to most severe. @internal */
export const LOGGING_LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];
