import { AsyncResource } from 'node:async_hooks';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { defer, from, isObservable, mergeAll, Observable, type Subscription } from 'rxjs';

/**
 * Runs `next` inside `interceptors`, first one outermost, step for step as Nest's own
 * `InterceptorsConsumer.intercept()` does (packages/core/interceptors/interceptors-consumer.ts,
 * Nest 11.1 and 12): `@nestjs/core` does not export it (Nest 12 only from its internal entry
 * point, Nest 11 only by a deep import), so this is a copy of its steps, kept in line with them.
 *
 * What it keeps of Nest is the async context: each `next.handle()` binds the rest of the chain
 * (the next interceptor, or the pipes, the handler and the exception filters) to the async
 * context in which the interceptor called it, and the handler is started in that context. A store
 * an interceptor enters around `next.handle()` (`AsyncLocalStorage.run()`, nestjs-cls's
 * `cls.run()`, OpenTelemetry's `context.with()`) is thus the one that everything after it sees,
 * although the Observable it returns is subscribed to later, outside that call; and a store set
 * before the chain (ClsMiddleware, a guard) reaches it as well.
 * @param next starts the handler (with its pipes and filters) and gives its result.
 * @returns what the handler gave, through the interceptors (an Observable handler's values
 *   flattened, as Nest does).
 * @internal
 */
export function intercept(
  interceptors: readonly NestInterceptor[],
  context: ExecutionContext,
  next: () => Promise<unknown>,
): Observable<unknown> {
  const nextFn = async (i = 0): Promise<Observable<unknown>> => {
    if (i >= interceptors.length) return defer(bindAsyncScope(() => transformDeferred(next)));
    const handler: CallHandler = {
      handle: () => defer(bindAsyncScope(() => nextFn(i + 1))).pipe(mergeAll()),
    };
    return interceptors[i]!.intercept(context, handler);
  };
  return defer(() => nextFn()).pipe(mergeAll());
}

/**
 * The handler's run as an Observable, started at once (in the context this is called in, which
 * `bindAsyncScope()` set: deferring `next()` to the subscriber would lose it), as Nest's
 * `InterceptorsConsumer.transformDeferred()` does. Nest also destroys an unsent
 * `StreamableFile` when the subscriber has gone; a component's result is never one.
 */
function transformDeferred(next: () => Promise<unknown>): Observable<unknown> {
  const nextPromise = next();
  return new Observable((subscriber) => {
    let innerSub: Subscription | undefined;
    nextPromise
      .then((res) => {
        // The subscriber went away (the run was cancelled) before the handler answered.
        if (subscriber.closed) return;
        const isDeferred = res instanceof Promise || isObservable(res);
        innerSub = from(isDeferred ? res : Promise.resolve(res)).subscribe(subscriber);
      })
      .catch((err: unknown) => {
        if (!subscriber.closed) subscriber.error(err);
      });
    return () => innerSub?.unsubscribe();
  });
}

/**
 * `AsyncResource.bind(fn)` (what Nest 11 calls), the way Nest 12 writes it: the resource is made
 * now, so that `fn` runs in the current async context, AsyncLocalStorage stores included,
 * whenever it is called. `AsyncResource.bind()` also defines a deprecated accessor on the function
 * it returns, which makes it much slower, once per interceptor on every run.
 */
function bindAsyncScope<T>(fn: () => T): () => T {
  const resource = new AsyncResource(fn.name || 'bound-anonymous-fn');
  return () => resource.runInAsyncScope(fn);
}
