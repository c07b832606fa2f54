import { createRequire } from 'node:module';
import type * as OpenTelemetryApi from '@opentelemetry/api';
import type { OperationContext, RequestTracing, SpanRequest } from './operation-events.js';

type Api = typeof OpenTelemetryApi;

/** `@opentelemetry/api` when the app has it installed (an optional peer). */
function loadOpenTelemetry(): Api | undefined {
  try {
    return createRequire(import.meta.url)('@opentelemetry/api') as Api;
  } catch {
    return undefined;
  }
}

/**
 * Where every copy of `@opentelemetry/api` 1.x keeps what is registered globally (its documented
 * cross-copy contract): `trace` is there once an SDK has set a tracer provider.
 */
const OPEN_TELEMETRY_GLOBAL = Symbol.for('opentelemetry.js.api.1');

/** Whether some copy of the API has a tracer provider registered, without loading the API. */
function providerRegistered(): boolean {
  const registered = (globalThis as { [OPEN_TELEMETRY_GLOBAL]?: { trace?: unknown } })[
    OPEN_TELEMETRY_GLOBAL
  ];
  return registered?.trace !== undefined;
}

/**
 * OpenTelemetry spans that load `@opentelemetry/api` only once a tracer provider is registered,
 * so that an app without tracing does not pay for the import at startup. A provider registered
 * after bootstrap is picked up on the next request. @internal
 */
export class DeferredOpenTelemetryTracing implements RequestTracing {
  /** The tracing, once loaded; `null` when the API is not installed. */
  private loaded: OpenTelemetryTracing | null | undefined;

  /** @param load loads the API (`undefined` when it is not installed); tests count the loads. */
  constructor(private readonly load: () => Api | undefined = loadOpenTelemetry) {}

  get active(): boolean {
    return providerRegistered() && this.tracing()?.active === true;
  }

  run<T>(operation: OperationContext, span: SpanRequest, work: () => Promise<T>): Promise<T> {
    const tracing = this.tracing();
    return tracing === null ? work() : tracing.run(operation, span, work);
  }

  private tracing(): OpenTelemetryTracing | null {
    if (this.loaded === undefined) {
      const api = this.load();
      this.loaded = api === undefined ? null : new OpenTelemetryTracing(api);
    }
    return this.loaded;
  }
}

const TRACE_FIELDS = ['traceparent', 'tracestate'] as const;

/**
 * Server spans for MCP requests after the OpenTelemetry semantic conventions for MCP: named
 * `{mcp.method.name} {target}`, kind SERVER, with `mcp.method.name`, `mcp.protocol.version`,
 * `mcp.session.id`, `jsonrpc.request.id`, `gen_ai.tool.name` or `gen_ai.prompt.name`,
 * `network.transport`, `snodo.server.name` for a server with a `server` name and, on failure, `error.type` (the JSON-RPC code, `tool_error`, or the
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

  async run<T>(operation: OperationContext, span: SpanRequest, work: () => Promise<T>): Promise<T> {
    const { context, propagation, trace, SpanKind, SpanStatusCode } = this.api;
    const parent = propagation.extract(context.active(), traceFields(span));
    const name =
      operation.component === undefined
        ? operation.operation
        : `${operation.operation} ${operation.component}`;
    const started = this.tracer.startSpan(name, { kind: SpanKind.SERVER }, parent);
    if (started.isRecording()) started.setAttributes(attributesOf(operation, span));
    try {
      const result = await context.with(trace.setSpan(parent, started), work);
      const failure =
        operation.outcome === 'error'
          ? String(operation.errorCode)
          : operation.outcome === 'tool_error'
            ? 'tool_error'
            : undefined;
      if (failure !== undefined) {
        started.setAttribute('error.type', failure);
        if (operation.errorCode !== undefined)
          started.setAttribute('rpc.jsonrpc.error_code', operation.errorCode);
        started.setStatus({ code: SpanStatusCode.ERROR });
      }
      return result;
    } catch (error) {
      started.setAttribute('error.type', error instanceof Error ? error.name : typeof error);
      started.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      started.end();
    }
  }
}

/** The W3C trace context of a request: from `_meta` first, else from the HTTP headers. */
function traceFields(span: SpanRequest): Record<string, string> {
  const fields: Record<string, string> = {};
  const headers = (span.carrier as { headers?: Record<string, unknown> } | undefined)?.headers;
  for (const field of TRACE_FIELDS) {
    const fromMeta = span.meta?.[field];
    const fromHeader = headers?.[field];
    if (typeof fromMeta === 'string') fields[field] = fromMeta;
    else if (typeof fromHeader === 'string') fields[field] = fromHeader;
  }
  return fields;
}

function attributesOf(operation: OperationContext, span: SpanRequest): OpenTelemetryApi.Attributes {
  const attributes: OpenTelemetryApi.Attributes = {
    'mcp.method.name': operation.operation,
    'mcp.protocol.version': operation.protocolVersion,
    'jsonrpc.request.id': String(span.request.id),
    'network.transport': operation.transport === 'stdio' ? 'pipe' : 'tcp',
    ...span.attributes,
  };
  if (operation.sessionId !== undefined) attributes['mcp.session.id'] = operation.sessionId;
  if (operation.server !== undefined) attributes['snodo.server.name'] = operation.server;
  return attributes;
}
