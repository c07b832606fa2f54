import { ErrorCode } from '../wire/error-code.enum.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import type { JsonObject, JsonRpcErrorObject } from '../wire/json-rpc.type.js';
import { jsonBytes } from '../task-store/task.js';
import type { TaskLimitError } from '../task-store/task-store.interface.js';
import type { ResolvedTasksOptions } from '../task-store/tasks-options.js';

/** A refusal of a new task: -32600, HTTP 429 and `Retry-After` (in seconds, at least 1). */
const tooMany = (message: string, retryAfterSeconds: number): SnodoError =>
  new SnodoError(ErrorCode.InvalidRequest, message, undefined, {
    status: 429,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });

/**
 * A task-augmented call beyond `maxRunning`: retry once a running task may have ended (the
 * polling interval, at least a second).
 * @internal
 */
export const tasksBusy = (options: ResolvedTasksOptions): SnodoError =>
  tooMany(MESSAGES.TASKS_BUSY(options.maxRunning), options.retryAfterSeconds);

/**
 * A new task the store refused: at the client's quota, or with the store full. `Retry-After` is
 * when the store said room is sure to be made (the next of those tasks to expire), or else the
 * polling interval.
 * @internal
 */
export function tasksRefused(error: TaskLimitError, options: ResolvedTasksOptions): SnodoError {
  const message =
    error.scope === 'client' ? MESSAGES.TASKS_CLIENT_FULL(error.max) : MESSAGES.TASKS_FULL;
  const { retryAfterMs } = error;
  const seconds =
    typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs)
      ? Math.max(1, Math.ceil(retryAfterMs / 1000))
      : options.retryAfterSeconds;
  return tooMany(message, seconds);
}

/**
 * The result a completed task keeps: the tool's, or, when its JSON is larger than `max` bytes, an
 * `isError` result that says so (the size, never the content).
 * @internal
 */
export function boundedResult(result: JsonObject, max: number): JsonObject {
  const bytes = jsonBytes(result);
  if (bytes <= max) return result;
  return {
    resultType: 'complete',
    content: [{ type: 'text', text: MESSAGES.TASK_RESULT_TOO_LARGE(bytes, max) }],
    isError: true,
  };
}

/**
 * The error a failed task keeps: the handler's, or, when its JSON is larger than `max` bytes, a
 * -32603 that says so.
 * @internal
 */
export function boundedError(error: JsonRpcErrorObject, max: number): JsonRpcErrorObject {
  if (jsonBytes(error) <= max) return error;
  return { code: ErrorCode.InternalError, message: MESSAGES.TASK_ERROR_TOO_LARGE(max) };
}
