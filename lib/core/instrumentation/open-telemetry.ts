import { createRequire } from 'node:module';
import type * as OpenTelemetryApi from '@opentelemetry/api';
import type { JsonObject, JsonRpcRequest } from '../protocol/json-rpc.type.js';
import type { OperationContext, RequestTracing } from './operation-events.js';

type Api = typeof OpenTelemetryApi;

/** `@opentelemetry/api` when the app has it installed (an optional peer), loaded once. @internal */
export function loadOpenTelemetry(): Api | undefined {
  try {
    return createRequire(import.meta.url)('@opentelemetry/api') as Api;
  } catch {
    return undefined;
  }
}

/** Where a request's trace context may come from. @internal */
export interface TraceCarriers {
  /** The request's `_meta` (`traceparent`, `tracestate`), which wins over the headers. */
  readonly meta?: JsonObject;
  /** The HTTP request, whose `traceparent` and `tracestate` headers are read. */
  readonly request?: unknown;
}

const TRACE_FIELDS = ['traceparent', 'tracestate'] as const;

/**
 * Server spans for MCP requests after the OpenTelemetry semantic conventions for MCP: named
 * `{mcp.method.name} {target}`, kind SERVER, with `mcp.method.name`, `mcp.protocol.version`,
 * `mcp.session.id`, `jsonrpc.request.id`, `gen_ai.tool.name` or `gen_ai.prompt.name`,
 * `network.transport` and, on failure, `error.type` (the JSON-RPC code, `tool_error`, or the
 * class of what was thrown). The parent comes from `_meta` or the HTTP headers (W3C trace
 * context, through the registered propagator). Attributes are only built for recording spans, and
 * never hold argument values or resource URIs.
 * @internal
 */
export class OpenTelemetryTracing implements RequestTracing {
  private readonly tracer: OpenTelemetryApi.Tracer;
  /** The API's no-op provider, in place until an SDK registers a real one. */
  private readonly noop: OpenTelemetryApi.TracerProvider;

  constructor(private readonly api: Api) {
    this.tracer = api.trace.getTracer('@snodo/nestjs');
    this.noop = new api.ProxyTracerProvider().getDelegate();
  }

  /** Whether a tracer provider is registered: without one, requests are not wrapped at all. */
  get active(): boolean {
    const provider = this.api.trace.getTracerProvider();
    const delegate =
      provider instanceof this.api.ProxyTracerProvider ? provider.getDelegate() : provider;
    return delegate !== this.noop;
  }

  async run<T>(
    operation: OperationContext,
    request: JsonRpcRequest,
    carriers: TraceCarriers,
    work: () => Promise<T>,
  ): Promise<T> {
    const { context, propagation, trace, SpanKind, SpanStatusCode } = this.api;
    const carrier: Record<string, string> = {};
    const headers = (carriers.request as { headers?: Record<string, unknown> } | undefined)
      ?.headers;
    for (const field of TRACE_FIELDS) {
      const fromMeta = carriers.meta?.[field];
      const fromHeader = headers?.[field];
      if (typeof fromMeta === 'string') carrier[field] = fromMeta;
      else if (typeof fromHeader === 'string') carrier[field] = fromHeader;
    }
    const parent = propagation.extract(context.active(), carrier);
    const name =
      operation.component === undefined
        ? operation.operation
        : `${operation.operation} ${operation.component}`;
    const span = this.tracer.startSpan(name, { kind: SpanKind.SERVER }, parent);
    if (span.isRecording()) span.setAttributes(attributesOf(operation, request));
    try {
      const result = await context.with(trace.setSpan(parent, span), work);
      const failure =
        operation.outcome === 'error'
          ? String(operation.errorCode)
          : operation.outcome === 'tool_error'
            ? 'tool_error'
            : undefined;
      if (failure !== undefined) {
        span.setAttribute('error.type', failure);
        if (operation.errorCode !== undefined)
          span.setAttribute('rpc.jsonrpc.error_code', operation.errorCode);
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      return result;
    } catch (error) {
      span.setAttribute('error.type', error instanceof Error ? error.name : typeof error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  }
}

function attributesOf(
  operation: OperationContext,
  request: JsonRpcRequest,
): OpenTelemetryApi.Attributes {
  const attributes: OpenTelemetryApi.Attributes = {
    'mcp.method.name': operation.operation,
    'mcp.protocol.version': operation.protocolVersion,
    'jsonrpc.request.id': String(request.id),
    'network.transport': operation.transport === 'stdio' ? 'pipe' : 'tcp',
  };
  if (operation.sessionId !== undefined) attributes['mcp.session.id'] = operation.sessionId;
  if (operation.operation === 'tools/call' && operation.component !== undefined) {
    attributes['gen_ai.tool.name'] = operation.component;
    attributes['gen_ai.operation.name'] = 'execute_tool';
  }
  if (operation.operation === 'prompts/get' && operation.component !== undefined) {
    attributes['gen_ai.prompt.name'] = operation.component;
  }
  return attributes;
}
