import { MESSAGES } from '../../errors/messages.constant.js';
import { SnodoError } from '../../errors/snodo.error.js';
import type { HandleOutcome } from '../../exchange/exchange.js';
import type { MethodCall, RequestMethod } from '../../methods/method-descriptor.js';
import { MODERN_VERSIONS } from '../../wire/protocol-version.js';
import type { TaskManager } from '../task-manager.js';
import {
  TASKS_EXTENSION,
  viewOf,
  type TaskMethod,
  type TaskRecord,
} from '../../task-store/task.js';

/**
 * The task a `tasks/*` request names, if the caller owns it; otherwise the -32602 to answer (an
 * unknown id, an expired task and another caller's task answer alike).
 * @internal
 */
export async function namedTask(
  call: MethodCall,
  manager: TaskManager,
): Promise<{ readonly task: TaskRecord } | { readonly refusal: HandleOutcome }> {
  const { taskId } = call.params;
  if (typeof taskId !== 'string' || taskId === '') {
    return { refusal: call.error(SnodoError.invalidParams(MESSAGES.TASK_ID_REQUIRED)) };
  }
  const task = await manager.find(taskId, call.exchange.caller);
  return task === undefined
    ? { refusal: call.error(SnodoError.invalidParams(MESSAGES.UNKNOWN_TASK)) }
    : { task };
}

/** What every `tasks/*` descriptor has. @internal */
export const TASK_METHOD = {
  kind: 'request',
  revisions: MODERN_VERSIONS,
  target: 'taskId',
  extension: TASKS_EXTENSION,
} as const;

/**
 * `tasks/get`: the task as it stands, its input requests, result or error included. A terminal
 * task it answers with is marked as read, so that it may make room for new tasks.
 * @internal
 */
export function tasksGet(manager: TaskManager): RequestMethod {
  return {
    ...TASK_METHOD,
    method: 'tasks/get' satisfies TaskMethod,
    async serve(call) {
      const named = await namedTask(call, manager);
      if ('refusal' in named) return named.refusal;
      const answer = call.result(viewOf(named.task));
      manager.fetched(named.task);
      return answer;
    },
  };
}
