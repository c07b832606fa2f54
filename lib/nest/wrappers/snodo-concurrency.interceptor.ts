import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { finalize, Observable } from 'rxjs';
import {
  SnodoExecutionContext,
  type SnodoContextType,
} from '../enhancers/snodo-execution-context.js';
import { checkCount, describe, refuse } from './wrapper-refusal.js';

/**
 * Limits how many runs of each component it wraps are in flight at once. A run above the limit is
 * refused at once (it does not wait): an `isError` result for a tool, -32603 for a resource,
 * prompt or completion, so that the caller can retry instead of piling up. The count is per
 * component and per process.
 * @example
 * ```ts
 * @UseInterceptors(new SnodoConcurrency(4))
 * ```
 * @publicApi
 */
export class SnodoConcurrency implements NestInterceptor {
  /** The most runs in flight per component. */
  readonly limit: number;
  private readonly active = new Map<string, number>();

  /** @throws {Error} when `limit` is not a whole number of 1 or more. */
  constructor(limit: number) {
    this.limit = checkCount(limit, 'SnodoConcurrency limit');
  }

  /**
   * Runs the component, or refuses the run when `limit` runs of it are in flight. Anything else
   * it wraps (an HTTP route) runs untouched.
   */
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType<SnodoContextType>() !== 'snodo') return next.handle();
    const invocation = SnodoExecutionContext.create(context).getInvocation();
    const key = `${invocation.component.kind}:${invocation.component.name}`;
    const running = this.active.get(key) ?? 0;
    if (running >= this.limit) {
      return refuse(
        invocation,
        `${describe(invocation)} is busy: at most ${this.limit} runs at once; try again shortly`,
      );
    }
    this.active.set(key, running + 1);
    return next.handle().pipe(
      finalize(() => {
        const left = (this.active.get(key) ?? 1) - 1;
        if (left === 0) this.active.delete(key);
        else this.active.set(key, left);
      }),
    );
  }

  /** How many runs of a component are in flight, for diagnostics and tests. */
  inFlight(kind: string, name: string): number {
    return this.active.get(`${kind}:${name}`) ?? 0;
  }
}
