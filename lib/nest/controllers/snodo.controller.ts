import { All, Controller, Inject, Req, Res, UseFilters, type Type } from '@nestjs/common';
import type { StreamableHttpTransport } from '../../transports/index.js';
import { nodeExchange } from '../platform/node-exchange.js';
import { SNODO_HTTP_TRANSPORT } from '../snodo.constants.js';
import { SnodoRouteFilter } from './snodo-route.filter.js';

/**
 * Builds the MCP controller for an endpoint path. It is a real Nest controller, so the global
 * prefix, versioning, global guards and middleware apply, on Express and on Fastify alike (what
 * they refuse is answered as a JSON-RPC error by {@link SnodoRouteFilter}); it
 * hands every request on the path to the Streamable HTTP transport, which writes the response
 * itself on Node's request and response (405 with a JSON-RPC body for the methods it does not
 * serve).
 * @internal
 */
export function createSnodoController(path: string): Type<unknown> {
  @Controller(path)
  @UseFilters(SnodoRouteFilter)
  class SnodoController {
    constructor(
      @Inject(SNODO_HTTP_TRANSPORT) private readonly transport: StreamableHttpTransport,
    ) {}

    @All()
    serve(@Req() req: unknown, @Res() res: unknown): Promise<void> {
      const exchange = nodeExchange(req, res);
      return this.transport.handle(exchange.req, exchange.res, exchange.parsedBody);
    }
  }
  return SnodoController;
}
