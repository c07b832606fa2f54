import { Inject, Injectable, Logger, Optional, type OnModuleInit } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import type { BearerAuthenticator } from '../../auth/index.js';
import {
  SNODO_AUTHENTICATOR,
  SNODO_ENDPOINT_PATH,
  SNODO_SERVER_ENTRY,
} from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import { SnodoRouteGate } from '../platform/route-gate.js';
import { SnodoServers, type SnodoServerEntry } from '../servers/snodo-servers.js';

/** What Snodo uses of an HTTP adapter to serve the metadata. */
interface AdapterLike {
  reply(response: unknown, body: unknown, statusCode?: number): unknown;
  setHeader(response: unknown, name: string, value: string): unknown;
}

/**
 * Serves the Protected Resource Metadata (RFC 9728) at `/.well-known/oauth-protected-resource`
 * and at its path-suffixed URL, at the root of the host (outside the global prefix, where RFC 9728
 * puts it), through the HTTP adapter's public `get()`, on Express and Fastify alike, behind the
 * route gate (the endpoint's `Host` and `Origin` checks: {@link SnodoRouteGate}). Warns when the
 * `resource` URL does not name the endpoint's real path. In an app where several servers check
 * tokens, the root URL would be ambiguous: each serves its path-suffixed URL only (which its
 * challenges name).
 * @internal
 */
@Injectable()
export class ProtectedResourceRoutes implements OnModuleInit {
  private readonly logger = new Logger('Snodo');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: ApplicationConfig,
    @Inject(SNODO_ENDPOINT_PATH) private readonly path: string,
    private readonly servers: SnodoServers,
    private readonly gate: SnodoRouteGate,
    @Inject(SNODO_SERVER_ENTRY) private readonly entry: SnodoServerEntry,
    @Optional()
    @Inject(SNODO_AUTHENTICATOR)
    private readonly authenticator?: BearerAuthenticator | null,
  ) {}

  onModuleInit(): void {
    const adapter = this.adapterHost.httpAdapter as unknown as AdapterLike | undefined;
    if (this.authenticator === undefined || this.authenticator === null) return;
    if (adapter === undefined || adapter === null) return;
    const resource = this.authenticator.resource;
    const body = resource.document;
    const alone = this.servers.onlyOneWithAuth(this.entry);
    const paths = resource.metadataPaths.filter((path) => alone || path === resource.metadataPath);
    for (const path of paths) {
      this.gate.addRoute(path, (_req, res) => {
        adapter.setHeader(res, 'Access-Control-Allow-Origin', '*');
        adapter.setHeader(res, 'Cache-Control', 'max-age=3600');
        return adapter.reply(res, body, 200);
      });
    }
    const endpoint = `/${[this.config.getGlobalPrefix(), this.path]
      .map((part) => part.replace(/^\/+|\/+$/g, ''))
      .filter((part) => part !== '')
      .join('/')}`;
    if (endpoint !== resource.resourcePath)
      this.logger.warn(NEST_MESSAGES.RESOURCE_PATH_MISMATCH(resource.resource, endpoint));
  }
}
