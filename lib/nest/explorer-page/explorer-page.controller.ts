import {
  Controller,
  Get,
  HttpException,
  Inject,
  NotFoundException,
  Optional,
  Param,
  Req,
  Res,
  UseGuards,
  type Type,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { isAuthRefusal, type BearerAuthenticator } from '../../auth/index.js';
import type { AuthInfo, RuntimeSource } from '../../core/index.js';
import type { SnodoExplorerOptions } from '../interfaces/snodo-module-options.interface.js';
import { SNODO_AUTHENTICATOR, SNODO_REGISTRY } from '../snodo.constants.js';
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
 * With the `auth` option: the caller of the request's bearer token, or a 401 (503 when the
 * issuer cannot be reached) with the challenge the endpoint sends too.
 */
async function callerOf(
  authenticator: BearerAuthenticator | null | undefined,
  req: PageRequest,
  setHeader: (name: string, value: string) => void,
): Promise<AuthInfo | undefined> {
  if (authenticator === undefined || authenticator === null) return undefined;
  const header = req.headers.authorization;
  const outcome = await authenticator.authenticate(Array.isArray(header) ? header[0] : header);
  if (!isAuthRefusal(outcome)) return outcome;
  if (outcome.status === 401) setHeader('www-authenticate', outcome.wwwAuthenticate);
  throw new HttpException(outcome.message, outcome.status);
}

/**
 * Builds the explorer's controller for one endpoint: the page at its path, its assets below
 * `assets/`, and the Markdown catalog beside them. It is a plain Nest controller, so the global
 * prefix, versioning, global guards and the `guards` option apply to all three. With the `auth`
 * option the catalog needs the caller's bearer token, as the endpoint does.
 * @param endpointPath the endpoint's route path (`path` of `forRoot()`).
 * @param explorer the explorer's options.
 * @internal
 */
export function createExplorerController(
  endpointPath: string,
  explorer: SnodoExplorerOptions,
): Type<unknown> {
  const ownPath = explorerPathOf(endpointPath, explorer);

  @Controller(ownPath)
  class SnodoExplorerController {
    constructor(
      private readonly adapterHost: HttpAdapterHost,
      @Inject(SNODO_REGISTRY) private readonly source: RuntimeSource,
      @Optional()
      @Inject(SNODO_AUTHENTICATOR)
      private readonly authenticator?: BearerAuthenticator | null,
    ) {}

    @Get()
    page(@Req() req: PageRequest, @Res({ passthrough: true }) res: unknown): string {
      this.setHeaders(res, PAGE_HEADERS);
      const links = pageLinks(req.originalUrl ?? req.url ?? '', ownPath, endpointPath);
      return explorerAssets().page(links);
    }

    @Get(CATALOG_ROUTE)
    async catalog(@Req() req: PageRequest, @Res({ passthrough: true }) res: unknown) {
      const auth = await callerOf(this.authenticator, req, (name, value) =>
        this.setHeaders(res, { [name]: value }),
      );
      const markdown = await callerCatalog(this.source, req, auth);
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

  const guards = explorer.guards ?? [];
  if (guards.length > 0) UseGuards(...guards)(SnodoExplorerController);
  return SnodoExplorerController;
}
