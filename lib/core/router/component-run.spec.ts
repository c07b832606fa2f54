import type { ComponentHooks } from '../components/component-hooks.interface.js';
import { SnodoError } from '../errors/snodo.error.js';
import { InputRequiredSignal } from '../components/input-required.js';
import { fakeCallContext } from '../testing/call-context.fake.js';
import type { ComponentRef } from '../components/authorization-policy.interface.js';
import { ComponentRun, runComponent } from './component-run.js';

interface Handler extends ComponentHooks {
  readonly handle: () => unknown;
}

const invoke = (component: Handler): unknown => component.handle();
const ref = { kind: 'tool', name: 'probe' } as unknown as ComponentRef;
const run = () => new ComponentRun(ref, 'call', {}, fakeCallContext());

describe('runComponent()', () => {
  it('should give the outcome of a handler that answers at once without a promise', () => {
    const reported: unknown[] = [];
    const options = { onHandlerError: (_ref: unknown, error: unknown) => reported.push(error) };
    expect(runComponent(run(), { handle: () => 'done' }, options, invoke)).toEqual({
      value: 'done',
    });
    const broken = new TypeError('broke');
    const thrown = runComponent(
      run(),
      {
        handle: () => {
          throw broken;
        },
      },
      options,
      invoke,
    );
    expect(thrown).toEqual({ thrown: broken });
    expect(reported).toEqual([broken]);
  });

  it('should give a promise of the outcome of a handler that answers later, and of a wrapped one', async () => {
    const later = runComponent(run(), { handle: () => Promise.resolve(3) }, {}, invoke);
    expect(later).toBeInstanceOf(Promise);
    await expect(later).resolves.toEqual({ value: 3 });
    const refused = SnodoError.invalidParams('no');
    await expect(
      runComponent(run(), { handle: () => Promise.reject(refused) }, {}, invoke),
    ).resolves.toEqual({ thrown: refused });
    const wrapped = runComponent(
      run(),
      {
        handle: () => 'inner',
        wrap: async (invocation, next) => `wrapped ${String(await next(invocation.context))}`,
      },
      {},
      invoke,
    );
    await expect(wrapped).resolves.toEqual({ value: 'wrapped inner' });
  });

  it('should let an input_required signal through, thrown at once or as the rejection', async () => {
    const signal = new InputRequiredSignal({});
    expect(() =>
      runComponent(
        run(),
        {
          handle: () => {
            throw signal;
          },
        },
        {},
        invoke,
      ),
    ).toThrow(signal);
    await expect(
      runComponent(run(), { handle: () => Promise.reject(signal) }, {}, invoke),
    ).rejects.toBe(signal);
  });

  it('should make a run whose reporter throws on the returned error one that threw', () => {
    const reporterFailure = new Error('reporter broke');
    let calls = 0;
    const options = {
      onHandlerError: () => {
        calls++;
        if (calls === 1) throw reporterFailure;
      },
    };
    expect(runComponent(run(), { handle: () => new Error('returned') }, options, invoke)).toEqual({
      thrown: reporterFailure,
    });
    expect(calls).toBe(2);
  });
});
