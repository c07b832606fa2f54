import type { MessageToolDeclaration } from '../message-tools/message-tool.declaration.js';
import type {
  CacheHint,
  InstrumentationHandler,
  JsonObject,
  ProtocolVersion,
  SchemaValidator,
  SchemaValidatorName,
  SessionStore,
  SharedStore,
  SubscriptionStore,
} from '../../core/index.js';

/**
 * A feed of resource URIs that changed, such as an rxjs `Observable<string>` fed by a message
 * broker: each URI is announced as with `SnodoNotifier.resourceUpdated()`.
 * @publicApi
 */
export interface SubscriptionSource {
  subscribe(observer: { next: (uri: unknown) => void; error: (error: unknown) => void }): {
    unsubscribe(): void;
  };
}

/**
 * Options of `SnodoModule.forRoot()` (and what `forRootAsync()`'s factory returns).
 * @publicApi
 */
export interface SnodoModuleOptions {
  /** The server's programmatic name, sent as `serverInfo.name`. */
  name: string;
  /** The server's version, sent as `serverInfo.version`. */
  version: string;
  /** A display name, sent as `serverInfo.title`. */
  title?: string;
  /** Natural-language hints for the model, sent by `initialize` and `server/discover`. */
  instructions?: string;
  /**
   * The protocol revisions served. An initialize-era client asking for one that is not served is
   * offered the newest served initialize-era revision.
   * @default ['2026-07-28', '2025-11-25', '2025-06-18']
   */
  protocols?: ProtocolVersion[];
  /**
   * Checks tool arguments and structured results: `passthrough` (none beyond the top-level
   * `required` list), `basic` (the dependency-free subset), `ajv` (full JSON Schema 2020-12 with
   * formats) or your own {@link SchemaValidator}. Tools with a class-validator DTO are checked by
   * class-validator instead.
   * @default 'passthrough'
   */
  schemaValidator?: SchemaValidatorName | SchemaValidator;
  /** How lists are paged: opaque cursors, `pageSize` items a page. @default { pageSize: 100 } */
  pagination?: { pageSize?: number };
  /**
   * A deadline for every component run that has no `SnodoTimeout` of its own, in milliseconds.
   * @default none
   */
  timeoutMs?: number;
  /**
   * DNS-rebinding protection: check `Host` and `Origin` against `allowedHosts`/`allowedOrigins`.
   * `'loopback'` checks requests that arrive on a loopback address.
   * @default 'loopback'
   */
  dnsRebindingProtection?: boolean | 'loopback';
  /** Accepted `Host` names. @default ['localhost', '127.0.0.1', '[::1]'] */
  allowedHosts?: string[];
  /** Accepted `Origin`s. @default the http(s) origins of the allowed hosts */
  allowedOrigins?: string[];
  /**
   * The secret that signs 2026-07-28 `requestState` tokens (elicitation and sampling). Set it when
   * several instances serve one endpoint, so that a retry can reach any of them.
   * @default a random secret per process
   */
  requestStateSecret?: string;
  /** How long requests in flight may run at shutdown before streams are closed. @default 10_000 */
  shutdownTimeoutMs?: number;
  /** The largest request body accepted on the endpoint, in bytes. @default 4_194_304 (4 MiB) */
  bodyLimit?: number;
  /** Where initialize-era sessions live. @default an in-memory store (one process) */
  sessionStore?: SessionStore;
  /**
   * What several instances share (sessions, subscriptions, notifications between instances), such
   * as `redisStore({ url })` from `@snodo/nestjs/redis`. Bootstrap waits for it to connect and
   * stops with a clear error when it cannot; `sessionStore` and `subscriptionStore`, when given,
   * take precedence over its parts. Closed at shutdown. @default nothing shared (in memory)
   */
  store?: SharedStore;
  /**
   * Limits of the in-memory session store (ignored with `sessionStore`): a session idle for
   * `idleTimeoutMs` expires, and beyond `maxSessions` the least recently used one is dropped.
   * @default { idleTimeoutMs: 1_800_000, maxSessions: 10_000 }
   */
  sessions?: { idleTimeoutMs?: number; maxSessions?: number };
  /** Cache hint of `server/discover` results (2026-07-28). @default { ttlMs: 0, scope: 'public' } */
  discoveryCache?: CacheHint;
  /**
   * Hears start, stop and exception of every dispatched operation: operation, component, era,
   * duration, outcome, session and client name, never argument values. The same events go to the
   * `snodo:operation` tracing channel of `node:diagnostics_channel` (see docs/observability.md).
   */
  instrumentation?: InstrumentationHandler;
  /**
   * Where resource changes come from besides `SnodoNotifier`: an rxjs `Observable<string>` (or
   * anything with `subscribe()`) of resource URIs, listened to from bootstrap to shutdown. Needs
   * `resourceSubscriptions: true`.
   */
  subscriptionSource?: SubscriptionSource;
  /**
   * Logs each operation through Nest's `Logger` (context `Snodo`): one `verbose` line at its end
   * (operation, component, outcome, duration, revision, transport; never argument values), and a
   * `warn` line when handling it threw. Bootstrap is logged at `log`, warnings at `warn`, handler
   * errors at `error` either way. @default false
   */
  logOperations?: boolean;
  /**
   * OpenTelemetry server spans for each request (named and attributed after the semantic
   * conventions for MCP, parent from `_meta.traceparent` or the HTTP headers), when
   * `@opentelemetry/api` is installed and a tracer provider is registered; `false` turns them off.
   * @default true
   */
  openTelemetry?: boolean;
  /**
   * Capabilities merged over the derived ones (one level deep), such as `experimental`. Claiming
   * `resources.subscribe` or a `listChanged` needs `resourceSubscriptions` or `listChanged`.
   */
  capabilities?: JsonObject;
  /**
   * Extensions by id (`com.example/feature`) with their settings, advertised under
   * `capabilities.extensions` in 2026-07-28 only.
   */
  extensions?: Record<string, JsonObject>;
  /** Cache hint of `tools/list` results (2026-07-28). @default { ttlMs: 0, scope: 'private' } */
  toolsCache?: CacheHint;
  /** Cache hint of `prompts/list` results (2026-07-28). @default { ttlMs: 0, scope: 'private' } */
  promptsCache?: CacheHint;
  /**
   * Cache hint of `resources/list`, `resources/templates/list` and `resources/read` (2026-07-28).
   * @default { ttlMs: 0, scope: 'private' }
   */
  resourcesCache?: CacheHint;
  /**
   * Tools whose operation is a message to a microservice (`messageCall()`, `messageEmit()`):
   * no handler to write. See docs/message-tools.md.
   */
  messageTools?: readonly MessageToolDeclaration[];
  /**
   * Serve resource subscriptions (`resources/subscribe` with a session GET stream, and
   * `resourceSubscriptions` on `subscriptions/listen`); announce updates with `SnodoNotifier`.
   * @default false
   */
  resourceSubscriptions?: boolean;
  /** Advertise and deliver list changes announced with `SnodoNotifier`. @default false */
  listChanged?: boolean;
  /** Where initialize-era resource subscriptions live. @default in memory (one process) */
  subscriptionStore?: SubscriptionStore;
}

/**
 * Options read synchronously when the module is defined, in `forRoot()` and `forRootAsync()` alike.
 * @publicApi
 */
export interface SnodoModuleExtras {
  /** The endpoint path, under the app's global prefix. @default 'mcp' */
  path: string;
  /** Register the module globally. @default true */
  isGlobal: boolean;
}
