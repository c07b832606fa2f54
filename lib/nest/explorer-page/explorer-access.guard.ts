import {
  HttpException,
  Inject,
  Injectable,
  Optional,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import { isObservable, lastValueFrom } from 'rxjs';
import { isAuthRefusal, type BearerAuthenticator } from '../../auth/index.js';
import type { AuthInfo } from '../../core/internal.js';
import { SnodoServerEnhancers } from '../servers/server-enhancers.js';
import { SNODO_AUTHENTICATOR } from '../snodo.constants.js';

/** Metadata key: a route of the explorer that serves the server's data (the Markdown catalog). */
const SERVES_DATA = 'snodo:explorer_serves_data';

/**
 * Marks a route of the explorer that serves the server's data: on an `auth` server it needs the
 * caller's bearer token, and the server's guards see that caller.
 * @internal
 */
export const ServesData = (): MethodDecorator => SetMetadata(SERVES_DATA, true);

/** Where the verified caller of a data route is kept on the request, for its handler. */
const CALLER = Symbol('snodo.explorerCaller');

/** What the guard reads and sets of a request, on Express and on Fastify. */
interface AccessRequest {
  readonly headers: Record<string, string | string[] | undefined>;
  user?: unknown;
  [CALLER]?: AuthInfo;
}

/**
 * The caller {@link SnodoExplorerAccess} verified for a data route, when the server checks bearer
 * tokens.
 * @internal
 */
export const explorerCaller = (request: unknown): AuthInfo | undefined =>
  (request as AccessRequest)[CALLER];

/**
 * The server's own access rules on the explorer's routes, after the route gate and the
 * explorer's `guards`: with the `auth` option, a data route (the Markdown catalog) needs a valid
 * bearer token (401 with the endpoint's challenge, 503 when the issuer cannot be reached), whose
 * caller goes on `request.user` as on the endpoint; then the server's `guards` (those of every
 * component) run in this HTTP context, on every route of a server without `auth`, and on the data
 * routes of one with it (its page and assets are the same files for everyone, and a browser
 * cannot send the token when it opens them).
 * @internal
 */
@Injectable()
export class SnodoExplorerAccess implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly adapterHost: HttpAdapterHost,
    private readonly server: SnodoServerEnhancers,
    @Optional()
    @Inject(SNODO_AUTHENTICATOR)
    private readonly authenticator?: BearerAuthenticator | null,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const authenticator = this.authenticator;
    if (authenticator !== undefined && authenticator !== null) {
      if (this.reflector.get<boolean>(SERVES_DATA, context.getHandler()) !== true) return true;
      const http = context.switchToHttp();
      await this.authenticate(authenticator, http.getRequest(), http.getResponse());
    }
    return this.serverGuardsAllow(context);
  }

  /** Puts the verified caller on the request, or refuses it as the endpoint does. */
  private async authenticate(
    authenticator: BearerAuthenticator,
    request: AccessRequest,
    response: unknown,
  ): Promise<void> {
    const header = request.headers.authorization;
    const outcome = await authenticator.authenticate(Array.isArray(header) ? header[0] : header);
    if (isAuthRefusal(outcome)) {
      if (outcome.status === 401)
        this.adapterHost.httpAdapter.setHeader(
          response,
          'www-authenticate',
          outcome.wwwAuthenticate,
        );
      throw new HttpException(outcome.message, outcome.status);
    }
    request[CALLER] = outcome;
    request.user = outcome;
  }

  /** Whether every guard of the server lets the request through (the first refusal stops). */
  private async serverGuardsAllow(context: ExecutionContext): Promise<boolean> {
    if (!this.server.hasGuards) return true;
    const guards = this.server.guards;
    if (guards === undefined) return false;
    for (const guard of guards) {
      const result = guard.canActivate(context);
      const allowed = isObservable(result) ? await lastValueFrom(result) : await result;
      if (!allowed) return false;
    }
    return true;
  }
}
