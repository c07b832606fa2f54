import type { CallContext, LoggingLevel } from '../components/call-context.interface.js';
import type { Exchange } from '../exchange/exchange.js';

/**
 * The context of a call that is or may become a task: the task's own abort signal, `startTask()`,
 * and, once it is a task, progress and log messages as the task's status message (`status()`
 * gives the writer then, `undefined` before).
 * @internal
 */
export function taskContext(
  base: CallContext,
  signal: AbortSignal,
  startTask: () => Promise<void>,
  status: () => ((message: string) => void) | undefined,
): CallContext {
  const progress = (done: number, total?: number, message?: string): void => {
    const write = status();
    if (write === undefined) return base.progress(done, total, message);
    write(message ?? (total === undefined ? `${done}` : `${done}/${total}`));
  };
  const log = (level: LoggingLevel, data: unknown, logger?: string): void => {
    const write = status();
    if (write === undefined) return base.log(level, data, logger);
    write(typeof data === 'string' ? data : JSON.stringify(data));
  };
  return Object.create(base, {
    signal: { value: signal, enumerable: true },
    startTask: { value: startTask, enumerable: true },
    progress: { value: progress, enumerable: true },
    log: { value: log, enumerable: true },
  }) as CallContext;
}

/** What a task's run keeps of the exchange that started it: who asked, not the connection. @internal */
export function detached(exchange: Exchange): Exchange {
  return {
    transport: exchange.transport,
    request: exchange.request,
    auth: exchange.auth,
    caller: exchange.caller,
  };
}

/**
 * Until a call becomes a task, the request's own signal aborts it too (the client went away before
 * it had a task); after, only `tasks/cancel` does.
 * @internal
 * @returns what stops following the request's signal.
 */
export function follow(controller: AbortController, request: AbortSignal | undefined): () => void {
  if (request === undefined) return () => undefined;
  const abort = () => controller.abort(request.reason);
  if (request.aborted) abort();
  else request.addEventListener('abort', abort, { once: true });
  return () => request.removeEventListener('abort', abort);
}
