import type { RequestMethod } from '../../methods/method-descriptor.js';
import type { TaskManager } from '../task-manager.js';
import type { TaskMethod } from '../../task-store/task.js';
import { TASK_METHOD, namedTask } from './tasks-get.js';

/**
 * `tasks/cancel`: an empty ack; a task not yet terminal becomes `cancelled` and its run is
 * aborted (a terminal task stays as it is, and gets the same ack).
 * @internal
 */
export function tasksCancel(manager: TaskManager): RequestMethod {
  return {
    ...TASK_METHOD,
    method: 'tasks/cancel' satisfies TaskMethod,
    async serve(call) {
      const named = await namedTask(call, manager);
      if ('refusal' in named) return named.refusal;
      await manager.cancel(named.task.taskId, call.hub);
      return call.result({});
    },
  };
}
