import { tracingChannel } from 'node:diagnostics_channel';
import type { HandleOutcome } from '../exchange/exchange.js';
import type { JsonObject, JsonRpcRequest } from '../wire/json-rpc.type.js';

/** The name of the tracing channel every dispatched operation is traced on. @publicApi */
export const OPERATION_CHANNEL = 'snodo:operation';

/**
 * What is known of one dispatched operation. It never holds argument values: the component is a
 * tool or prompt name (never a resource URI, whose template variables may be user data), and an
 * error is described by its JSON-RPC code or its class name only.
 * @publicApi
 */
export interface OperationContext {
  /** The JSON-RPC method, such as `tools/call`. */
  readonly operation: string;
  /** The tool or prompt named by the request, or the kind of completion reference. */
  readonly component?: string;
  /** `modern` for 2026-07-28, `legacy` for the initialize era. */
  readonly era: 'modern' | 'legacy';
  /** The revision the operation was served under, such as `2025-11-25`. */
  readonly protocolVersion: string;
  /** The server's `server` option, when it has one: which server of the process served it. */
  readonly server?: string;
  /** `http`, `stdio` or `in-process`. */
  readonly transport: string;
  /** The initialize-era session, when there is one. */
  readonly sessionId?: string;
  /** The client's name from `clientInfo`, when it gave one. */
  readonly client?: string;
  /** Milliseconds from start to stop (set at stop or exception). */
  durationMs?: number;
  /** `success`, `tool_error` (an `isError` result), `input_required` or `error` (a JSON-RPC error). */
  outcome?: 'success' | 'tool_error' | 'input_required' | 'error';
  /** The JSON-RPC error code, for `outcome: 'error'`. */
  errorCode?: number;
  /** The class name of what was thrown, for an exception. */
  errorName?: string;
}

/**
 * One event for the `instrumentation` option's handler: `start` before the operation, `stop` after
 * it (with its outcome), `exception` when handling it threw (an internal failure).
 * @publicApi
 */
export type OperationEvent = Readonly<OperationContext> & {
  readonly type: 'start' | 'stop' | 'exception';
};

/** Hears every operation event (the `instrumentation` option). @publicApi */
export type InstrumentationHandler = (event: OperationEvent) => void;

/**
 * The tracing channel (`node:diagnostics_channel`): subscribers get `start`, `asyncEnd` (the stop,
 * with the outcome set on the context) and `error`. Nothing is built when nobody subscribes.
 * @publicApi
 */
export const operationChannel = tracingChannel<unknown, OperationContext>(OPERATION_CHANNEL);

/** The context of a request about to be served. @internal */
export function operationContext(
  operation: string,
  component: string | undefined,
  fields: Pick<
    OperationContext,
    'era' | 'protocolVersion' | 'transport' | 'sessionId' | 'client' | 'server'
  >,
): OperationContext {
  return { operation, component, ...fields };
}

/** Records how an operation ended on its context. @internal */
export function settle(context: OperationContext, outcome: HandleOutcome, started: number): void {
  context.durationMs = performance.now() - started;
  const response = outcome.response as
    | { error?: { code?: unknown }; result?: { isError?: unknown; resultType?: unknown } }
    | undefined;
  if (response?.error !== undefined) {
    context.outcome = 'error';
    if (typeof response.error.code === 'number') context.errorCode = response.error.code;
  } else if (response?.result?.isError === true) {
    context.outcome = 'tool_error';
  } else if (response?.result?.resultType === 'input_required') {
    context.outcome = 'input_required';
  } else {
    context.outcome = 'success';
  }
}

/** What a span is made of besides the operation. @internal */
export interface SpanRequest {
  readonly request: JsonRpcRequest;
  /** The request's `_meta` (`traceparent`, `tracestate`), which wins over the headers. */
  readonly meta?: JsonObject;
  /** The transport's request (an HTTP request's `traceparent` and `tracestate` headers are read). */
  readonly carrier?: unknown;
  /** Attributes of the method, after the semantic conventions (the tool or prompt it runs). */
  readonly attributes?: Readonly<Record<string, string>>;
}

/** Runs a request inside a trace span (OpenTelemetry, when installed). @internal */
export interface RequestTracing {
  /** Whether spans would be recorded now (a tracer provider is registered). */
  readonly active: boolean;
  run<T>(operation: OperationContext, span: SpanRequest, work: () => Promise<T>): Promise<T>;
}
