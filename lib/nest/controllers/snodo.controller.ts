import { All, Controller, Inject, Optional, Req, Res, UseFilters, type Type } from '@nestjs/common';
import { isAuthRefusal, type BearerAuthenticator } from '../../auth/index.js';
import { ErrorCode } from '../../core/internal.js';
import { requestState, type StreamableHttpTransport } from '../../transports/internal.js';
import { nodeExchange, type NodeExchange } from '../platform/node-exchange.js';
import { SnodoRouteGate } from '../platform/route-gate.js';
import { SNODO_AUTHENTICATOR, SNODO_HTTP_TRANSPORT } from '../snodo.constants.js';
import { SnodoRouteFilter } from './snodo-route.filter.js';

/**
 * Builds the MCP controller for an endpoint path. It is a real Nest controller, so the global
 * prefix, versioning, global guards and middleware apply, on Express and on Fastify alike (what
 * they refuse is answered as a JSON-RPC error by {@link SnodoRouteFilter}); it hands every request
 * on the path to the Streamable HTTP transport, which writes the response itself on Node's request
 * and response (405 with a JSON-RPC body for the methods it does not serve). The transport checks
 * `Host` and `Origin` first (the check {@link SnodoRouteGate} makes on the module's other
 * routes); with the `auth` option, the controller makes that check before the bearer token's.
 * @internal
 */
export function createSnodoController(path: string): Type<unknown> {
  @Controller(path)
  @UseFilters(SnodoRouteFilter)
  class SnodoController {
    constructor(
      @Inject(SNODO_HTTP_TRANSPORT) private readonly transport: StreamableHttpTransport,
      private readonly gate: SnodoRouteGate,
      @Optional()
      @Inject(SNODO_AUTHENTICATOR)
      private readonly authenticator?: BearerAuthenticator | null,
    ) {}

    @All()
    serve(@Req() req: unknown, @Res() res: unknown): Promise<void> {
      const exchange = nodeExchange(req, res);
      if (this.authenticator !== undefined && this.authenticator !== null)
        return this.serveAuthenticated(req, exchange, this.authenticator);
      return this.transport.handle(exchange.req, exchange.res, exchange.parsedBody);
    }

    /**
     * Checks the bearer token, once `Host` and `Origin` pass (no token is checked for a request
     * the endpoint refuses anyway): a refusal is answered here (401, or 503 when the issuer cannot
     * be reached); the caller goes on the request for the transport (`context.auth`, sessions
     * bound to it) and on `request.user` for guards, as passport puts it.
     */
    private async serveAuthenticated(
      req: unknown,
      exchange: NodeExchange,
      authenticator: BearerAuthenticator,
    ): Promise<void> {
      const refused = this.gate.refusal(exchange.req);
      if (refused !== undefined)
        return this.transport.refuse(exchange.req, exchange.res, refused, exchange.parsedBody);
      const outcome = await authenticator.authenticate(exchange.req.headers.authorization);
      if (isAuthRefusal(outcome)) {
        const unavailable = outcome.status === 503;
        return this.transport.refuse(
          exchange.req,
          exchange.res,
          {
            status: outcome.status,
            code: unavailable ? ErrorCode.InternalError : ErrorCode.Unauthorized,
            message: outcome.message,
            headers: unavailable
              ? { 'Retry-After': '5' }
              : { 'WWW-Authenticate': outcome.wwwAuthenticate },
          },
          exchange.parsedBody,
        );
      }
      requestState(exchange.req).auth = outcome;
      (req as { user?: unknown }).user = outcome;
      return this.transport.handle(exchange.req, exchange.res, exchange.parsedBody);
    }
  }
  return SnodoController;
}
