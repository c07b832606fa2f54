import { resolveSnodoOptions, type ResolvedSnodoOptions } from './snodo-options.resolver.js';
import {
  Inject,
  Logger,
  Module,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryModule, HttpAdapterHost } from '@nestjs/core';
import { NotificationHub } from '../core/internal.js';
import { NEST_MESSAGES } from './snodo.messages.js';
import { StreamableHttpTransport, type ListeningServer } from '../transports/internal.js';
import type {
  SnodoModuleOptions,
  SubscriptionSource,
} from './interfaces/snodo-module-options.interface.js';
import { SnodoBodyReader } from './platform/snodo-body.reader.js';
import { SnodoRouteGate } from './platform/route-gate.js';
import { CONNECTION_GRACE_MS, cutConnectionsAt } from './platform/connection-deadline.js';
import { BearerAuthenticator } from '../auth/index.js';
import { ProtectedResourceRoutes } from './auth/protected-resource.routes.js';
import {
  SNODO_AUTHENTICATOR,
  SNODO_ENDPOINT_PATH,
  SNODO_HTTP_TRANSPORT,
  SNODO_NOTIFICATION_HUB,
  SNODO_REGISTRY,
  SNODO_RESOLVED_OPTIONS,
  SNODO_SERVER_ENTRY,
  SNODO_SERVER_NAME,
} from './snodo.constants.js';
import { SnodoMessageTools } from './message-tools/snodo-message-tools.js';
import { SnodoContextCreator } from './enhancers/snodo-context-creator.js';
import { SnodoExplorer } from './snodo.explorer.js';
import { SkillExplorer } from './skills/skill.explorer.js';
import { SnodoMetadataAccessor } from './snodo-metadata.accessor.js';
import { SNODO_MODULE_OPTIONS, SnodoConfigurableModule } from './snodo.module-definition.js';
import type { SnodoRegistry } from './snodo.registry.js';
import { ServerSelection } from './servers/server-selection.js';
import { SnodoServerEnhancers } from './servers/server-enhancers.js';
import {
  SnodoServers,
  SnodoServersModule,
  type SnodoServerEntry,
} from './servers/snodo-servers.js';

/**
 * Turns the app's `@Tool()` providers into an MCP server on one Streamable HTTP endpoint.
 *
 * An app may serve several servers, one `forRoot()` (or `forRootAsync()`) each, with its own
 * `server` name, path, options and catalog (`include`, `tags`): see docs/multiple-servers.md.
 * @example
 * ```ts
 * @Module({
 *   imports: [SnodoModule.forRoot({ name: 'packages', version: '1.0.0' })],
 *   providers: [PackageTools],
 * })
 * export class AppModule {}
 * ```
 * @publicApi
 */
@Module({
  imports: [DiscoveryModule, SnodoServersModule],
  providers: [
    {
      provide: SNODO_RESOLVED_OPTIONS,
      useFactory: resolveSnodoOptions,
      inject: [SNODO_MODULE_OPTIONS],
    },
    {
      provide: SNODO_NOTIFICATION_HUB,
      // With a shared store, bootstrap waits for it (and stops with its error when unreachable).
      useFactory: async (options: ResolvedSnodoOptions) => {
        await options.store?.ready();
        return new NotificationHub(options.subscriptionStore, options.store?.notificationBus);
      },
      inject: [SNODO_RESOLVED_OPTIONS],
    },
    {
      provide: SNODO_HTTP_TRANSPORT,
      useFactory: (registry: SnodoRegistry, options: ResolvedSnodoOptions, hub: NotificationHub) =>
        new StreamableHttpTransport(registry, {
          bodyLimit: options.bodyLimit,
          sessionStore: options.sessionStore,
          hub,
          replay: options.replay,
          dnsRebindingProtection: options.dnsRebindingProtection,
          allowedHosts: options.allowedHosts,
          allowedOrigins: options.allowedOrigins,
          initializeRateLimit: options.initializeRateLimit,
          shutdownTimeoutMs: options.shutdownTimeoutMs,
          onError: (error) => TRANSPORT_LOGGER.error(NEST_MESSAGES.TRANSPORT_FAILED, error),
        }),
      inject: [SNODO_REGISTRY, SNODO_RESOLVED_OPTIONS, SNODO_NOTIFICATION_HUB],
    },
    {
      provide: SNODO_AUTHENTICATOR,
      // Checks the auth options at bootstrap.
      useFactory: (options: SnodoModuleOptions) =>
        options.auth === undefined ? null : new BearerAuthenticator(options.auth),
      inject: [SNODO_RESOLVED_OPTIONS],
    },
    ProtectedResourceRoutes,
    // The registry and the notifier are the module definition's: under the server's tokens.
    SnodoMetadataAccessor,
    SnodoContextCreator,
    SnodoExplorer,
    SkillExplorer,
    SnodoBodyReader,
    SnodoRouteGate,
    SnodoMessageTools,
    ServerSelection,
    SnodoServerEnhancers,
    {
      provide: SNODO_SERVER_ENTRY,
      // Known to the app's directory as soon as it is built; checked against the others at init.
      useFactory: (
        servers: SnodoServers,
        server: string | null,
        path: string,
        registry: SnodoRegistry,
        hub: NotificationHub,
        options: SnodoModuleOptions,
      ): SnodoServerEntry =>
        servers.add({ server: server ?? undefined, path, registry, hub, options }),
      inject: [
        SnodoServers,
        SNODO_SERVER_NAME,
        SNODO_ENDPOINT_PATH,
        SNODO_REGISTRY,
        SNODO_NOTIFICATION_HUB,
        SNODO_RESOLVED_OPTIONS,
      ],
    },
  ],
})
export class SnodoModule
  extends SnodoConfigurableModule
  implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown
{
  private readonly logger = new Logger('Snodo');
  private sourceSubscription?: { unsubscribe(): void };
  /** When the shutdown that began in onModuleDestroy() must be over. */
  private shutdownDeadline = 0;

  /** @internal Nest makes the module; an app imports `SnodoModule.forRoot()`. */
  constructor(
    @Inject(SNODO_HTTP_TRANSPORT) private readonly transport: StreamableHttpTransport,
    @Inject(SNODO_RESOLVED_OPTIONS) private readonly options: ResolvedSnodoOptions,
    @Inject(SNODO_NOTIFICATION_HUB) private readonly hub: NotificationHub,
    private readonly servers: SnodoServers,
    @Inject(SNODO_SERVER_ENTRY) private readonly entry: SnodoServerEntry,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    super();
  }

  /** Refuses a server that shares its name, path or stores with another server of the app. */
  onModuleInit(): void {
    this.servers.check(this.entry);
  }

  /**
   * Prepares the schema validator once the app's HTTP server listens (an app that never listens,
   * such as one on stdio, compiles on first need), and starts listening to the
   * `subscriptionSource`, if there is one.
   */
  onApplicationBootstrap(): void {
    const server: unknown = this.adapterHost.httpAdapter?.getHttpServer();
    if (typeof (server as { once?: unknown } | undefined)?.once === 'function')
      this.transport.warmUpWhenListening(server as ListeningServer);
    const source = checkSubscriptionSource(this.options);
    if (source === undefined) return;
    let warned = false;
    this.sourceSubscription = source.subscribe({
      next: (uri: unknown) => {
        if (typeof uri !== 'string') {
          if (!warned) this.logger.warn(NEST_MESSAGES.SOURCE_NOT_A_URI);
          warned = true;
          return;
        }
        this.hub.resourceUpdated(uri).catch((error: unknown) => {
          this.logger.warn(NEST_MESSAGES.SOURCE_ANNOUNCE_FAILED(String(error)));
        });
      },
      error: (error: unknown) => this.logger.error(NEST_MESSAGES.SOURCE_FAILED(String(error))),
    });
  }

  /**
   * Graceful shutdown (`app.close()`, or a signal with `enableShutdownHooks()`): new requests get
   * 503, requests in flight may finish for up to `shutdownTimeoutMs`, then streams close so that
   * the HTTP server can.
   */
  async onModuleDestroy(): Promise<void> {
    this.shutdownDeadline = Date.now() + this.transport.shutdownTimeoutMs;
    this.sourceSubscription?.unsubscribe();
    await this.transport.shutdown();
    this.hub.close();
    await this.options.store?.close();
  }

  /**
   * Bounds the close of the app's HTTP server, which Nest starts next: connections still open
   * half a second past the shutdown deadline are cut, such as one a client opened and sent no
   * request on, so that `app.close()` resolves within `shutdownTimeoutMs` and a second.
   */
  beforeApplicationShutdown(): void {
    cutConnectionsAt(
      this.adapterHost.httpAdapter?.getHttpServer(),
      this.shutdownDeadline + CONNECTION_GRACE_MS,
    );
  }
}

const TRANSPORT_LOGGER = new Logger('Snodo');

/** The `subscriptionSource` option, checked: something with `subscribe()`, on a server that serves subscriptions. */
function checkSubscriptionSource(options: SnodoModuleOptions): SubscriptionSource | undefined {
  const source = options.subscriptionSource;
  if (source === undefined) return undefined;
  if (typeof source !== 'object' || source === null || typeof source.subscribe !== 'function') {
    throw new Error(NEST_MESSAGES.BAD_SUBSCRIPTION_SOURCE);
  }
  if (options.resourceSubscriptions !== true) {
    throw new Error(NEST_MESSAGES.SOURCE_NEEDS_SUBSCRIPTIONS);
  }
  return source;
}
