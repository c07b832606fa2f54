import {
  ErrorCode,
  SnodoError,
  TASKS_EXTENSION,
  isTerminal,
  type InputRequest,
  type JsonObject,
  type TaskView,
} from '../core/internal.js';
import { CLIENT_MESSAGES } from './client.messages.js';

/**
 * What starting a tool that may run as a task gave: the task (`resultType: "task"`), or the
 * tool's result when the server answered at once.
 * @publicApi
 */
export type ToolStart =
  | { readonly task: TaskView & JsonObject; readonly result?: undefined }
  | { readonly result: JsonObject; readonly task?: undefined };

/**
 * Options of `SnodoClient.waitForTask()`.
 * @publicApi
 */
export interface WaitForTaskOptions {
  /**
   * Answers the input requests of a task that waits for input (`input_required`), by key: what
   * the user or model said to each elicitation, sampling or roots request. Without it, waiting
   * stops at `input_required` and the task is returned as it stands.
   */
  onInputRequired?: (
    requests: Readonly<Record<string, InputRequest>>,
    task: TaskView & JsonObject,
  ) => Promise<Record<string, JsonObject>> | Record<string, JsonObject>;
  /** Stops waiting (the task goes on; cancel it with `cancelTask()`). */
  signal?: AbortSignal;
  /** Milliseconds between polls. @default the task's `pollIntervalMs`, or 1_000 */
  pollIntervalMs?: number;
}

/** The request a task method needs: the client capabilities with the tasks extension added. */
export function withTasksExtension(capabilities: JsonObject | undefined): JsonObject {
  const extensions = (capabilities?.extensions ?? {}) as JsonObject;
  return { ...capabilities, extensions: { ...extensions, [TASKS_EXTENSION]: {} } };
}

/** A `tools/call` result read as a start: a task, or the tool's result. */
export function toolStart(result: JsonObject): ToolStart {
  if (result.resultType === 'task' && typeof result.taskId === 'string') {
    return { task: result as TaskView & JsonObject };
  }
  return { result };
}

const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted === true) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });

/** The task operations `waitFor` drives. */
export interface TaskOperations {
  get(taskId: string): Promise<TaskView & JsonObject>;
  update(taskId: string, inputResponses: Record<string, JsonObject>): Promise<void>;
}

/**
 * Polls a task until it is terminal (or waits for input and no one answers), answering its input
 * requests with `onInputRequired`, each key once.
 */
export async function waitFor(
  operations: TaskOperations,
  taskId: string,
  options: WaitForTaskOptions,
): Promise<TaskView & JsonObject> {
  const answered = new Set<string>();
  for (;;) {
    const task = await operations.get(taskId);
    if (isTerminal(task.status)) return task;
    if (task.status === 'input_required') {
      const requests = Object.fromEntries(
        Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key)),
      );
      if (Object.keys(requests).length > 0) {
        if (options.onInputRequired === undefined) return task;
        const answers = await options.onInputRequired(requests, task);
        if (typeof answers !== 'object' || answers === null) {
          throw new SnodoError(ErrorCode.InvalidParams, CLIENT_MESSAGES.BAD_TASK_ANSWERS);
        }
        for (const key of Object.keys(answers)) answered.add(key);
        await operations.update(taskId, answers);
        continue;
      }
    }
    await sleep(options.pollIntervalMs ?? task.pollIntervalMs ?? 1_000, options.signal);
  }
}
