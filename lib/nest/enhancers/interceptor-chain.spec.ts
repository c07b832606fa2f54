import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { lastValueFrom, map, of, type Observable } from 'rxjs';
import { intercept } from './interceptor-chain.js';

const storage = new AsyncLocalStorage<string>();
const context = {} as ExecutionContext;
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1));

/** An interceptor that runs the rest of the chain in a store of its own, as OpenTelemetry's `context.with()` does. */
const entering = (store: string): NestInterceptor => ({
  intercept: (_context: ExecutionContext, next: CallHandler): Observable<unknown> =>
    storage.run(store, () => next.handle()),
});

/** An interceptor that notes the store it runs in, before the handler. */
const noting = (seen: (string | undefined)[]): NestInterceptor => ({
  intercept: (_context: ExecutionContext, next: CallHandler) => {
    seen.push(storage.getStore());
    return next.handle();
  },
});

const run = (interceptors: NestInterceptor[], handler: () => Promise<unknown>) =>
  lastValueFrom(intercept(interceptors, context, handler), { defaultValue: undefined });

describe('intercept(), as Nest runs interceptors', () => {
  it('should run the interceptors after one, and the handler, in the store it entered around next.handle()', async () => {
    const seen: (string | undefined)[] = [];
    const result = await storage.run('request', () =>
      run([noting(seen), entering('entered'), noting(seen)], async () => {
        await tick();
        seen.push(storage.getStore());
        return 'done';
      }),
    );
    expect(result).toBe('done');
    expect(seen).toEqual(['request', 'entered', 'entered']);
  });

  it('should start the handler in the store where the last interceptor called next.handle(), after it waited', async () => {
    let handlerSaw: string | undefined;
    const later: NestInterceptor = {
      intercept: async (_context, next) => {
        await tick();
        return storage.run('after-wait', () => next.handle());
      },
    };
    await run([later], () => {
      handlerSaw = storage.getStore();
      return Promise.resolve(undefined);
    });
    expect(handlerSaw).toBe('after-wait');
  });

  it("should hand the interceptors an Observable handler's values, not the Observable", async () => {
    const seen: unknown[] = [];
    const tap: NestInterceptor = {
      intercept: (_context, next: CallHandler<unknown>) =>
        next.handle().pipe(map((value) => (seen.push(value), value))),
    };
    expect(await run([tap], () => Promise.resolve(of(1, 2, 3)))).toBe(3);
    expect(seen).toEqual([1, 2, 3]);
  });
});
