import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Observable } from 'rxjs';
import {
  BODY_TOO_DEEP,
  type BodyProblem,
  type FirstReadReceiver,
  type StreamableHttpTransport,
} from '../../transports/internal.js';
import { SNODO_ENDPOINT_PATH, SNODO_HTTP_TRANSPORT } from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import { endpointMatcher } from './endpoint-matcher.js';
import type { FastifyLikeReply, FastifyLikeRequest } from './node-exchange.js';
import { RouteGateRefusal, SnodoRouteGate } from './route-gate.js';

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

/** A Fastify `preParsing` hook in callback style, as far as Snodo writes one. */
type PreParsingHook = (
  request: FastifyLikeRequest,
  reply: FastifyLikeReply,
  payload: Readable,
  done: (error: unknown, payload?: Readable) => void,
) => void;

/** What Snodo reads and sets of a Fastify route as it is added. */
interface FastifyRouteLike {
  url: string;
  bodyLimit?: number;
  errorHandler?: RouteErrorHandler;
  preParsing?: PreParsingHook | PreParsingHook[];
}

/** What Snodo uses of a Fastify instance: one hook. */
interface FastifyLike {
  addHook(name: 'onRoute', hook: (route: FastifyRouteLike) => void): unknown;
}

/**
 * The errors of Fastify's body parsing, by code, as the transport answers them: Fastify's own,
 * the client going away while the body is read, and the transport's watch stopping the parser.
 */
const FASTIFY_BODY_PROBLEMS: Readonly<Record<string, BodyProblem>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'too-large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'aborted',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'media-type',
  ECONNRESET: 'aborted',
  [BODY_TOO_DEEP]: 'too-deep',
};

/**
 * Makes the body of every POST to the MCP endpoint reach the Streamable HTTP transport under the
 * transport's own limit and nesting depth, with JSON-RPC answers for a body over the limit (413),
 * too deep (-32600) or not JSON (-32700). On Express, the transport reads it in a middleware added
 * as soon as the HTTP adapter exists, before Nest adds its parsers when the app initialises. On
 * Fastify, an `onRoute` hook gives the endpoint's route the transport's limit, a `preParsing` hook
 * in which the transport watches the bytes as Fastify's parser reads them, checking their depth as
 * they stream by and stopping the parser before it makes a value of a body too deep, and an error
 * handler for the body errors. Both are the platforms' public extension points;
 * nothing of either is rewired, and no other route or parser of the app is touched.
 *
 * Both run the route gate ({@link SnodoRouteGate}: `Host` and `Origin`) first, for every request
 * to the endpoint, so that nothing of a request the endpoint refuses is read or parsed.
 * @internal
 */
@Injectable()
export class SnodoBodyReader implements OnModuleInit {
  private readonly logger = new Logger('Snodo');
  private installed = false;
  /** Nest before 11.1.4: its HttpAdapterHost has no init$, and a testing module's app may set its adapter late. */
  private readonly lateAdapterNest: boolean;
  /** Built on first use (a request, or the route being added), when the prefix and versioning are set. */
  private matches: ((url: string) => boolean) | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: ApplicationConfig,
    @Inject(SNODO_ENDPOINT_PATH) private readonly path: string,
    @Inject(SNODO_HTTP_TRANSPORT) private readonly transport: StreamableHttpTransport,
    private readonly gate: SnodoRouteGate,
  ) {
    // The adapter is set before the app initialises (NestFactory.create, or a testing module's
    // createNestApplication), and init$ replays it: in both cases this runs before the parsers.
    // Nest before 11.1.4 has no init$: NestFactory.create has set the adapter by now; a testing
    // module's app gets it later, and onModuleInit installs what it still can.
    const init$ = (adapterHost as { init$?: Observable<void> }).init$;
    this.lateAdapterNest = init$ === undefined;
    if (init$ !== undefined) init$.subscribe(() => this.installOnce());
    else this.installOnce();
  }

  onModuleInit(): void {
    // An application context (bootstrapStdio, snodo catalog) has no HTTP adapter: nothing to install.
    if (this.installed || this.adapterHost.httpAdapter == null) return;
    // Only the Nest versions without init$ get here with an adapter: say what it costs there.
    if (this.lateAdapterNest) this.logger.warn(NEST_MESSAGES.BODY_READER_LATE);
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
    const { transport, gate } = this;
    const isEndpoint = (req: IncomingMessage) =>
      this.isEndpoint((req as { originalUrl?: string }).originalUrl ?? req.url ?? '');
    adapter.use(function snodoBodyReader(req, res, next) {
      if (!isEndpoint(req)) return next();
      const refusal = gate.refusal(req);
      if (refusal !== undefined) return gate.refuse(req, res, refusal);
      if (req.method !== 'POST') return next();
      transport.tapBodyFirst(req, req, new ExpressBodyRead(transport, res, next));
    });
  }

  /**
   * Gives the endpoint's route, as Nest adds it, the transport's body limit in place of Fastify's,
   * a `preParsing` hook that has the transport watch the body ({@link watchBodyHook}), and an
   * error handler that answers the body errors (too large, not JSON, too deep, not declared as
   * JSON) with JSON-RPC errors; any other error goes on to the app's handler. Fastify's
   * content-type parser then parses the body, and the controller hands the value to the transport.
   */
  private installFastify(fastify: FastifyLike): void {
    const { transport, gate } = this;
    const watch = watchBodyHook(transport, gate);
    fastify.addHook('onRoute', (route) => {
      if (!this.isEndpoint(route.url)) return;
      route.bodyLimit = transport.bodyLimit;
      const hooks = route.preParsing;
      route.preParsing = [...(hooks === undefined ? [] : [hooks].flat()), watch];
      const previous = route.errorHandler;
      route.errorHandler = function snodoBodyErrors(error, request, reply) {
        if (error instanceof RouteGateRefusal) return gate.refuse(request, reply, error.refusal);
        const problem = error.code === undefined ? undefined : FASTIFY_BODY_PROBLEMS[error.code];
        if (problem === undefined) {
          if (previous !== undefined) return previous.call(this, error, request, reply);
          throw error;
        }
        reply.hijack();
        return transport.rejectBody(reply.raw, problem, request.raw);
      };
    });
  }
}

/**
 * The endpoint route's `preParsing` hook (Fastify runs the app's own ones first): a request the
 * route gate refuses goes to the route's error handler before anything parses its body; the
 * transport watches the body of a POST as Fastify's parser reads it, and checks its nesting depth
 * on the bytes as they stream by. The parser gets the stream itself: nothing is read ahead of it
 * or copied, and a body too deep stops it before it makes a value (-32600 with the request's id,
 * before the route's guards run, as Fastify's -32700 is).
 */
function watchBodyHook(transport: StreamableHttpTransport, gate: SnodoRouteGate): PreParsingHook {
  return function snodoWatchBody(request, _reply, payload, done) {
    const req = request.raw;
    const refusal = gate.refusal(req);
    if (refusal !== undefined) return done(new RouteGateRefusal(refusal));
    if (req.method === 'POST') transport.watchBodyFirst(req, payload);
    done(null, payload);
  };
}

/**
 * One body the Express middleware reads: what happens once it is read (no closure per request: see
 * `tapBody()`).
 */
class ExpressBodyRead implements FirstReadReceiver {
  constructor(
    private readonly transport: StreamableHttpTransport,
    private readonly res: ServerResponse,
    private readonly next: Next,
  ) {}

  bodyReadFirst(problem: BodyProblem | undefined): void {
    if (problem === undefined) this.next();
    else this.transport.rejectBody(this.res, problem);
  }
}
