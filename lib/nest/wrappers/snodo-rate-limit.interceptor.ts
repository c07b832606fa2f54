import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { from, Observable, switchMap } from 'rxjs';
import type { SnodoInvocation } from '../enhancers/snodo-invocation.js';
import {
  SnodoExecutionContext,
  type SnodoContextType,
} from '../enhancers/snodo-execution-context.js';
import { InMemoryRateLimitStore, type RateLimitStore } from '../../core/internal.js';
import { checkCount, describe, refuse } from './wrapper-refusal.js';
import { NEST_MESSAGES } from '../snodo.messages.js';

/**
 * Options of {@link SnodoRateLimit}.
 * @publicApi
 */
export interface SnodoRateLimitOptions {
  /** Runs allowed per window. */
  limit: number;
  /** The window, in milliseconds (fixed windows). */
  windowMs: number;
  /**
   * Who is counted: for example the principal. `undefined` counts everyone together.
   * @default one counter per component
   */
  key?: (invocation: SnodoInvocation) => string | undefined;
  /** Where the counters live. @default an in-memory store (one process) */
  store?: RateLimitStore;
}

/**
 * Limits runs of each component it wraps to `limit` per `windowMs`, per key. A run over the limit
 * is refused: an `isError` result for a tool, -32603 for a resource, prompt or completion; the
 * message says when to try again.
 * @example
 * ```ts
 * // One window per verified subject, when the server checks bearer tokens.
 * @UseInterceptors(new SnodoRateLimit({ limit: 30, windowMs: 60_000, key: (i) => i.context.auth?.subject }))
 * ```
 * @publicApi
 */
export class SnodoRateLimit implements NestInterceptor {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly key: SnodoRateLimitOptions['key'];
  private readonly store: RateLimitStore;

  /** @throws {Error} for a limit or window that is not a whole number of 1 or more, or a key that is not a function. */
  constructor(options: SnodoRateLimitOptions) {
    this.limit = checkCount(options.limit, 'SnodoRateLimit limit');
    this.windowMs = checkCount(options.windowMs, 'SnodoRateLimit windowMs');
    if (options.key !== undefined && typeof options.key !== 'function') {
      throw new Error(NEST_MESSAGES.BAD_RATE_LIMIT_KEY);
    }
    this.key = options.key;
    this.store = options.store ?? new InMemoryRateLimitStore();
  }

  /**
   * Counts the run in its key's window, and refuses it past `limit`. Anything else it wraps (an
   * HTTP route) runs untouched.
   */
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType<SnodoContextType>() !== 'snodo') return next.handle();
    const invocation = SnodoExecutionContext.create(context).getInvocation();
    const who = this.key?.(invocation) ?? '*';
    const key = `${invocation.component.kind}:${invocation.component.name}:${who}`;
    return from(Promise.resolve(this.store.hit(key, this.windowMs))).pipe(
      switchMap(({ count, resetInMs }) =>
        count > this.limit
          ? refuse(
              invocation,
              `${describe(invocation)} is rate limited: at most ${this.limit} runs per ${this.windowMs} ms; try again in ${Math.ceil(resetInMs / 1000)} s`,
            )
          : next.handle(),
      ),
    );
  }
}
