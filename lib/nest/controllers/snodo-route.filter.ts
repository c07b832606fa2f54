import {
  Catch,
  HttpException,
  Inject,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { ErrorCode } from '../../core/internal.js';
import type { RouteRefusal, StreamableHttpTransport } from '../../transports/internal.js';
import { httpMessage } from '../enhancers/enhancer-exception.mapper.js';
import { nodeExchange } from '../platform/node-exchange.js';
import { SNODO_HTTP_TRANSPORT } from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';

/** The `WWW-Authenticate` value a 401's response carries (`{ wwwAuthenticate }`), if any. */
function challenge(exception: HttpException): Record<string, string> | undefined {
  const response = exception.getResponse();
  const value =
    typeof response === 'object' && response !== null
      ? (response as { wwwAuthenticate?: unknown }).wwwAuthenticate
      : undefined;
  return typeof value === 'string' ? { 'WWW-Authenticate': value } : undefined;
}

/**
 * How an exception on the endpoint's route is answered: 401 → -31401, 403 → -31403, another 4xx →
 * -32600, each with its status and the exception's message; anything else → 500 and -32603
 * without details.
 * @internal
 */
export function routeRefusal(exception: unknown): RouteRefusal {
  if (!(exception instanceof HttpException) || exception.getStatus() >= 500)
    return { status: 500, code: ErrorCode.InternalError, message: NEST_MESSAGES.ROUTE_FAILED };
  const status = exception.getStatus();
  const code =
    status === 401
      ? ErrorCode.Unauthorized
      : status === 403
        ? ErrorCode.Forbidden
        : ErrorCode.InvalidRequest;
  const headers = status === 401 ? challenge(exception) : undefined;
  return {
    status,
    code,
    message: httpMessage(exception),
    ...(headers === undefined ? {} : { headers }),
  };
}

/**
 * The MCP route's exception filter: whatever stops a request before the transport serves it (an
 * `APP_GUARD` or a controller-level guard that refuses, a Nest exception thrown by middleware
 * or an interceptor) is answered with a JSON-RPC error with the request's id and the right HTTP
 * status, in both eras, instead of Nest's JSON. It is the controller's own filter, so it comes
 * before the app's global ones on this route only.
 * @internal
 */
@Catch()
export class SnodoRouteFilter implements ExceptionFilter {
  private readonly logger = new Logger('Snodo');

  constructor(@Inject(SNODO_HTTP_TRANSPORT) private readonly transport: StreamableHttpTransport) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const refusal = routeRefusal(exception);
    if (refusal.status >= 500) this.logger.error(exception);
    const exchange = nodeExchange(http.getRequest(), http.getResponse());
    this.transport.refuse(exchange.req, exchange.res, refusal, exchange.parsedBody);
  }
}
