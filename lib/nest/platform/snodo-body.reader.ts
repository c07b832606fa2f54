import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StreamableHttpTransport } from '../transports/index.js';
import { SNODO_ENDPOINT_PATH, SNODO_HTTP_TRANSPORT } from './snodo.constants.js';
import { NEST_MESSAGES } from './snodo.messages.js';

type Next = (error?: unknown) => void;
interface ExpressLike {
  use(
    handler: (req: IncomingMessage & { path?: string }, res: ServerResponse, next: Next) => void,
  ): unknown;
  router?: { stack?: unknown[] };
}

/** Joins the global prefix and the endpoint path into `/a/b`, lower-cased (Express routes ignore case). @internal */
export function endpointPath(prefix: string, path: string): string {
  const parts = [prefix, path].flatMap((part) => part.split('/')).filter((part) => part.length > 0);
  return `/${parts.join('/')}`.toLowerCase();
}

/**
 * Puts the transport's own body reader in front of the platform's body parsers for POSTs to the
 * MCP endpoint, so that the size limit (413) and malformed JSON (-32700) get JSON-RPC answers
 * instead of the platform's error pages. Express only; other platforms keep their parser.
 * @internal
 */
@Injectable()
export class SnodoBodyReader implements OnApplicationBootstrap {
  private readonly logger = new Logger('Snodo');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: ApplicationConfig,
    @Inject(SNODO_ENDPOINT_PATH) private readonly path: string,
    @Inject(SNODO_HTTP_TRANSPORT) private readonly transport: StreamableHttpTransport,
  ) {}

  onApplicationBootstrap(): void {
    const adapter = this.adapterHost.httpAdapter;
    if (adapter === undefined || adapter === null) return;
    if (adapter.getType() !== 'express') {
      this.logger.warn(NEST_MESSAGES.BODY_READER_UNAVAILABLE(adapter.getType()));
      return;
    }
    const app = adapter.getInstance<ExpressLike>();
    const endpoint = endpointPath(this.config.getGlobalPrefix(), this.path);
    const transport = this.transport;
    app.use(function snodoBodyReader(req, res, next) {
      const path = (req.path ?? '').toLowerCase().replace(/\/+$/, '');
      if (req.method !== 'POST' || path !== endpoint) {
        next();
        return;
      }
      transport.preRead(req, res).then((proceed) => proceed && next(), next);
    });
    // app.use() appends; the reader must run before the body parsers registered at init.
    const stack = app.router?.stack;
    if (Array.isArray(stack) && stack.length > 1) stack.unshift(stack.pop());
  }
}
