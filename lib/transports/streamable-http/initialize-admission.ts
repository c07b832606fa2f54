import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode, type JsonRpcId, type RateLimitStore } from '../../core/internal.js';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';
import { sendError } from './json-response.writer.js';
import { ownerOf } from './post-exchange.js';

/** The `initializeRateLimit` option, resolved. @internal */
export interface InitializeLimit {
  /** The rate limit; `undefined` when it is turned off. */
  readonly rate?: {
    readonly limit: number;
    readonly windowMs: number;
    readonly store: RateLimitStore;
  };
  /** Who the client is, behind a proxy. */
  readonly key?: (req: IncomingMessage) => string;
}

/**
 * Who opens sessions, for the limits on them: the rate of `initialize` (`initializeRateLimit`)
 * and the share of the session store (`maxSessionsPerClient`, which the store applies to
 * `SessionRecord.client`).
 * @internal
 */
export class InitializeAdmission {
  constructor(private readonly limit: InitializeLimit) {}

  /**
   * The client of a request: its verified caller when the server checks bearer tokens, else what
   * the `key` of `initializeRateLimit` says (behind a proxy), else its remote address.
   */
  clientOf(req: IncomingMessage): string {
    return ownerOf(req) ?? this.limit.key?.(req) ?? req.socket.remoteAddress ?? 'unknown';
  }

  /**
   * The per-client limit on new sessions: over it, `initialize` gets 429 and `Retry-After`.
   * @returns whether the request may go on; when not, it was answered.
   */
  async admits(
    req: IncomingMessage,
    res: ServerResponse,
    id: JsonRpcId | undefined,
  ): Promise<boolean> {
    const rate = this.limit.rate;
    if (rate === undefined) return true;
    const hit = await rate.store.hit(`initialize:${this.clientOf(req)}`, rate.windowMs);
    if (hit.count <= rate.limit) return true;
    const retryAfter = String(Math.max(1, Math.ceil(hit.resetInMs / 1000)));
    const message = TRANSPORT_MESSAGES.TOO_MANY_SESSIONS(rate.limit, rate.windowMs);
    sendError(res, 429, ErrorCode.InvalidRequest, message, id, { 'Retry-After': retryAfter });
    return false;
  }
}
