import type { ProtocolVersion } from '../wire/protocol-version.js';
import type { TasksOptions } from '../task-store/tasks-options.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type {
  AuthorizationPolicy,
  ComponentRef,
} from '../components/authorization-policy.interface.js';
import type { Router } from '../router/router.js';
import type { InstrumentationHandler } from '../instrumentation/operation-events.js';
import type { SchemaValidator, SchemaValidatorName } from '../schema/schema-validator.interface.js';
import type { CacheHint } from '../results/cache-hint.interface.js';
import type { ServerLimits } from '../limits/server-limits.js';
import type { UsedTokenStore } from '../session/used-token.store.js';
import type { Icon } from '../components/tool.interface.js';

/**
 * What a runtime is built from.
 * @publicApi
 */
export interface RuntimeOptions {
  /** The server's programmatic name, sent as `serverInfo.name`. */
  name: string;
  /** The server's version, sent as `serverInfo.version`. */
  version: string;
  /** A display name, sent as `serverInfo.title` (2025-06-18 on). */
  title?: string;
  /** What the server does, in a sentence, sent as `serverInfo.description` (2025-11-25 on). */
  description?: string;
  /** The server's home page, an absolute http(s) URL, sent as `serverInfo.websiteUrl` (2025-11-25 on). */
  websiteUrl?: string;
  /** Icons of the server for clients to show, sent as `serverInfo.icons` (2025-11-25 on). */
  icons?: Icon[];
  /**
   * Tells this server from the other servers of the process in instrumentation (never sent to
   * clients): operation events carry it as `server`, spans as the attribute `snodo.server.name`.
   * In Nest, the `server` option of `SnodoModule.forRoot()` sets it. @default none
   */
  server?: string;
  /** Natural-language hints for the model, sent by `initialize` and `server/discover`. */
  instructions?: string;
  /**
   * The protocol revisions served. An initialize-era client asking for one that is not served is
   * offered the newest served initialize-era revision.
   * @default every revision of `PROTOCOL_VERSIONS`
   */
  protocols?: readonly ProtocolVersion[];
  /** The components. @default an empty router */
  router?: Router;
  /**
   * Checks tool arguments and structured results: `ajv` (full JSON Schema 2020-12 with formats),
   * `basic` (the dependency-free subset), `passthrough` (none beyond the top-level `required`
   * list: schemas are advertised, not enforced) or your own validator. Every tool schema is
   * checked once, when the runtime is built: an invalid one stops it. Tools that prepare their own
   * arguments (a class-validator DTO in Nest) are checked by them.
   * @default 'ajv'
   */
  schemaValidator?: SchemaValidatorName | SchemaValidator;
  /** Decides visibility and access of components. @default allow everything */
  authorization?: AuthorizationPolicy;
  /** Told about handler errors that became safe `isError` results (for logging). */
  onHandlerError?: (component: ComponentRef, error: unknown) => void;
  /** Cache hint of `server/discover` results (2026-07-28). @default { ttlMs: 0, scope: 'public' } */
  discoveryCache?: CacheHint;
  /**
   * Capabilities merged over the derived ones, one level deep: `experimental`, or fields the
   * derived capabilities lack. Claiming `resources.subscribe` or a `listChanged` needs the options
   * that serve them (`resourceSubscriptions`, `listChanged`).
   */
  capabilities?: JsonObject;
  /**
   * Extensions the server supports, by id (`com.example/feature`) with their settings, advertised
   * under `capabilities.extensions` in 2026-07-28 (the initialize-era revisions have no such field).
   * The built-in ones are served as well: `io.modelcontextprotocol/tasks` (see `tasks`).
   */
  extensions?: Record<string, JsonObject>;
  /** Options of the tasks extension, when `extensions` has `io.modelcontextprotocol/tasks`. */
  tasks?: TasksOptions;
  /**
   * Hears start, stop and exception of every dispatched operation: operation, component, era,
   * duration, outcome, session and client name, never argument values. The same events go to the
   * `snodo:operation` tracing channel of `node:diagnostics_channel` (see docs/observability.md).
   */
  instrumentation?: InstrumentationHandler;
  /**
   * OpenTelemetry server spans for each request (named and attributed after the semantic
   * conventions for MCP, parent from `_meta.traceparent` or the HTTP headers), when
   * `@opentelemetry/api` is installed (an optional peer) and a tracer provider is registered;
   * `false` turns them off.
   * @default true
   */
  openTelemetry?: boolean;
  /** Cache hint of `tools/list` results (2026-07-28). @default { ttlMs: 0, scope: 'private' } */
  toolsCache?: CacheHint;
  /**
   * The secret that signs 2026-07-28 `requestState` tokens (elicitation and sampling). Set it when
   * several instances serve one endpoint, so that a retry can reach any of them.
   * @default a random secret per process
   */
  requestStateSecret?: string;
  /**
   * Makes each 2026-07-28 `requestState` good for one retry only. Without it, a state may be sent
   * again until it expires (10 minutes), always for the same call, arguments and credentials.
   * Several instances need a shared `usedTokens` store (`redisStore()` has one).
   * @default false
   */
  requestStateSingleUse?: boolean;
  /** Where single-use states are remembered. @default in memory (one process) */
  usedTokens?: UsedTokenStore;
  /** How lists are paged: opaque cursors, `pageSize` items a page. @default { pageSize: 100 } */
  pagination?: { pageSize?: number };
  /** Told about configuration the runtime corrected (for logging). */
  onWarning?: (message: string) => void;
  /** Cache hint of `prompts/list` results (2026-07-28). @default { ttlMs: 0, scope: 'private' } */
  promptsCache?: CacheHint;
  /**
   * Cache hint of `resources/list`, `resources/templates/list` and `resources/read` results
   * (2026-07-28). A resource may set its own for its reads.
   * @default { ttlMs: 0, scope: 'private' }
   */
  resourcesCache?: CacheHint;
  /**
   * Serve resource subscriptions: `resources/subscribe` for initialize-era sessions (with a
   * session GET stream) and `resourceSubscriptions` on `subscriptions/listen`; advertises
   * `resources.subscribe`. Announce updates with `SnodoNotifier` in Nest.
   * @default false
   */
  resourceSubscriptions?: boolean;
  /** Bounds on what clients can make the server hold or do. @default see {@link ServerLimits} */
  limits?: ServerLimits;
  /**
   * Told about failures inside the server that a request met but did not cause (a bug, or a
   * dependency that broke): the request was answered with -32603 and no details.
   */
  onInternalError?: (error: unknown, method: string) => void;
  /**
   * Announce catalog changes: advertises `listChanged` on tools and resources, and delivers
   * `notifications/<kind>/list_changed` to session streams and listen streams that asked.
   * @default false
   */
  listChanged?: boolean;
}
