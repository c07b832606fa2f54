import type { HandleOutcome } from '../exchange/exchange.js';
import {
  operationChannel,
  settle,
  type InstrumentationHandler,
  type OperationContext,
  type RequestTracing,
  type SpanRequest,
} from './operation-events.js';

/** Who hears about operations: the `instrumentation` option and OpenTelemetry. @internal */
export interface OperationListeners {
  readonly instrumentation?: InstrumentationHandler;
  readonly tracing?: RequestTracing;
}

/** Whether anyone listens now, so that nothing is built for operations nobody hears about. @internal */
export const isObserved = (listeners: OperationListeners): boolean =>
  listeners.instrumentation !== undefined ||
  listeners.tracing?.active === true ||
  operationChannel.hasSubscribers;

/** Tells the instrumentation handler; a handler that throws does not break the request. */
function emit(
  handler: InstrumentationHandler | undefined,
  type: 'start' | 'stop' | 'exception',
  context: OperationContext,
): void {
  if (handler === undefined) return;
  try {
    handler({ type, ...context });
  } catch {
    // The handler's own failure is its business.
  }
}

/**
 * Serves a request traced: the `instrumentation` option's handler and the `snodo:operation`
 * tracing channel get start, stop and exception, and the work runs inside a span when a tracer
 * provider is registered.
 * @internal
 */
export async function traceOperation(
  listeners: OperationListeners,
  context: OperationContext,
  span: SpanRequest,
  work: () => Promise<HandleOutcome>,
): Promise<HandleOutcome> {
  const tracing = listeners.tracing?.active === true ? listeners.tracing : undefined;
  const handler = listeners.instrumentation;
  const started = performance.now();
  const serveAndSettle = async (): Promise<HandleOutcome> => {
    const outcome = await work();
    settle(context, outcome, started);
    return outcome;
  };
  const run =
    tracing === undefined ? serveAndSettle : () => tracing.run(context, span, serveAndSettle);
  // Published by hand rather than with tracePromise, which would put the response (and so
  // argument values echoed in it) on the context as `result`.
  const traced = operationChannel.hasSubscribers;
  emit(handler, 'start', context);
  if (traced) operationChannel.start.publish(context);
  try {
    const outcome = await run();
    emit(handler, 'stop', context);
    if (traced) operationChannel.asyncEnd.publish(context);
    return outcome;
  } catch (error) {
    context.durationMs = performance.now() - started;
    context.errorName = error instanceof Error ? error.name : typeof error;
    emit(handler, 'exception', context);
    if (traced) operationChannel.error.publish(context);
    throw error;
  }
}
