import {
  Catch,
  Controller,
  ForbiddenException,
  Inject,
  Injectable,
  UseFilters,
  UseGuards,
  applyDecorators,
  type ArgumentsHost,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import {
  HostCheck,
  type RouteRefusal,
  type StreamableHttpTransport,
} from '../../transports/internal.js';
import type { SnodoModuleOptions } from '../interfaces/snodo-module-options.interface.js';
import { SNODO_HTTP_TRANSPORT, SNODO_RESOLVED_OPTIONS } from '../snodo.constants.js';
import { nodeExchange } from './node-exchange.js';

/** A route handler as an HTTP adapter takes it: Express's `(req, res)`, Fastify's `(request, reply)`. */
type AdapterHandler = (req: unknown, res: unknown) => unknown;

/** What the gate uses of an HTTP adapter to add a route. */
interface AdapterLike {
  get(path: string, handler: AdapterHandler): unknown;
}

/** Node's request behind what a platform hands a route: Express's is Node's, Fastify's has `raw`. */
const nodeRequestOf = (request: unknown): IncomingMessage =>
  (request as { raw?: IncomingMessage }).raw ?? (request as IncomingMessage);

/**
 * A request the gate refused: thrown by {@link SnodoRouteGate} and answered by
 * {@link SnodoGateFilter} as the endpoint answers it. A 403 for Nest's own filters as well, should
 * one of them catch it first.
 * @internal
 */
export class RouteGateRefusal extends ForbiddenException {
  constructor(readonly refusal: RouteRefusal) {
    super(refusal.message);
  }
}

/**
 * The gate of every route a server serves besides its endpoint (the explorer's page, assets and
 * Markdown catalog, the OAuth metadata, and any later route): DNS-rebinding protection with the
 * server's own options (`dnsRebindingProtection`, `allowedHosts`, `allowedOrigins`), checked
 * before anything else of the route runs, and refused as the endpoint's transport refuses: 403
 * with a JSON-RPC error (-32600) that says which header is not allowed. The endpoint's requests
 * meet the same check at the transport's door (and, on an `auth` server, before the bearer
 * token is checked).
 *
 * It is a guard of the controllers declared with {@link SnodoRouteController}, and the wrapper of
 * every route the module adds to the HTTP adapter itself ({@link addRoute}).
 * @internal
 */
@Injectable()
export class SnodoRouteGate implements CanActivate {
  private readonly check: HostCheck;

  constructor(
    @Inject(SNODO_RESOLVED_OPTIONS) options: SnodoModuleOptions,
    @Inject(SNODO_HTTP_TRANSPORT) private readonly transport: StreamableHttpTransport,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.check = new HostCheck(options);
  }

  /**
   * How the endpoint would refuse this request for its `Host` or `Origin`, or `undefined` when it
   * may go on.
   * @param request what the platform handed the route (Express's or Fastify's request).
   */
  refusal(request: unknown): RouteRefusal | undefined {
    return this.check.answer(nodeRequestOf(request));
  }

  /** @throws {RouteGateRefusal} when the request's `Host` or `Origin` is not allowed. */
  canActivate(context: ExecutionContext): boolean {
    const refusal = this.refusal(context.switchToHttp().getRequest<unknown>());
    if (refusal !== undefined) throw new RouteGateRefusal(refusal);
    return true;
  }

  /** Answers a refused request with the refusal's JSON-RPC error, on either platform. */
  refuse(req: unknown, res: unknown, refusal: RouteRefusal): void {
    const exchange = nodeExchange(req, res);
    this.transport.refuse(exchange.req, exchange.res, refusal, exchange.parsedBody);
  }

  /**
   * Adds a `GET` route to the app's HTTP adapter (its public `get()`, on Express and Fastify
   * alike), behind the gate: the only way the module adds a route outside its controllers.
   * @param path the route's path, as the adapter takes it (outside the global prefix).
   * @param handler what serves a request the gate lets through.
   */
  addRoute(path: string, handler: AdapterHandler): void {
    const adapter = this.adapterHost.httpAdapter as unknown as AdapterLike;
    adapter.get(path, (req, res) => {
      const refusal = this.refusal(req);
      if (refusal !== undefined) return this.refuse(req, res, refusal);
      return handler(req, res);
    });
  }
}

/**
 * Answers a request {@link SnodoRouteGate} refused on a controller's route with the endpoint's
 * JSON-RPC error; the route's other errors go on to the app's filters.
 * @internal
 */
@Catch(RouteGateRefusal)
export class SnodoGateFilter implements ExceptionFilter {
  constructor(private readonly gate: SnodoRouteGate) {}

  catch(exception: RouteGateRefusal, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.gate.refuse(http.getRequest(), http.getResponse(), exception.refusal);
  }
}

/**
 * Declares a controller of the module: `@Controller(path)` behind {@link SnodoRouteGate}, its
 * first guard (the app's global guards run before it, as on every route). Every controller of
 * the module but the endpoint's (whose transport checks the same at its door) is declared with
 * it, so that a new route cannot skip the check.
 * @param path the controller's path, under the app's global prefix.
 * @internal
 */
export const SnodoRouteController = (path: string): ClassDecorator =>
  applyDecorators(Controller(path), UseGuards(SnodoRouteGate), UseFilters(SnodoGateFilter));
