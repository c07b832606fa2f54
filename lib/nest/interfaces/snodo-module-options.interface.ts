import type { CanActivate, NestInterceptor, Type } from '@nestjs/common';
import type { MessageToolDeclaration } from '../message-tools/message-tool.declaration.js';
import type {
  InMemorySessionStoreOptions,
  RuntimeOptions,
  SharedStore,
  SubscriptionStore,
} from '../../core/internal.js';
import type { StreamableHttpOptions } from '../../transports/internal.js';
import type { SnodoAuthOptions } from '../../auth/index.js';
import type { SnodoSkillsOptions } from '../skills/skill-options.interface.js';

/**
 * A feed of resource URIs that changed, such as an rxjs `Observable<string>` fed by a message
 * broker: each URI is announced as with `SnodoNotifier.resourceUpdated()`.
 * @publicApi
 */
export interface SubscriptionSource {
  /**
   * Starts the feed at bootstrap: `next` with each URI that changed, `error` when the feed fails
   * (logged). The returned `unsubscribe()` is called at shutdown.
   */
  subscribe(observer: { next: (uri: unknown) => void; error: (error: unknown) => void }): {
    unsubscribe(): void;
  };
}

/**
 * The server options that the core and the transport define, as the module takes them: the
 * components come from discovery, and errors and warnings go to Nest's logger.
 * @publicApi
 */
export type SnodoServerOptions = Omit<
  RuntimeOptions,
  'router' | 'authorization' | 'onHandlerError' | 'onWarning' | 'onInternalError' | 'server'
> &
  Pick<
    StreamableHttpOptions,
    | 'bodyLimit'
    | 'sessionStore'
    | 'dnsRebindingProtection'
    | 'allowedHosts'
    | 'allowedOrigins'
    | 'initializeRateLimit'
    | 'shutdownTimeoutMs'
  >;

/**
 * Options of `SnodoModule.forRoot()` (and what `forRootAsync()`'s factory returns): the server
 * options of the core and the transport (name, version, revisions, validation, caches, limits;
 * documented where they are defined) and the options that only the Nest module has.
 * @publicApi
 */
export interface SnodoModuleOptions extends SnodoServerOptions {
  /**
   * Answers a guard's `UnauthorizedException` or `ForbiddenException` on a run as for an unknown
   * component whenever the guards hide the component from the caller's lists too, as a guard
   * returning `false` always is. By default those two answer 401 (with the `auth` challenge) and
   * 403 to every caller, as on a REST route, so that a client can start its login.
   * @default false
   */
  hideRefusedComponents?: boolean;
  /**
   * A deadline for every component run that has no `SnodoTimeout` of its own, in milliseconds.
   * @default none
   */
  timeoutMs?: number;
  /**
   * What several instances share (sessions, subscriptions, notifications between instances), such
   * as `redisStore({ url })` from `@snodo/nestjs/redis`. Bootstrap waits for it to connect and
   * stops with a clear error when it cannot; `sessionStore` and `subscriptionStore`, when given,
   * take precedence over its parts. Closed at shutdown. @default nothing shared (in memory)
   */
  store?: SharedStore;
  /**
   * Limits of the in-memory session store (ignored with `sessionStore` or `store`): a session idle
   * for `idleTimeoutMs` expires; at `maxSessions`, a session idle past `evictionGraceMs` (and not
   * in use) makes room for a new one, and when there is none, `initialize` gets 503. One client
   * (its verified caller, or its address) holds at most `maxSessionsPerClient`: past it, its own
   * session idle past `evictionGraceMs` makes room, and when there is none, its `initialize` gets
   * 429.
   * @default { idleTimeoutMs: 1_800_000, maxSessions: 10_000, evictionGraceMs: 60_000, maxSessionsPerClient: 100 }
   */
  sessions?: Pick<
    InMemorySessionStoreOptions,
    'idleTimeoutMs' | 'maxSessions' | 'evictionGraceMs' | 'maxSessionsPerClient'
  >;
  /** Where initialize-era resource subscriptions live. @default in memory (one process) */
  subscriptionStore?: SubscriptionStore;
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
   * Tools whose operation is a message to a microservice (`messageCall()`, `messageEmit()`):
   * no handler to write. See docs/message-tools.md.
   */
  messageTools?: readonly MessageToolDeclaration[];
  /**
   * Makes the endpoint an OAuth 2.1 protected resource (docs/oauth.md): it publishes its metadata
   * (RFC 9728) at `/.well-known/oauth-protected-resource` and the path-suffixed URL, and every
   * request needs a bearer token issued for `resource` by one of `authorizationServers`
   * (401 with `WWW-Authenticate: Bearer resource_metadata="…"` otherwise). `@Scopes()` on a
   * component then asks for scopes. @default none: no token is checked
   */
  auth?: SnodoAuthOptions;
  /**
   * Skills served from a directory on disk (the skills extension, docs/skills.md): each
   * subdirectory that holds a manifest is a skill, read once at bootstrap (hidden files left out;
   * symbolic links followed only to files inside the directory; 512 files and 16 MiB per skill).
   * Turn the extension on with `extensions: { 'io.modelcontextprotocol/skills': {} }`.
   * @default none (skills come from `@Skill()` providers only)
   */
  skills?: SnodoSkillsOptions;
  /**
   * The modules this server takes its components from: the `@Tool()`, `@Resource()`,
   * `@Prompt()` and `@Skill()` providers and controllers declared in these modules (not in the
   * modules they import), as `include` of `@nestjs/graphql` and `@nestjs/swagger`. With `tags`
   * too, a component must pass both. `[]` takes none: a server of `messageTools` and components
   * registered in code. See docs/multiple-servers.md.
   * @default every module of the app
   */
  include?: readonly Type<unknown>[];
  /**
   * Takes only the components declared with at least one of these tags
   * (`@Tool({ tags: ['admin'] })`, and so on for resources, prompts and skills); untagged
   * components are left out. With `include` too, a component must pass both.
   * @default every component, tagged or not
   */
  tags?: readonly string[];
  /**
   * Serves the discovered tools and prompts under `<namespace>_<name>` (`billing` turns `refund`
   * into `billing_refund`), so that servers built from the same modules keep their names apart.
   * Resource URIs and names, skills, `messageTools` and components added to the registry in code
   * keep their own. 1 to 64 characters of `A-Z a-z 0-9 _ - .`; each name must still be a valid
   * tool or prompt name. @default none
   */
  namespace?: string;
  /**
   * Guards of every component of this server (discovered, message tools, skill files, and those
   * added to the registry in code), as `@UseGuards()` takes them: instances, or classes that Nest
   * finds among the app's providers or builds with their dependencies. They run in both phases
   * (discovery hides what they refuse), after the global guards marked with `@SnodoEnhancer()` and
   * before each component's own. They guard the server's explorer page too (`explorer`), in the
   * `'http'` execution context: its page, assets and Markdown catalog, or, with `auth`, its
   * Markdown catalog alone, once the bearer token is checked (docs/explorer.md). @default none
   */
  guards?: readonly (CanActivate | Type<CanActivate>)[];
  /**
   * Interceptors of every component of this server, as `@UseInterceptors()` takes them: after the
   * global interceptors marked with `@SnodoEnhancer()` and before each component's own (first one
   * outermost), such as a `SnodoRateLimit` for the whole server. @default none
   */
  interceptors?: readonly (NestInterceptor | Type<NestInterceptor>)[];
}

/**
 * Options of the explorer page (`explorer: { ... }`): a page in the browser that lists the
 * server's catalog and calls its tools, reads its resources and gets its prompts through the
 * endpoint. See docs/explorer.md.
 * @publicApi
 */
export interface SnodoExplorerOptions {
  /**
   * The page's path, under the app's global prefix (and URI version) like the endpoint's; its
   * assets and the Markdown catalog are served below it.
   * @default '<endpoint path>/explorer', such as 'mcp/explorer'
   */
  path?: string;
  /**
   * Guards of the page's routes (the page, its assets and the Markdown catalog), as
   * `@UseGuards()` takes them: classes Nest builds in Snodo's module, or instances. The app's
   * global guards (`APP_GUARD`) apply as well, and the server's `guards` after these; before
   * them, every route checks `Host` and `Origin` as the endpoint does. A guard sees what a browser
   * sends on its own (cookies, Basic credentials), not the bearer token typed into the page: that
   * one goes with the page's requests to the endpoint and for the Markdown catalog.
   * @default []
   */
  guards?: readonly (CanActivate | Type<CanActivate>)[];
}

/**
 * Options read synchronously when the module is defined, in `forRoot()` and `forRootAsync()` alike.
 * @publicApi
 */
export interface SnodoModuleExtras {
  /** The endpoint path, under the app's global prefix. @default 'mcp' */
  path: string;
  /**
   * The server's name in the app, for an app that serves several MCP servers (one `forRoot()`
   * each): its registry and notifier are injected with `@InjectSnodoRegistry(server)` and
   * `@InjectSnodoNotifier(server)`, and `bootstrapStdio()`, `createSnodoTestClient()` and
   * `snodo catalog --server` choose it by this name; operation events and spans carry it. 1 to 64
   * characters of `A-Z a-z 0-9 _ - .`. One server of the app may go without one: it is injected as
   * `SnodoRegistry` and `SnodoNotifier`, as with a single server. See docs/multiple-servers.md.
   * @default none (the app's default server)
   */
  server?: string;
  /** Register the module globally. @default true */
  isGlobal: boolean;
  /**
   * Serves the explorer page: `true` at `<path>/explorer`, or {@link SnodoExplorerOptions}.
   * Each `forRoot()` has its own. Off by default: turn it on where developers should see it
   * (`explorer: process.env.NODE_ENV !== 'production'`), and guard it like any route.
   * @default false
   */
  explorer: boolean | SnodoExplorerOptions;
}
