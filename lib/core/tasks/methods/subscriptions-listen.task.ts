import { MESSAGES } from '../../errors/messages.constant.js';
import { SnodoError } from '../../errors/snodo.error.js';
import { clientDeclares, missingExtension } from '../../extensions/server-extension.js';
import type { HandleOutcome } from '../../exchange/exchange.js';
import { isJsonObject } from '../../wire/json-rpc.parser.js';
import type { JsonObject } from '../../wire/json-rpc.type.js';
import type { MethodCall, RequestMethod } from '../../methods/method-descriptor.js';
import { statusOf } from '../../exchange/outcomes.js';
import { SUBSCRIPTIONS_LISTEN } from '../../methods/subscriptions.js';
import type { TaskManager } from '../task-manager.js';
import { TASKS_EXTENSION } from '../../task-store/task.js';

/**
 * The task ids a listen request asks for (`notifications.taskIds`), checked: `undefined` when it
 * asks for none, or the refusal to answer.
 */
function askedTaskIds(
  call: MethodCall,
): { readonly ids?: readonly string[] } | { readonly refusal: SnodoError } {
  const notifications = call.params.notifications;
  const asked = isJsonObject(notifications) ? notifications.taskIds : undefined;
  if (asked === undefined) return {};
  if (!clientDeclares(call.client, TASKS_EXTENSION)) {
    return { refusal: missingExtension(TASKS_EXTENSION) };
  }
  const max = call.runtime.limits.maxListenUris;
  if (!Array.isArray(asked) || asked.some((id) => typeof id !== 'string')) {
    return { refusal: SnodoError.invalidParams(MESSAGES.LISTEN_TASK_IDS_NOT_STRINGS) };
  }
  if (asked.length > max) {
    return { refusal: SnodoError.invalidParams(MESSAGES.LISTEN_TASK_IDS_TOO_MANY(max)) };
  }
  return { ids: asked as string[] };
}

/**
 * The listen outcome with the tasks it honours added: the caller's own tasks among those asked
 * for (another caller's task, or an unknown one, is left out as if it did not exist).
 */
async function withTasks(
  outcome: HandleOutcome,
  ids: readonly string[],
  call: MethodCall,
  manager: TaskManager,
): Promise<HandleOutcome> {
  const { listen } = outcome;
  if (listen === undefined) return outcome;
  const honoured = new Set<string>();
  for (const id of new Set(ids)) {
    if ((await manager.find(id, call.exchange.caller)) !== undefined) honoured.add(id);
  }
  const params = listen.acknowledgement.params as JsonObject;
  const notifications = { ...(params.notifications as JsonObject), taskIds: [...honoured] };
  return {
    ...outcome,
    listen: {
      ...listen,
      filter: { ...listen.filter, taskIds: honoured },
      acknowledgement: { ...listen.acknowledgement, params: { ...params, notifications } },
    },
  };
}

/**
 * `subscriptions/listen` with the tasks extension: `notifications.taskIds` asks for
 * `notifications/tasks` of those tasks (the caller's own), from a client that declared the
 * extension (-32021 otherwise). Everything else is the protocol's listen.
 * @internal
 */
export function subscriptionsListenWithTasks(manager: TaskManager): RequestMethod {
  return {
    ...SUBSCRIPTIONS_LISTEN,
    async serve(call) {
      const asked = askedTaskIds(call);
      if ('refusal' in asked) return call.error(asked.refusal, statusOf(asked.refusal));
      const outcome = await SUBSCRIPTIONS_LISTEN.serve(call);
      return asked.ids === undefined ? outcome : withTasks(outcome, asked.ids, call, manager);
    },
  };
}
