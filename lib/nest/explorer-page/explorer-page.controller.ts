import {
  Get,
  Inject,
  Logger,
  NotFoundException,
  Param,
  Req,
  Res,
  UseGuards,
  type OnModuleInit,
  type Type,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { RuntimeSource } from '../../core/internal.js';
import type { SnodoExplorerOptions } from '../interfaces/snodo-module-options.interface.js';
import { SnodoRouteController } from '../platform/route-gate.js';
import { SNODO_REGISTRY } from '../snodo.constants.js';
import { SnodoExplorerAccess, ServesData, explorerCaller } from './explorer-access.guard.js';
import { ExplorerAssets } from './explorer-assets.js';
import { callerCatalog } from './explorer-catalog.js';
import { EXPLORER_MESSAGES } from './explorer.messages.js';
import { CATALOG_ROUTE, MARKDOWN_EXTENSION, explorerPathOf, pageLinks } from './explorer-paths.js';

/** What the routes read of a request, on Express and on Fastify. */
interface PageRequest {
  readonly originalUrl?: string;
  readonly url?: string;
  readonly headers: Record<string, string | string[] | undefined>;
}

/**
 * The page's policy: its own scripts, styles and endpoint only (no CDN, nothing inline), images
 * of results as `data:` URLs, and no framing by other sites.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const COMMON_HEADERS = { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' };

/**
 * One copy of the assets per process, read at the first request for the page: apps that never
 * serve HTTP (an application context for stdio or `snodo catalog`) never read them.
 */
let shared: ExplorerAssets | undefined;
const explorerAssets = (): ExplorerAssets => (shared ??= new ExplorerAssets());

/** A file name for the Markdown catalog of a server. */
const catalogFileName = (name: string): string =>
  `${name.replace(/[^A-Za-z0-9._-]+/g, '-') || 'mcp'}-catalog${MARKDOWN_EXTENSION}`;

const PAGE_HEADERS = {
  ...COMMON_HEADERS,
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'referrer-policy': 'no-referrer',
};

const CATALOG_HEADERS = {
  ...COMMON_HEADERS,
  'cache-control': 'no-store',
  'content-type': 'text/markdown; charset=utf-8',
};

/**
 * Builds the explorer's controller for one endpoint: the page at its path, its assets below
 * `assets/`, and the Markdown catalog beside them. It is a Nest controller, so the global prefix,
 * versioning and global guards apply to all three; then, in this order, the route gate (the
 * endpoint's `Host` and `Origin` checks and refusal), the explorer's `guards`, and the server's
 * access rules ({@link SnodoExplorerAccess}: the bearer token of the catalog with the `auth`
 * option, and the server's `guards`).
 * @param endpointPath the endpoint's route path (`path` of `forRoot()`).
 * @param explorer the explorer's options.
 * @internal
 */
export function createExplorerController(
  endpointPath: string,
  explorer: SnodoExplorerOptions,
): Type<unknown> {
  const ownPath = explorerPathOf(endpointPath, explorer);

  @SnodoRouteController(ownPath)
  class SnodoExplorerController implements OnModuleInit {
    constructor(
      private readonly adapterHost: HttpAdapterHost,
      @Inject(SNODO_REGISTRY) private readonly source: RuntimeSource,
    ) {}

    /** A page left on in production shows the catalog to whoever reaches it: say so at bootstrap. */
    onModuleInit(): void {
      if (process.env.NODE_ENV === 'production')
        new Logger('Snodo').warn(EXPLORER_MESSAGES.ON_IN_PRODUCTION(ownPath));
    }

    @Get()
    page(@Req() req: PageRequest, @Res({ passthrough: true }) res: unknown): string {
      this.setHeaders(res, PAGE_HEADERS);
      const links = pageLinks(req.originalUrl ?? req.url ?? '', ownPath, endpointPath);
      return explorerAssets().page(links);
    }

    @Get(CATALOG_ROUTE)
    @ServesData()
    async catalog(@Req() req: PageRequest, @Res({ passthrough: true }) res: unknown) {
      const markdown = await callerCatalog(this.source, req, explorerCaller(req));
      const name = catalogFileName(this.source.runtime.serverInfo.name);
      this.setHeaders(res, {
        ...CATALOG_HEADERS,
        'content-disposition': `attachment; filename="${name}"`,
      });
      return markdown;
    }

    @Get('assets/:name')
    asset(@Param('name') name: string, @Res({ passthrough: true }) res: unknown): string {
      const asset = explorerAssets().asset(name);
      if (asset === undefined) throw new NotFoundException(EXPLORER_MESSAGES.NO_SUCH_ASSET(name));
      this.setHeaders(res, { ...COMMON_HEADERS, 'content-type': asset.contentType });
      return asset.body;
    }

    private setHeaders(res: unknown, headers: Record<string, string>): void {
      const adapter = this.adapterHost.httpAdapter;
      for (const [name, value] of Object.entries(headers)) adapter.setHeader(res, name, value);
    }
  }

  // After the route gate, which SnodoRouteController puts first.
  UseGuards(...(explorer.guards ?? []), SnodoExplorerAccess)(SnodoExplorerController);
  return SnodoExplorerController;
}
