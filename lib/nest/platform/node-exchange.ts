import type { IncomingMessage, ServerResponse } from 'node:http';

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
    return { req: request.raw, res: res.raw, parsedBody: request.body };
  }
  return { req: req as IncomingMessage, res: res as ServerResponse };
}
