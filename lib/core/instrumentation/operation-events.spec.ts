import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ToolComponent } from '../components/tool.interface.js';
import { SnodoError } from '../errors/snodo.error.js';
import { classifyMessage } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { ProtocolHandler } from '../protocol/protocol-handler.js';
import { Router } from '../router/router.js';
import { Runtime } from '../runtime/runtime.js';
import type { RuntimeOptions } from '../runtime/runtime-options.interface.js';
import type { SchemaValidator } from '../schema/schema-validator.interface.js';
import {
  OPERATION_CHANNEL,
  type OperationContext,
  type OperationEvent,
} from './operation-events.js';

const SECRET = 'top-secret-42';
const tools: ToolComponent[] = [
  {
    definition: { name: 'echo', inputSchema: { type: 'object' } },
    call: (args) => `echo ${String(args.text)}`,
  },
  {
    definition: { name: 'fails', inputSchema: { type: 'object' } },
    call: (args) => {
      throw new Error(`cannot handle ${String(args.text)}`);
    },
  },
];

function serverWith(options: Partial<RuntimeOptions> = {}) {
  const events: OperationEvent[] = [];
  const router = tools.reduce((r, tool) => r.registerTool(tool), Router.empty());
  const runtime = new Runtime({
    name: 's',
    version: '1',
    router,
    instrumentation: (event) => events.push(event),
    ...options,
  });
  const handler = new ProtocolHandler({ runtime });
  const call = (name: string, era: 'modern' | 'legacy' = 'modern') =>
    handler.handle(
      classifyMessage({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name,
          arguments: { text: SECRET },
          ...(era === 'modern'
            ? {
                _meta: {
                  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
                  'io.modelcontextprotocol/clientCapabilities': {},
                  'io.modelcontextprotocol/clientInfo': { name: 'probe', version: '1' },
                },
              }
            : {}),
        } as JsonObject,
      }),
      era === 'modern'
        ? { transport: 'in-process' }
        : {
            transport: 'http',
            session: {
              id: 'session-1',
              protocolVersion: '2025-11-25',
              clientCapabilities: {},
              clientInfo: { name: 'legacy-probe', version: '1' },
              initialized: true,
            },
          },
    );
  return { events, call };
}

describe('operation events', () => {
  it('should report start and stop of a successful call, with its component and era', async () => {
    const { events, call } = serverWith();
    await call('echo');
    expect(events.map((e) => e.type)).toEqual(['start', 'stop']);
    expect(events[0]).toEqual({
      type: 'start',
      operation: 'tools/call',
      component: 'echo',
      era: 'modern',
      protocolVersion: '2026-07-28',
      transport: 'in-process',
      sessionId: undefined,
      client: 'probe',
    });
    expect(events[1]).toMatchObject({ type: 'stop', outcome: 'success' });
    expect(events[1]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('should name the server, when it has a server option', async () => {
    const { events, call } = serverWith({ server: 'admin' });
    await call('echo');
    expect(events.map((e) => e.server)).toEqual(['admin', 'admin']);
    expect(() => serverWith({ server: '' })).toThrow(
      'Snodo: the "server" option must be a non-empty string',
    );
  });

  it('should tell a tool error, a JSON-RPC error and a refused authorization apart', async () => {
    const { events, call } = serverWith();
    await call('fails');
    await call('missing');
    await call('echo', 'legacy');
    const refusing = serverWith({
      authorization: {
        authorize: (phase) => (phase === 'invocation' ? SnodoError.forbidden() : true),
      },
    });
    await refusing.call('echo');
    const stops = [...events, ...refusing.events].filter((e) => e.type === 'stop');
    expect(stops.map((e) => [e.component, e.outcome, e.errorCode])).toEqual([
      ['fails', 'tool_error', undefined],
      ['missing', 'error', -32602],
      ['echo', 'success', undefined],
      ['echo', 'error', -31403],
    ]);
    expect(stops[2]).toMatchObject({
      era: 'legacy',
      protocolVersion: '2025-11-25',
      sessionId: 'session-1',
      transport: 'http',
    });
  });

  it('should report an exception with the class name of what was thrown only', async () => {
    const exploding: SchemaValidator = {
      name: 'exploding',
      compile: () => ({
        validate: () => {
          throw new TypeError(`validator broke on ${SECRET}`);
        },
      }),
    };
    const { events, call } = serverWith({ schemaValidator: exploding });
    // The request is answered with -32603 and no details; the event says what was thrown.
    const outcome = await call('echo');
    expect(outcome.status).toBe(500);
    expect(outcome.response).toMatchObject({ error: { code: -32603 } });
    expect(JSON.stringify(outcome.response)).not.toContain(SECRET);
    expect(events.map((e) => e.type)).toEqual(['start', 'exception']);
    expect(events[1]).toMatchObject({ component: 'echo', errorName: 'TypeError' });
    expect(events[1]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(events)).not.toContain(SECRET);
  });

  it('should publish the same on the snodo:operation tracing channel', async () => {
    const seen: [string, OperationContext][] = [];
    const onStart = (context: unknown) =>
      seen.push(['start', { ...(context as OperationContext) }]);
    const onEnd = (context: unknown) => seen.push(['stop', { ...(context as OperationContext) }]);
    subscribe(`tracing:${OPERATION_CHANNEL}:start`, onStart);
    subscribe(`tracing:${OPERATION_CHANNEL}:asyncEnd`, onEnd);
    try {
      const { call } = serverWith({ instrumentation: undefined });
      await call('echo');
      await call('missing');
    } finally {
      unsubscribe(`tracing:${OPERATION_CHANNEL}:start`, onStart);
      unsubscribe(`tracing:${OPERATION_CHANNEL}:asyncEnd`, onEnd);
    }
    expect(seen.map(([type, c]) => [type, c.component, c.outcome ?? null])).toEqual([
      ['start', 'echo', null],
      ['stop', 'echo', 'success'],
      ['start', 'missing', null],
      ['stop', 'missing', 'error'],
    ]);
    expect(JSON.stringify(seen)).not.toContain(SECRET);
  });

  it('should never carry argument values, and survive a handler that throws', async () => {
    const { events, call } = serverWith();
    await call('echo');
    await call('fails');
    expect(JSON.stringify(events)).not.toContain(SECRET);
    const throwing = serverWith({
      instrumentation: () => {
        throw new Error('handler bug');
      },
    });
    const outcome = await throwing.call('echo');
    expect(outcome.response).toMatchObject({ result: { content: [{ text: `echo ${SECRET}` }] } });
  });

  it('should refuse an instrumentation option that is not a function', () => {
    expect(() => new Runtime({ name: 's', version: '1', instrumentation: 'log' as never })).toThrow(
      'Snodo: instrumentation must be a function that takes an operation event',
    );
  });
});
