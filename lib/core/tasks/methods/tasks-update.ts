import { MESSAGES } from '../../errors/messages.constant.js';
import { SnodoError } from '../../errors/snodo.error.js';
import { isJsonObject } from '../../wire/json-rpc.parser.js';
import type { RequestMethod } from '../../methods/method-descriptor.js';
import type { TaskManager } from '../task-manager.js';
import type { TaskMethod } from '../../task-store/task.js';
import { TASK_METHOD, namedTask } from './tasks-get.js';

/**
 * `tasks/update`: answers to the task's outstanding input requests (`inputResponses`, by key).
 * They are taken before the ack, answers to keys the task is not waiting for are ignored, and
 * once none is outstanding the tool runs again with every answer.
 * @internal
 */
export function tasksUpdate(manager: TaskManager): RequestMethod {
  return {
    ...TASK_METHOD,
    method: 'tasks/update' satisfies TaskMethod,
    async serve(call) {
      const responses = call.params.inputResponses ?? {};
      if (!isJsonObject(responses)) {
        return call.error(SnodoError.invalidParams(MESSAGES.INPUT_RESPONSES_NOT_OBJECT));
      }
      const named = await namedTask(call, manager);
      if ('refusal' in named) return named.refusal;
      await manager.feed(named.task, responses, call);
      return call.result({});
    },
  };
}
