import type { ComponentHooks } from '../components/component-hooks.interface.js';
import type { ToolComponent } from '../components/tool.interface.js';
import { InputRequiredSignal } from '../components/input-required.js';
import { fakeCallContext } from '../testing/call-context.fake.js';
import { Router } from './router.js';

const context = fakeCallContext();
const ASKED = { name: { method: 'elicitation/create' as const, params: { message: 'Name?' } } };

const tool = (call: ToolComponent['call'], hooks: ComponentHooks = {}): ToolComponent => ({
  definition: { name: 't', inputSchema: { type: 'object' } },
  call,
  ...hooks,
});

const routerWith = (component: ToolComponent) => Router.empty().registerTool(component);

describe('tools/call at once (Router.dispatchTool)', () => {
  it('should answer a sync tool without a policy or wrapper at once, not with a promise', () => {
    const outcome = routerWith(tool(() => 'done')).dispatchTool('t', {}, context);
    expect(outcome).not.toBeInstanceOf(Promise);
    expect(outcome).toEqual({ ok: true, value: { content: [{ type: 'text', text: 'done' }] } });
  });

  it('should answer an unknown tool at once', () => {
    const outcome = routerWith(tool(() => 'done')).dispatchTool('nope', {}, context);
    expect(outcome).toMatchObject({ ok: false, error: { code: -32602 } });
  });

  it('should give a promise when the tool, its wrapper or the policy waits, with the same outcome', async () => {
    const expected = { ok: true, value: { content: [{ type: 'text', text: 'done' }] } };
    const asyncTool = routerWith(tool(() => Promise.resolve('done'))).dispatchTool(
      't',
      {},
      context,
    );
    const wrapped = routerWith(
      tool(() => 'done', { wrap: (invocation, next) => next(invocation.context) }),
    ).dispatchTool('t', {}, context);
    const policed = routerWith(tool(() => 'done')).dispatchTool('t', {}, context, {
      authorization: { authorize: () => Promise.resolve(true) },
    });
    for (const outcome of [asyncTool, wrapped, policed]) {
      expect(outcome).toBeInstanceOf(Promise);
      await expect(outcome).resolves.toEqual(expected);
    }
  });

  it('should throw the input_required signal of a sync tool at once, and pass on a rejected one', async () => {
    const signal = new InputRequiredSignal(ASKED);
    const sync = routerWith(
      tool(() => {
        throw signal;
      }),
    );
    expect(() => sync.dispatchTool('t', {}, context)).toThrow(signal);
    const later = routerWith(tool(() => Promise.reject(signal))).dispatchTool('t', {}, context);
    await expect(later).rejects.toBe(signal);
  });

  it('should keep Router.callTool a promise that rejects with the signal, never a throw', async () => {
    const signal = new InputRequiredSignal(ASKED);
    const router = routerWith(
      tool(() => {
        throw signal;
      }),
    );
    let returned: unknown;
    expect(() => {
      returned = router.callTool('t', {}, context);
    }).not.toThrow();
    expect(returned).toBeInstanceOf(Promise);
    await expect(returned).rejects.toBe(signal);
    await expect(routerWith(tool(() => 'done')).callTool('t', {}, context)).resolves.toEqual({
      ok: true,
      value: { content: [{ type: 'text', text: 'done' }] },
    });
  });

  it('should start a task before the run and run the tool once it started', async () => {
    const order: string[] = [];
    const taskTool: ToolComponent = {
      ...tool(() => {
        order.push('run');
        return 'done';
      }),
      task: { support: 'optional' },
    };
    const startTask = () => {
      order.push('start');
      return Promise.resolve();
    };
    const outcome = routerWith(taskTool).dispatchTool('t', {}, { ...context, startTask });
    expect(order).toEqual(['start']);
    await expect(outcome).resolves.toMatchObject({ ok: true });
    expect(order).toEqual(['start', 'run']);
  });
});
