import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestState, stateOf } from '../../transports/internal.js';

/** A Fastify request, as far as Snodo reads it. @internal */
export interface FastifyLikeRequest {
  readonly raw: IncomingMessage;
  /** What Fastify's content-type parser made of the body. */
  readonly body?: unknown;
}

/** A Fastify reply, as far as Snodo uses it. @internal */
export interface FastifyLikeReply {
  readonly raw: ServerResponse;
  readonly sent: boolean;
  hijack(): unknown;
}

const isFastifyReply = (res: unknown): res is FastifyLikeReply =>
  typeof res === 'object' &&
  res !== null &&
  typeof (res as FastifyLikeReply).hijack === 'function' &&
  'raw' in res;

/** Node's request and response behind what a platform hands a controller, and a parsed body. @internal */
export interface NodeExchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The body the platform's parser made, when the transport did not read it itself. */
  readonly parsedBody?: unknown;
}

interface PlatformRequest {
  /** Fastify: the Node request behind the `FastifyRequest`. */
  readonly raw?: unknown;
  /** Express links the response to the request. */
  readonly res?: unknown;
}

/**
 * The request and response objects the platform handed the controller, from a call's
 * `context.request` (Node's request on Express, the `FastifyRequest` on Fastify):
 * Express's own `req` and `res` (Express extends Node's objects), or Fastify's `FastifyRequest`
 * and `FastifyReply`. What `switchToHttp()` gives guards of MCP components, as on any route.
 * @internal
 */
export function platformPair(raw: unknown): { request: unknown; response: unknown } {
  if (typeof raw !== 'object' || raw === null) return { request: undefined, response: undefined };
  const node = (raw as PlatformRequest).raw;
  // Fastify: the reply was kept in the Node request's state, beside the FastifyRequest.
  const state = typeof node === 'object' && node !== null ? stateOf(node) : undefined;
  return state !== undefined && state.frameworkRequest === raw
    ? { request: raw, response: state.frameworkReply }
    : { request: raw, response: (raw as PlatformRequest).res };
}

/**
 * The Node request and response behind what the platform hands the controller: Express gives them
 * as they are (the transport read the body first); a Fastify reply is taken over with
 * `reply.hijack()` (its public way to let a route write the response itself, streams included),
 * its raw objects are used, and the body its content-type parser made is passed on.
 * @internal
 */
export function nodeExchange(req: unknown, res: unknown): NodeExchange {
  if (isFastifyReply(res)) {
    res.hijack();
    const request = req as FastifyLikeRequest;
    // Handlers get the FastifyRequest as `context.request` (what guards put on it reaches them),
    // and the guards' switchToHttp() its reply: both kept in the Node request's state.
    const state = requestState(request.raw);
    state.frameworkRequest = request;
    state.frameworkReply = res;
    return new NodeRequestResponse(request.raw, res.raw, request.body);
  }
  return new NodeRequestResponse(req as IncomingMessage, res as ServerResponse, undefined);
}

/**
 * A class, not a literal: V8 may allocate a literal that survived once straight into the old
 * generation, from where it would keep every later request and response alive until a full GC.
 */
class NodeRequestResponse implements NodeExchange {
  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly parsedBody: unknown,
  ) {}
}
