import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Observable } from 'rxjs';
import type { BodyProblem, StreamableHttpTransport } from '../../transports/index.js';
import { SNODO_ENDPOINT_PATH, SNODO_HTTP_TRANSPORT } from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import { endpointMatcher } from './endpoint-matcher.js';
import type { FastifyLikeReply, FastifyLikeRequest } from './node-exchange.js';

type Next = (error?: unknown) => void;

/** What Snodo uses of an HTTP adapter: its type, and its instance. */
interface AdapterLike {
  getType(): string;
  getInstance<T>(): T;
  use(handler: (req: IncomingMessage, res: ServerResponse, next: Next) => void): unknown;
}

/** A Fastify route error handler, as far as Snodo writes one. */
type RouteErrorHandler = (
  this: unknown,
  error: Error & { readonly code?: string },
  request: FastifyLikeRequest,
  reply: FastifyLikeReply,
) => unknown;

/** What Snodo reads and sets of a Fastify route as it is added. */
interface FastifyRouteLike {
  url: string;
  bodyLimit?: number;
  errorHandler?: RouteErrorHandler;
}

/** What Snodo uses of a Fastify instance: one hook. */
interface FastifyLike {
  addHook(name: 'onRoute', hook: (route: FastifyRouteLike) => void): unknown;
}

/** The errors of Fastify's body parsing, by code, as the transport answers them. */
const FASTIFY_BODY_PROBLEMS: Readonly<Record<string, BodyProblem>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'too-large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'aborted',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'media-type',
};

/**
 * Makes the body of every POST to the MCP endpoint reach the Streamable HTTP transport under the
 * transport's own limit, with JSON-RPC answers for a body over it (413) or not JSON (-32700). On
 * Express, the transport reads it in a middleware added as soon as the HTTP adapter exists, before
 * Nest adds its parsers when the app initialises. On Fastify, an `onRoute` hook gives the
 * endpoint's route the transport's limit and an error handler for body errors, and Fastify's parser
 * reads it. Both are the platforms' public extension points; nothing of either is rewired, and no
 * other route or parser of the app is touched.
 * @internal
 */
@Injectable()
export class SnodoBodyReader implements OnModuleInit {
  private readonly logger = new Logger('Snodo');
  private installed = false;
  /** Built on first use (a request, or the route being added), when the prefix and versioning are set. */
  private matches: ((url: string) => boolean) | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: ApplicationConfig,
    @Inject(SNODO_ENDPOINT_PATH) private readonly path: string,
    @Inject(SNODO_HTTP_TRANSPORT) private readonly transport: StreamableHttpTransport,
  ) {
    // The adapter is set before the app initialises (NestFactory.create, or a testing module's
    // createNestApplication), and init$ replays it: in both cases this runs before the parsers.
    // Nest before 11.1.4 has no init$: NestFactory.create has set the adapter by now; a testing
    // module's app gets it later, and onModuleInit installs what it still can.
    const init$ = (adapterHost as { init$?: Observable<void> }).init$;
    if (init$ !== undefined) init$.subscribe(() => this.installOnce());
    else this.installOnce();
  }

  onModuleInit(): void {
    if (this.installed || this.adapterHost.httpAdapter === undefined) return;
    this.logger.warn(NEST_MESSAGES.BODY_READER_LATE);
    this.installOnce();
  }

  private installOnce(): void {
    const adapter = this.adapterHost.httpAdapter as unknown as AdapterLike | undefined;
    if (this.installed || adapter === undefined || adapter === null) return;
    this.installed = true;
    this.install(adapter);
  }

  private install(adapter: AdapterLike): void {
    const type = adapter.getType();
    if (type === 'express') return this.installExpress(adapter);
    if (type === 'fastify') return this.installFastify(adapter.getInstance<FastifyLike>());
    this.logger.warn(NEST_MESSAGES.BODY_READER_UNAVAILABLE(type));
  }

  /** Whether a path is the endpoint's, with the global prefix and versioning set by now. */
  private isEndpoint(url: string): boolean {
    this.matches ??= endpointMatcher(
      this.config.getGlobalPrefix(),
      this.path,
      this.config.getVersioning(),
    );
    return this.matches(url);
  }

  private installExpress(adapter: AdapterLike): void {
    const transport = this.transport;
    const isEndpointPost = (req: IncomingMessage) =>
      req.method === 'POST' &&
      this.isEndpoint((req as { originalUrl?: string }).originalUrl ?? req.url ?? '');
    adapter.use(function snodoBodyReader(req, res, next) {
      if (!isEndpointPost(req)) return next();
      transport.readBodyFirst(req).then((problem) => {
        if (problem === undefined) next();
        else transport.rejectBody(res, problem);
      }, next);
    });
  }

  /**
   * Gives the endpoint's route, as Nest adds it, the transport's body limit in place of Fastify's,
   * and an error handler that answers Fastify's body errors (too large, not JSON, not declared as
   * JSON) with JSON-RPC errors; any other error goes on to the app's handler. The body itself is
   * parsed by Fastify's content-type parser, and the controller hands the value to the transport.
   */
  private installFastify(fastify: FastifyLike): void {
    const transport = this.transport;
    fastify.addHook('onRoute', (route) => {
      if (!this.isEndpoint(route.url)) return;
      route.bodyLimit = transport.bodyLimit;
      const previous = route.errorHandler;
      route.errorHandler = function snodoBodyErrors(error, request, reply) {
        const problem = error.code === undefined ? undefined : FASTIFY_BODY_PROBLEMS[error.code];
        if (problem === undefined) {
          if (previous !== undefined) return previous.call(this, error, request, reply);
          throw error;
        }
        reply.hijack();
        return transport.rejectBody(reply.raw, problem);
      };
    });
  }
}
