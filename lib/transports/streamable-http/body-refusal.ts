import type { ServerResponse } from 'node:http';
import { ErrorCode, MESSAGES } from '../../core/internal.js';
import { answerIdOf, messageOf, type BodyProblem } from './body-reader.js';
import type { BodyReadOutcome } from './request-state.js';
import { BodyWatch, type WatchedBodyReceiver, type BodyWatchEnd } from './body-watch.js';
import { rejectBody, sendError } from './json-response.writer.js';

/** The limits a body is refused under. @internal */
export interface BodyLimits {
  readonly bodyLimit: number;
  readonly maxDepth: number;
}

/**
 * Answers a POST whose body a framework read or parsed and cannot be served (see
 * `StreamableHttpTransport.rejectBody()`), with the id its bytes hold where they were kept: a
 * body a framework's parser refused (Fastify's `__proto__` check) may still be JSON whose id can
 * be read, and a watched body refused as too deep is answered once its rest is read, for its id.
 * @internal
 */
export function refuseBody(
  res: ServerResponse,
  problem: BodyProblem,
  read: BodyReadOutcome | undefined,
  limits: BodyLimits,
): void {
  if (problem === 'too-deep') {
    if (read instanceof BodyWatch) return read.whenRead(new TooDeepAnswer(res, read, limits));
    return sendError(res, 400, ErrorCode.InvalidRequest, MESSAGES.TOO_DEEP(limits.maxDepth));
  }
  if (problem !== 'malformed' || read?.ok !== true || !('body' in read))
    return rejectBody(res, problem, limits.bodyLimit);
  const inbound = messageOf(read, limits.maxDepth);
  sendError(res, 400, ErrorCode.ParseError, MESSAGES.PARSE_ERROR, answerIdOf(inbound));
}

/** The refusal of a watched body too deep, written once its reading ends. */
class TooDeepAnswer implements WatchedBodyReceiver {
  constructor(
    private readonly res: ServerResponse,
    private readonly watch: BodyWatch,
    private readonly limits: BodyLimits,
  ) {}

  watchedBodyRead(outcome: BodyWatchEnd): void {
    const res = this.res;
    if (res.headersSent || res.destroyed) return;
    if (outcome !== 'read') return rejectBody(res, outcome, this.limits.bodyLimit);
    const max = this.limits.maxDepth;
    const id = answerIdOf(messageOf(this.watch, max));
    sendError(res, 400, ErrorCode.InvalidRequest, MESSAGES.TOO_DEEP(max), id);
  }
}
