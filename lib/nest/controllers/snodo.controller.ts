import { All, Controller, Inject, Req, Res, type Type } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StreamableHttpTransport } from '../../transports/index.js';
import { SNODO_HTTP_TRANSPORT } from '../snodo.constants.js';

/**
 * Builds the MCP controller for an endpoint path. It is a real Nest controller, so the global
 * prefix, global guards and middleware apply; it hands every request on the path to the
 * Streamable HTTP transport, which writes the response itself (405 with a JSON-RPC body for the
 * methods it does not serve).
 * @internal
 */
export function createSnodoController(path: string): Type<unknown> {
  @Controller(path)
  class SnodoController {
    constructor(
      @Inject(SNODO_HTTP_TRANSPORT) private readonly transport: StreamableHttpTransport,
    ) {}

    @All()
    serve(@Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.transport.handle(req, res);
    }
  }
  return SnodoController;
}
