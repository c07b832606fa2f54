import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { defer, Observable, timeout } from 'rxjs';
import {
  SnodoExecutionContext,
  type SnodoContextType,
} from '../enhancers/snodo-execution-context.js';
import { checkCount, describe, refuse } from './wrapper-refusal.js';
import { NEST_MESSAGES } from '../snodo.messages.js';

/**
 * Gives a component run a deadline. At the deadline the handler's `context.signal` aborts (stop
 * the work there), and the caller gets an `isError` result for a tool, -32603 for a resource,
 * prompt or completion. A timeout cannot undo side effects that already happened. The signal also
 * aborts when the client cancels or goes away.
 * @example
 * ```ts
 * @UseInterceptors(new SnodoTimeout(2_000))
 * ```
 * @publicApi
 */
export class SnodoTimeout implements NestInterceptor {
  /** The deadline in milliseconds. */
  readonly ms: number;

  /** @throws {Error} when `ms` is not a whole number of 1 or more. */
  constructor(ms: number) {
    this.ms = checkCount(ms, 'SnodoTimeout ms');
  }

  /** Runs the component under the deadline; anything else it wraps (a route) runs untouched. */
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType<SnodoContextType>() !== 'snodo') return next.handle();
    const invocation = SnodoExecutionContext.create(context).getInvocation();
    const deadline = new AbortController();
    invocation.linkSignal(deadline.signal);
    return defer(() => next.handle()).pipe(
      timeout({
        first: this.ms,
        with: () => {
          deadline.abort(new Error(NEST_MESSAGES.TIMED_OUT(this.ms)));
          return refuse(invocation, NEST_MESSAGES.RUN_TIMED_OUT(describe(invocation), this.ms));
        },
      }),
    );
  }
}
