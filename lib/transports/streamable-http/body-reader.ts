import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import {
  classifyMessage,
  classifyParsed,
  parseMessage,
  type IdSource,
  type InboundMessage,
  type JsonRpcId,
} from '../../core/internal.js';
import { BodyWatch } from './body-watch.js';
import {
  BodyTap,
  requestState,
  stateOf,
  type BodyReadOutcome,
  type BodyReceiver,
} from './request-state.js';

/**
 * Why a request body cannot be served: over the body limit (413), cut short by the client (400),
 * not valid JSON (-32700, 400), not declared as JSON (415), or nested deeper than
 * `limits.maxJsonDepth` (-32600, 400).
 * @publicApi
 */
export type BodyProblem = 'too-large' | 'aborted' | 'malformed' | 'media-type' | 'too-deep';

/** A request whose body a framework's parser may have turned into a value already. @internal */
export type ParsedRequest = IncomingMessage & { body?: unknown };

/**
 * Reads a request body up to `limit` bytes. A declared or actual length above the limit stops
 * reading at once: the caller answers 413 and closes the connection.
 * @param stream where the bytes come from: the request itself, or what a framework's hook made of
 *   its body (a decompressing stream); the declared length is read from the request either way.
 * @internal
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
  stream: Readable = req,
): Promise<BodyReadOutcome> {
  return new Promise((resolve) => tapBody(req, limit, stream, new Resolver(resolve)));
}

/** Who is told what reading a body first gave: the problem, or `undefined`. @internal */
export interface FirstReadReceiver {
  bodyReadFirst(problem: BodyProblem | undefined): void;
}

/** Keeps what was read on the request (its `RequestState`), then tells the receiver. @internal */
export class FirstRead implements BodyReceiver {
  constructor(
    private readonly req: IncomingMessage,
    private readonly receiver: FirstReadReceiver,
  ) {}

  bodyRead(outcome: BodyReadOutcome): void {
    requestState(this.req).body = outcome;
    this.receiver.bodyReadFirst(outcome.ok ? undefined : outcome.reason);
  }
}

/** A promise's `resolve` as a {@link BodyReceiver}. */
class Resolver implements BodyReceiver {
  constructor(readonly bodyRead: (outcome: BodyReadOutcome) => void) {}
}

/**
 * {@link readBody} without a promise: `receiver.bodyRead()` is called once with the outcome
 * (at once when the declared length is over the limit).
 *
 * Nothing here is a closure: the listeners are functions of the module that find the reading on
 * the stream, and what the caller needs afterwards is on its receiver. A closure made per request
 * and held by the request's listeners can keep, through V8's allocation-site pretenuring, every
 * object its scope reaches alive until a full GC (a Fastify request and reply, on the Fastify
 * path: 1.9 MB promoted per scavenge before, 0.1 MB after).
 * @internal
 */
export function tapBody(
  req: IncomingMessage,
  limit: number,
  stream: Readable,
  receiver: BodyReceiver,
): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit && stream === req) {
    return receiver.bodyRead(TOO_LARGE);
  }
  requestState(stream).tap = new BodyTap(limit, receiver);
  stream.on('data', onTapData);
  stream.on('end', onTapEnd);
  stream.on('error', onTapError);
  stream.on('close', onTapClose);
}

const TOO_LARGE: BodyReadOutcome = Object.freeze({ ok: false, reason: 'too-large' });
const ABORTED: BodyReadOutcome = Object.freeze({ ok: false, reason: 'aborted' });

/** Stops reading `stream` and tells the receiver, once. */
function settle(stream: Readable, outcome: BodyReadOutcome | undefined): void {
  const state = stateOf(stream);
  if (state?.tap === undefined) return;
  const tap = state.tap;
  state.tap = undefined;
  stream.off('data', onTapData);
  stream.off('end', onTapEnd);
  stream.off('error', onTapError);
  stream.off('close', onTapClose);
  tap.receiver.bodyRead(outcome ?? new ReadBody(tap.body()));
}

/**
 * A body read in full. This and the outcomes below are classes, not object literals: they hang on
 * the request, and a literal V8 has pretenured (allocated old from then on) would keep what it
 * points at, the body and its value, alive until a full GC (see docs/benchmarks.md).
 */
class ReadBody {
  readonly ok = true;
  constructor(readonly body: Buffer) {}
}

/**
 * The value a framework's parser made of a body; `depthChecked` when its bytes had their depth
 * checked before the parser had them, else the value's depth is still to check; `source`, the
 * watch that kept its bytes, where an id too large for a number is read back from. @internal
 */
export class ParsedBody {
  readonly ok = true;
  constructor(
    readonly parsed: unknown,
    readonly depthChecked = false,
    readonly source: IdSource | undefined = undefined,
  ) {}
}

function onTapData(this: Readable, chunk: Buffer | string): void {
  const tap = stateOf(this)!.tap!;
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
  tap.size += bytes.length;
  if (tap.size > tap.limit) {
    this.pause();
    return settle(this, TOO_LARGE);
  }
  if (tap.first === undefined) tap.first = bytes;
  else (tap.rest ??= []).push(bytes);
}

function onTapEnd(this: Readable): void {
  settle(this, undefined);
}

function onTapError(this: Readable): void {
  settle(this, ABORTED);
}

function onTapClose(this: Readable): void {
  if (!(this as Partial<IncomingMessage>).complete) settle(this, ABORTED);
}

/**
 * What the transport serves of the value a framework's parser made of a body, given what it read
 * or watched of that body first: the value, checked for depth unless the watch already did; the
 * bytes of a body the watch found too deep, to be refused; or the bytes the transport read itself,
 * which any parser had after it.
 * @internal
 */
export function parsersValue(read: BodyReadOutcome | undefined, parsed: unknown): BodyReadOutcome {
  if (read === undefined) return new ParsedBody(parsed);
  if (!(read instanceof BodyWatch)) return read;
  return read.tooDeep ? read : new ParsedBody(parsed, read.depthChecked, read);
}

/** The message in a body that could be read: parsed from its bytes, or classified as parsed. @internal */
export function messageOf(
  outcome: Extract<BodyReadOutcome, { ok: true }>,
  maxDepth: number,
): InboundMessage {
  if (!('parsed' in outcome)) return parseMessage(outcome.body.toString('utf8'), maxDepth);
  return outcome.depthChecked === true
    ? classifyMessage(outcome.parsed, outcome.source)
    : classifyParsed(outcome.parsed, maxDepth, outcome.source);
}

/**
 * The id a message's answer carries: a request's, or the one an invalid message still let read
 * (a refusal keeps it); none for notifications, responses and batches.
 * @internal
 */
export function answerIdOf(inbound: InboundMessage | undefined): JsonRpcId | undefined {
  if (inbound?.kind === 'request') return inbound.message.id;
  return inbound?.kind === 'invalid' ? inbound.id : undefined;
}
