import type { Readable } from 'node:stream';
import type { AuthInfo, IdSource, JsonRpcId } from '../../core/internal.js';

/**
 * What reading a request body gave: its bytes, the value a framework's parser already made of it,
 * or why it could not be read.
 * @internal
 */
export type BodyReadOutcome =
  | {
      readonly ok: true;
      /** The bytes: read in full, or watched as a framework's parser read them (body-watch.ts). */
      readonly body: Buffer;
    }
  | {
      readonly ok: true;
      readonly parsed: unknown;
      /** The bytes it was parsed from were checked for depth before the parser had them. */
      readonly depthChecked?: boolean;
      /** Where the text it was parsed from can be read back, when it was kept. */
      readonly source?: IdSource;
    }
  | { readonly ok: false; readonly reason: 'too-large' | 'aborted' };

/** Who is told, once, what reading a body gave. @internal */
export interface BodyReceiver {
  bodyRead(outcome: BodyReadOutcome): void;
}

/**
 * A body the transport is reading (`tapBody()`, body-reader.ts): its chunks so far (most bodies
 * come in one). The stream's listeners are functions of the module, not closures made per
 * request: they find it in the stream's {@link RequestState}.
 * @internal
 */
export class BodyTap {
  first: Buffer | undefined;
  rest: Buffer[] | undefined;
  size = 0;

  constructor(
    readonly limit: number,
    readonly receiver: BodyReceiver,
  ) {}

  body(): Buffer {
    if (this.rest === undefined) return this.first ?? Buffer.alloc(0);
    return Buffer.concat([this.first!, ...this.rest], this.size);
  }
}

/**
 * A body watched as a framework's parser reads it (`watchBody()`, body-watch.ts), as the
 * stream's listeners (functions of the module) find it in the stream's {@link RequestState}.
 * @internal
 */
export interface BodyWatching {
  /** One chunk came by. */
  take(stream: Readable, chunk: Buffer | string): void;
  /** The stream ended, or closed before it did. */
  ended(stream: Readable, how: 'end' | 'close'): void;
}

/**
 * Everything Snodo keeps on a Node request it serves, in one object under one property (and on
 * the stream a body is read from, usually the request itself): the body being read, the body read
 * or watched before the transport's handling began, the POST's JSON-RPC id, the verified caller,
 * and the framework's own request and reply where a framework wraps Node's. One property, not one
 * per item: Express sets each request's prototype to its own (`app.handle`), and V8 does not
 * reuse the hidden classes of properties added after that, so every property added to an Express
 * request builds new ones, per request (about 2 µs each here; see docs/benchmarks.md). A `WeakMap`
 * instead would keep per-request entries in a long-lived table (see running-posts.ts). (A response
 * whose connection is watched keeps its watcher on the response: post-exchange.ts.)
 * @internal
 */
export class RequestState {
  /** The body being read from this stream, until it is read. */
  tap: BodyTap | undefined = undefined;
  /** The body watched on this stream as a framework's parser reads it, until it is read. */
  watch: BodyWatching | undefined = undefined;
  /**
   * The body read or watched before the transport was handed the request, or what it served of
   * the value a framework's parser made of it.
   */
  body: BodyReadOutcome | undefined = undefined;
  /** The JSON-RPC id of the POST being served, for answers given outside its handling. */
  id: JsonRpcId | undefined = undefined;
  /**
   * The caller the layer that verified the request's bearer token found (Snodo's auth guard, or an
   * app's own front to the transport): handlers get it as `context.auth`, and sessions and request
   * states are bound to it.
   */
  auth: AuthInfo | undefined = undefined;
  /**
   * The framework's own request object, where a framework wraps Node's (Nest on Fastify: the
   * `FastifyRequest`): handlers get it as `context.request`, so that what the framework's guards
   * put on it (`request.user`) reaches them.
   */
  frameworkRequest: unknown = undefined;
  /** The framework's reply that goes with {@link frameworkRequest}, for guards that read both. */
  frameworkReply: unknown = undefined;
}

/** Where a {@link RequestState} is kept (a registered symbol: one slot for every copy of Snodo). */
const STATE = Symbol.for('snodo.requestState');

type Carrier = object & { [STATE]?: RequestState };

/** The state kept on a request or stream, made on first use. @internal */
export function requestState(carrier: object): RequestState {
  return ((carrier as Carrier)[STATE] ??= new RequestState());
}

/** The state kept on a request or stream, if it has one. @internal */
export function stateOf(carrier: object): RequestState | undefined {
  return (carrier as Carrier)[STATE];
}
