import type { IncomingMessage } from 'node:http';
import { classifyParsed, parseMessage, type InboundMessage } from '../../core/index.js';

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
  | { readonly ok: true; readonly body: Buffer }
  | { readonly ok: true; readonly parsed: unknown }
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
 * @internal
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyReadOutcome> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.resolve({ ok: false, reason: 'too-large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: BodyReadOutcome): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        settle({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void =>
      settle({ ok: true, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    const onError = (): void => settle({ ok: false, reason: 'aborted' });
    const onClose = (): void => {
      if (!req.complete) settle({ ok: false, reason: 'aborted' });
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** The message in a body that could be read: parsed from its bytes, or classified as parsed. @internal */
export function messageOf(
  outcome: Extract<BodyReadOutcome, { ok: true }>,
  maxDepth: number,
): InboundMessage {
  return 'parsed' in outcome
    ? classifyParsed(outcome.parsed, maxDepth)
    : parseMessage(outcome.body.toString('utf8'), maxDepth);
}
