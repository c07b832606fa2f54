import type { Readable } from 'node:stream';
import { countOpens, DepthScan, MESSAGES } from '../../core/internal.js';
import { requestState, stateOf, type BodyWatching } from './request-state.js';

/**
 * What the transport is told once a body it refused as too deep was read to its end: its bytes
 * (the answer carries the id they hold), or why they could not all be read.
 * @internal
 */
export interface WatchedBodyReceiver {
  watchedBodyRead(outcome: BodyWatchEnd): void;
}

/** How reading a body refused as too deep ended. @internal */
export type BodyWatchEnd = 'read' | 'too-large' | 'aborted';

/**
 * The `code` of the error the transport's body watch emits on the stream when the bytes nest too
 * deep, so that the parser reading the same stream stops. A code, not a class to test with
 * `instanceof`: the package ships as CommonJS and ESM, and an app may hold both. An app's own
 * error handler or `onError` hook on the endpoint's route sees it.
 * @publicApi
 */
export const BODY_TOO_DEEP = 'SNODO_BODY_TOO_DEEP';

/** The error a {@link BodyWatch} stops a parser with; Fastify answers any error of a body with 400. */
class BodyTooDeepError extends Error {
  readonly code = BODY_TOO_DEEP;
  readonly statusCode = 400;
}

/** A chunk of a stream: bytes, or text once the stream's encoding is set. */
type Chunk = Buffer | string;

/**
 * A body a framework's parser reads, watched as it streams by: every chunk is kept (it is the same
 * buffer, or string, the parser keeps, not a copy) and its nesting depth is checked on the chunks
 * as they arrive, so that the parser gets the original stream and no byte waits for the check.
 * Most bodies hold fewer brackets than the depth limit and are only counted with the native
 * `indexOf`; the others are scanned chunk by chunk, with the core's one depth scan (`DepthScan`).
 * A parser that sets the stream's encoding (Fastify's JSON parser does) gets text chunks; they
 * are counted, scanned and kept as text, and made bytes only for {@link body}.
 *
 * Bytes that nest too deep stop the parser: the watch emits an error on the stream (Fastify's
 * parser listens for errors and hands it to the route's error handler), so that no value is ever
 * made of them; it then reads the rest itself, within the body limit, so that the refusal still
 * carries the id the body holds ({@link whenRead}). As a body read outcome it is `{ ok, body }`:
 * the bytes, for an answer that needs them (the id of a body the parser refused).
 *
 * Like the body tap, its listeners are functions of the module that find the watch on the stream:
 * nothing is a closure made per request.
 * @internal
 */
export class BodyWatch implements BodyWatching {
  readonly ok = true;
  /** The bytes nest deeper than the limit: refused, whatever a parser made of them. */
  tooDeep = false;
  /** More bytes came than the body limit: none are kept, and the platform refuses them (413). */
  overLimit = false;
  private first: Chunk | undefined;
  private rest: Chunk[] | undefined;
  private size = 0;
  private opens = 0;
  private scan: DepthScan | undefined;
  /** How reading a body refused as too deep ended, once it has. */
  private outcome: BodyWatchEnd | undefined;
  private receiver: WatchedBodyReceiver | undefined;

  constructor(
    private readonly limit: number,
    private readonly maxDepth: number,
  ) {}

  /** The bytes watched so far, in one buffer. */
  get body(): Buffer {
    if (this.rest === undefined)
      return this.first === undefined ? Buffer.alloc(0) : bytesOf(this.first);
    return Buffer.concat([this.first!, ...this.rest].map(bytesOf), this.size);
  }

  /** The bytes watched so far, as text (read back only for an id too large for a number). */
  text(): string {
    return this.body.toString('utf8');
  }

  /** Whether a parser's value of these bytes needs no other depth check. */
  get depthChecked(): boolean {
    return !this.tooDeep && !this.overLimit;
  }

  /**
   * Tells `receiver` how reading a body refused as too deep ended: at once when it has, else
   * once it does.
   */
  whenRead(receiver: WatchedBodyReceiver): void {
    if (this.outcome !== undefined) receiver.watchedBodyRead(this.outcome);
    else this.receiver = receiver;
  }

  /** One chunk came by. */
  take(stream: Readable, chunk: Chunk): void {
    this.size += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (this.size > this.limit) {
      this.overLimit = true;
      this.first = this.rest = undefined;
      return this.settle(stream, 'too-large');
    }
    if (this.first === undefined) this.first = chunk;
    else (this.rest ??= []).push(chunk);
    if (this.tooDeep) return; // Read on for the id only.
    if (this.deeperWith(chunk)) this.refuse(stream);
  }

  /** Whether the chunks so far, `chunk` the latest of them, nest deeper than the limit. */
  private deeperWith(chunk: Chunk): boolean {
    const max = this.maxDepth;
    if (this.scan !== undefined) return this.scan.feed(chunk);
    this.opens += countOpens(chunk, max - this.opens);
    if (this.opens <= max) return false;
    // Past the count's shortcut: scan everything kept so far, then each chunk as it comes.
    const scan = (this.scan = new DepthScan(max));
    if (scan.feed(this.first!)) return true;
    for (const kept of this.rest ?? []) if (scan.feed(kept)) return true;
    return false;
  }

  /** The bytes nest too deep: stop the parser, and read the rest for the id. */
  private refuse(stream: Readable): void {
    this.tooDeep = true;
    this.scan = undefined;
    stream.on('end', onWatchEnd);
    stream.on('close', onWatchClose);
    // An 'error' emitted without a listener would throw: only a parser that listens is stopped.
    if (stream.listenerCount('error') > 0) {
      stream.emit('error', new BodyTooDeepError(MESSAGES.TOO_DEEP(this.maxDepth)));
    }
  }

  /** The stream ended, or closed before it did (listened to once the body is refused). */
  ended(stream: Readable, how: 'end' | 'close'): void {
    this.settle(stream, how === 'end' ? 'read' : 'aborted');
  }

  /** Stops watching `stream`; for a body refused as too deep, says how its reading ended. */
  settle(stream: Readable, outcome: BodyWatchEnd): void {
    const state = stateOf(stream);
    if (state?.watch === this) state.watch = undefined;
    stream.off('data', onWatchData);
    stream.off('end', onWatchEnd);
    stream.off('close', onWatchClose);
    if (!this.tooDeep) return;
    this.outcome = outcome;
    this.receiver?.watchedBodyRead(outcome);
  }
}

/**
 * Watches the body `stream` carries as a parser reads it (see {@link BodyWatch}). The stream is
 * paused first, so that no chunk flows before the parser listens; the parser resumes it.
 * @internal
 */
export function watchBody(stream: Readable, limit: number, maxDepth: number): BodyWatch {
  const watch = new BodyWatch(limit, maxDepth);
  stream.pause();
  requestState(stream).watch = watch;
  stream.on('data', onWatchData);
  return watch;
}

function onWatchData(this: Readable, chunk: Chunk): void {
  stateOf(this)?.watch?.take(this, chunk);
}

/** A chunk's bytes: itself, or the UTF-8 of its text. */
const bytesOf = (chunk: Chunk): Buffer => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk);

function onWatchEnd(this: Readable): void {
  stateOf(this)?.watch?.ended(this, 'end');
}

function onWatchClose(this: Readable): void {
  stateOf(this)?.watch?.ended(this, 'close');
}
