import * as api from '@opentelemetry/api';
import { context, propagation, trace, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type { ToolComponent } from '../components/tool.interface.js';
import { DeferredOpenTelemetryTracing } from './open-telemetry.js';
import { SnodoError } from '../errors/snodo.error.js';
import { classifyMessage } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { ProtocolHandler } from '../protocol/protocol-handler.js';
import { Router } from '../router/router.js';
import { Runtime } from '../runtime/runtime.js';
import type { RuntimeOptions } from '../runtime/runtime-options.interface.js';

const SECRET = 'top-secret-42';
const PARENT_TRACE = '0af7651916cd43dd8448eb211c80319c';
const PARENT = `00-${PARENT_TRACE}-b7ad6b7169203331-01`;
let childSeen: { traceId: string; spanId: string } | undefined;

const tools: ToolComponent[] = [
  {
    definition: { name: 'echo', inputSchema: { type: 'object' } },
    call: (args) => {
      // Spans a handler starts nest under the request's span.
      childSeen = trace.getActiveSpan()?.spanContext();
      return `echo ${String(args.text)}`;
    },
  },
  {
    definition: { name: 'fails', inputSchema: { type: 'object' } },
    call: () => {
      throw new Error(`cannot ${SECRET}`);
    },
  },
];

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  contextManager.enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
});

afterAll(async () => {
  await provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
});

beforeEach(() => {
  exporter.reset();
  childSeen = undefined;
});

function serverWith(options: Partial<RuntimeOptions> = {}) {
  const router = tools.reduce((r, tool) => r.registerTool(tool), Router.empty());
  const handler = new ProtocolHandler({
    runtime: new Runtime({ name: 's', version: '1', router, ...options }),
  });
  return (name: string, meta: JsonObject = {}, request?: unknown) =>
    handler.handle(
      classifyMessage({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: {
          name,
          arguments: { text: SECRET },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            ...meta,
          },
        },
      }),
      { transport: 'http', request },
    );
}

describe('OpenTelemetry spans', () => {
  it('should open a server span per request, named and attributed after the MCP conventions', async () => {
    const call = serverWith();
    await call('echo', { traceparent: PARENT });
    const [span] = exporter.getFinishedSpans();
    expect(span!.name).toBe('tools/call echo');
    expect(span!.kind).toBe(SpanKind.SERVER);
    expect(span!.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'mcp.protocol.version': '2026-07-28',
      'jsonrpc.request.id': '7',
      'network.transport': 'tcp',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
    });
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
    // The parent came from _meta.traceparent; the handler ran inside the span.
    expect(span!.spanContext().traceId).toBe(PARENT_TRACE);
    expect(span!.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(childSeen).toEqual(
      expect.objectContaining({ traceId: PARENT_TRACE, spanId: span!.spanContext().spanId }),
    );
  });

  it('should name the server of a runtime with a server option', async () => {
    await serverWith({ server: 'admin' })('echo');
    expect(exporter.getFinishedSpans()[0]!.attributes['snodo.server.name']).toBe('admin');
  });

  it('should take the parent from the HTTP headers when _meta has none', async () => {
    const call = serverWith();
    await call('echo', {}, { headers: { traceparent: PARENT } });
    expect(exporter.getFinishedSpans()[0]!.spanContext().traceId).toBe(PARENT_TRACE);
  });

  it('should mark a tool error, a JSON-RPC error and a refused authorization', async () => {
    await serverWith()('fails');
    await serverWith()('missing');
    await serverWith({
      authorization: {
        authorize: (phase) => (phase === 'invocation' ? SnodoError.forbidden() : true),
      },
    })('echo');
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => [s.name, s.attributes['error.type'], s.status.code])).toEqual([
      ['tools/call fails', 'tool_error', SpanStatusCode.ERROR],
      ['tools/call missing', '-32602', SpanStatusCode.ERROR],
      ['tools/call echo', '-31403', SpanStatusCode.ERROR],
    ]);
    expect(spans[2]!.attributes['rpc.jsonrpc.error_code']).toBe(-31403);
    expect(JSON.stringify(spans.map((s) => [s.name, s.attributes, s.events]))).not.toContain(
      SECRET,
    );
  });

  it('should know whether a tracer provider is registered', () => {
    const runtime = new Runtime({ name: 's', version: '1' });
    expect(runtime.tracing?.active).toBe(true);
    trace.disable();
    expect(runtime.tracing?.active).toBe(false);
    trace.setGlobalTracerProvider(provider);
    expect(runtime.tracing?.active).toBe(true);
  });

  it('should not load the API until a tracer provider is registered', async () => {
    let loads = 0;
    const tracing = new DeferredOpenTelemetryTracing(() => {
      loads += 1;
      return api;
    });
    trace.disable();
    expect(tracing.active).toBe(false);
    expect(tracing.active).toBe(false);
    expect(loads).toBe(0);
    trace.setGlobalTracerProvider(provider);
    expect(tracing.active).toBe(true);
    const operation = { operation: 'ping', protocolVersion: '2026-07-28', transport: 'http' };
    const request = { jsonrpc: '2.0', id: 1, method: 'ping' } as const;
    expect(await tracing.run(operation as never, { request }, () => Promise.resolve(42))).toBe(42);
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(['ping']);
    expect(loads).toBe(1);
  });

  it('should trace nothing, and load once, when the API is not installed', () => {
    let loads = 0;
    const tracing = new DeferredOpenTelemetryTracing(() => {
      loads += 1;
      return undefined;
    });
    expect(tracing.active).toBe(false);
    expect(tracing.active).toBe(false);
    expect(loads).toBe(1);
  });

  it('should open no span with openTelemetry: false', async () => {
    await serverWith({ openTelemetry: false })('echo');
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(() => new Runtime({ name: 's', version: '1', openTelemetry: 'on' as never })).toThrow(
      'Snodo: openTelemetry must be true or false',
    );
  });
});
