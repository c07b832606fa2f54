import type { CallContext } from '../components/call-context.interface.js';
import { taskContext } from '../tasks/task-context.js';
import { createCallContext, withSignal } from './call-context.factory.js';
import type { Exchange } from '../exchange/exchange.js';
import type { JsonRpcNotification } from '../wire/json-rpc.type.js';
import type { ClientState } from './method-descriptor.js';

const client = (meta = {}): ClientState => ({
  version: '2025-11-25',
  clientInfo: { name: 'test', version: '1.0.0' },
  clientCapabilities: {},
  meta,
});

function contextWithNotifications(): { context: CallContext; sent: JsonRpcNotification[] } {
  const sent: JsonRpcNotification[] = [];
  const exchange: Exchange = {
    transport: 'http',
    notify: (notification) => sent.push(notification),
  };
  return {
    context: createCallContext('tools/call', client({ progressToken: 't' }), exchange),
    sent,
  };
}

describe('createCallContext()', () => {
  it('should give the same function each time a member is read', () => {
    const { context } = contextWithNotifications();
    for (const key of [
      'progress',
      'log',
      'closeStream',
      'elicit',
      'sample',
      'listRoots',
      'askAll',
    ] as const) {
      expect(typeof context[key]).toBe('function');
      expect(context[key]).toBe(context[key]);
    }
  });

  it('should report progress through a member passed on, once per growing value', () => {
    const { context, sent } = contextWithNotifications();
    const { progress } = context;
    progress(1);
    context.progress(1);
    progress(2, 4);
    expect(sent.map((n) => n.params)).toEqual([
      { progressToken: 't', progress: 1 },
      { progressToken: 't', progress: 2, total: 4 },
    ]);
  });

  it('should share its functions and their state with the contexts derived from it', () => {
    const { context, sent } = contextWithNotifications();
    const signal = new AbortController().signal;
    const derived = withSignal(context, signal);
    expect(derived.signal).toBe(signal);
    expect(derived.progress).toBe(context.progress);
    context.progress(3);
    derived.progress(2);
    derived.progress(5);
    expect(sent.map((n) => n.params?.progress)).toEqual([3, 5]);
    const task = taskContext(
      derived,
      signal,
      () => Promise.resolve(),
      () => undefined,
    );
    task.progress(6);
    expect(task.elicit).toBe(context.elicit);
    expect(sent.map((n) => n.params?.progress)).toEqual([3, 5, 6]);
  });

  it('should ask the client with elicit and listRoots in an initialize-era session', async () => {
    const asked: string[] = [];
    const exchange: Exchange = {
      transport: 'http',
      sendRequest: (method) => {
        asked.push(method);
        return Promise.resolve({ method });
      },
    };
    const context = createCallContext(
      'tools/call',
      {
        ...client(),
        clientCapabilities: { elicitation: {}, sampling: {}, roots: {} },
      },
      exchange,
    );
    await expect(context.elicit({ message: 'name?' })).resolves.toEqual({
      method: 'elicitation/create',
    });
    await expect(context.listRoots()).resolves.toEqual({ method: 'roots/list' });
    expect(asked).toEqual(['elicitation/create', 'roots/list']);
  });
});
