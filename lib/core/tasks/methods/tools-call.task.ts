import { isSnodoError } from '../../errors/snodo.error.js';
import { clientDeclares, missingExtension } from '../../extensions/server-extension.js';
import type { HandleOutcome } from '../../exchange/exchange.js';
import type { MethodCall, RequestMethod } from '../../methods/method-descriptor.js';
import { TOOLS_CALL, answerToolCall, paramHeaderCheck } from '../../methods/tools-call.js';
import { statusOf } from '../../exchange/outcomes.js';
import type { ToolRequestCheck } from '../../router/tool-call.js';
import type { TaskManager } from '../task-manager.js';
import { TASKS_EXTENSION, viewOf } from '../../task-store/task.js';

/**
 * `tools/call` with the tasks extension: a tool with task support runs as a task for a client that
 * declared the extension (unless it ends before it starts one), as a plain call for the others, or
 * answers -32021 when it requires a task (once the caller may see it). Other tools are called as
 * the protocol's `tools/call` does.
 * @internal
 */
export function toolsCallWithTasks(manager: TaskManager): RequestMethod {
  return {
    ...TOOLS_CALL,
    serve(call) {
      const { name } = call.params;
      if (typeof name !== 'string' || call.runtime.router.taskOf(name) === undefined) {
        return TOOLS_CALL.serve(call);
      }
      return callTaskTool(call, name, manager);
    },
  };
}

async function callTaskTool(
  call: MethodCall,
  name: string,
  manager: TaskManager,
): Promise<HandleOutcome> {
  const { runtime, params } = call;
  const headers = paramHeaderCheck(call, name);
  if (!call.modern || !clientDeclares(call.client, TASKS_EXTENSION)) {
    const check: ToolRequestCheck = (tool, args) =>
      tool.task?.support === 'required' ? missingExtension(TASKS_EXTENSION) : headers?.(tool, args);
    const context = call.context();
    const outcome = await runtime.router.callTool(
      name,
      params,
      context,
      runtime.dispatchOptions,
      check,
    );
    return answerToolCall(call, outcome);
  }
  try {
    const first = await manager.callTool(call, name, (context) =>
      runtime.router.callTool(name, params, context, runtime.dispatchOptions, headers),
    );
    if ('task' in first) return call.result({ resultType: 'task', ...viewOf(first.task) });
    return answerToolCall(call, first.outcome);
  } catch (thrown) {
    // A task the server could not take (too many): the error says so.
    if (isSnodoError(thrown)) return call.error(thrown, statusOf(thrown));
    throw thrown;
  }
}
