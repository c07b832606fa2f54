import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Observable } from 'rxjs';
import type {
  BodyProblem,
  FirstReadReceiver,
  StreamableHttpTransport,
} from '../../transports/index.js';
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

/** The errors of Fastify's body parsing, by code, as the transport answers them. */
const FASTIFY_BODY_PROBLEMS: Readonly<Record<string, BodyProblem>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'too-large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'aborted',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'media-type',
};

/**
 * A payload for Fastify's parser in place of the body: `bytes` (the body itself), or `null` for a
 * body the transport keeps for itself. `receivedEncodedLength` is how Fastify's documented
 * preParsing contract matches a replaced payload against `Content-Length`.
 */
function payloadOf(bytes: Buffer | undefined, received: number): Readable {
  // A plain stream with one chunk: cheaper per request than Readable.from().
  const payload = new Readable({ read: () => undefined }) as Readable & {
    receivedEncodedLength: number;
  };
  payload.push(bytes ?? STAND_IN);
  payload.push(null);
  payload.receivedEncodedLength = received;
  return payload;
}

const STAND_IN = Buffer.from('null');

/**
 * Makes the body of every POST to the MCP endpoint reach the Streamable HTTP transport under the
 * transport's own limit and nesting depth, with JSON-RPC answers for a body over the limit (413),
 * too deep (-32600) or not JSON (-32700). On Express, the transport reads it in a middleware added
 * as soon as the HTTP adapter exists, before Nest adds its parsers when the app initialises. On
 * Fastify, an `onRoute` hook gives the endpoint's route the transport's limit, a `preParsing` hook
 * in which the transport reads the bytes and checks their depth before any parser runs, and an
 * error handler for Fastify's body errors. Both are the platforms' public extension points;
 * nothing of either is rewired, and no other route or parser of the app is touched.
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
      transport.tapBodyFirst(req, req, new ExpressBodyRead(transport, res, next));
    });
  }

  /**
   * Gives the endpoint's route, as Nest adds it, the transport's body limit in place of Fastify's,
   * a `preParsing` hook that reads the body first ({@link readFirstHook}), and an error handler
   * that answers Fastify's body errors (not JSON, not declared as JSON) with JSON-RPC errors; any
   * other error goes on to the app's handler. A body within the depth limit is then parsed by
   * Fastify's content-type parser, and the controller hands the value to the transport.
   */
  private installFastify(fastify: FastifyLike): void {
    const transport = this.transport;
    const readFirst = readFirstHook(transport);
    fastify.addHook('onRoute', (route) => {
      if (!this.isEndpoint(route.url)) return;
      route.bodyLimit = transport.bodyLimit;
      const hooks = route.preParsing;
      route.preParsing = [...(hooks === undefined ? [] : [hooks].flat()), readFirst];
      const previous = route.errorHandler;
      route.errorHandler = function snodoBodyErrors(error, request, reply) {
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
 * The endpoint route's `preParsing` hook (Fastify runs the app's own ones first): the transport
 * reads the body of a POST under its limit (413 at once beyond it) and checks its nesting depth
 * on the bytes, before anything is parsed. Fastify's parser then gets the same bytes, or, for a body
 * too deep, a stand-in (`null`) while the transport keeps the bytes and refuses them (-32600 with
 * the request's id, once the route's guards have run, as on Express).
 */
function readFirstHook(transport: StreamableHttpTransport): PreParsingHook {
  // Callback style and no closure per request: what the reading needs afterwards is on a
  // FastifyBodyRead (see tapBody() on why closures held by a request's listeners cost more).
  return function snodoReadBodyFirst(request, reply, payload, done) {
    const req = request.raw;
    if (req.method !== 'POST') return done(null, payload);
    transport.tapBodyFirst(
      req,
      payload,
      new FastifyBodyRead(transport, request, reply, payload, done),
    );
  };
}

/** One body the Express middleware reads: what happens once it is read (no closure, as on Fastify). */
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

/** One body the `preParsing` hook reads: what happens once it is read. */
class FastifyBodyRead implements FirstReadReceiver {
  constructor(
    private readonly transport: StreamableHttpTransport,
    private readonly request: FastifyLikeRequest,
    private readonly reply: FastifyLikeReply,
    private readonly payload: Readable,
    private readonly done: (error: unknown, payload?: Readable) => void,
  ) {}

  bodyReadFirst(problem: BodyProblem | undefined): void {
    if (problem !== undefined) {
      this.reply.hijack();
      this.transport.rejectBody(this.reply.raw, problem);
      return this.done(null);
    }
    // What Fastify compares with Content-Length: the bytes a hook before this one counted, or the
    // declared length, which Node's parser held the body to.
    const req = this.request.raw;
    const counted = (this.payload as { receivedEncodedLength?: number }).receivedEncodedLength;
    const declared = Number(req.headers['content-length']);
    const received = counted ?? (Number.isNaN(declared) ? 0 : declared);
    this.done(null, payloadOf(this.transport.bodyForParser(req), received));
  }
}
