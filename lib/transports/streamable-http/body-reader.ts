import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import {
  classifyMessage,
  classifyParsed,
  parseMessage,
  type InboundMessage,
  type JsonRpcId,
} from '../../core/index.js';

/**
 * Why a request body cannot be served: over the body limit (413), cut short by the client (400),
 * not valid JSON (-32700, 400), or not declared as JSON (415).
 * @publicApi
 */
export type BodyProblem = 'too-large' | 'aborted' | 'malformed' | 'media-type';

/**
 * What reading a request body gave: its bytes, the value a framework's parser already made of it,
 * or why it could not be read.
 * @internal
 */
export type BodyReadOutcome =
  | {
      readonly ok: true;
      readonly body: Buffer;
      /** The bytes went on to a framework's parser, whose value the transport is then handed. */
      readonly forParser?: true;
    }
  | {
      readonly ok: true;
      readonly parsed: unknown;
      /** The bytes it was parsed from were checked for depth before the parser had them. */
      readonly depthChecked?: true;
    }
  | { readonly ok: false; readonly reason: 'too-large' | 'aborted' };

/**
 * Where the body read before the transport was handed the request is kept on it.
 * @internal
 */
export const PRE_READ_BODY = Symbol.for('snodo.preReadBody');

/** A request that may carry a body read in advance, or one a framework parser already parsed. @internal */
export type PreReadRequest = IncomingMessage & {
  [PRE_READ_BODY]?: BodyReadOutcome;
  body?: unknown;
};

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
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit && stream === req) {
    return Promise.resolve({ ok: false, reason: 'too-large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: BodyReadOutcome): void => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > limit) {
        stream.pause();
        settle({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = (): void =>
      settle({ ok: true, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    const onError = (): void => settle({ ok: false, reason: 'aborted' });
    const onClose = (): void => {
      if (!(stream as Partial<IncomingMessage>).complete) settle({ ok: false, reason: 'aborted' });
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether the bytes of a JSON text nest objects and arrays deeper than `max`: the scan the core's
 * `parseMessage` makes of the text, made on the bytes, so that a body a framework's parser is to
 * parse next need not be decoded twice. Bytes of multi-byte UTF-8 characters are never brackets,
 * quotes or backslashes, so the bytes give the same answer as the text.
 * @internal
 */
export function bytesNestDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const code = bytes[i];
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** The message in a body that could be read: parsed from its bytes, or classified as parsed. @internal */
export function messageOf(
  outcome: Extract<BodyReadOutcome, { ok: true }>,
  maxDepth: number,
): InboundMessage {
  if (!('parsed' in outcome)) return parseMessage(outcome.body.toString('utf8'), maxDepth);
  return outcome.depthChecked === true
    ? classifyMessage(outcome.parsed)
    : classifyParsed(outcome.parsed, maxDepth);
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
