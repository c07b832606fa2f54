import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import type { CallToolResult } from '../results/content.type.js';
import type { DispatchOutcome } from '../results/dispatch-outcome.type.js';
import type { HandleOutcome } from '../exchange/exchange.js';
import { statusOf } from '../exchange/outcomes.js';
import { checkParamHeaders } from './param-headers.js';
import { PROTOCOL_VERSIONS, REVISIONS } from '../wire/protocol-version.js';
import type { MethodCall, RequestMethod } from './method-descriptor.js';
import { ErrorCode } from '../wire/error-code.enum.js';
import type { ToolRequestCheck } from '../router/tool-call.js';
import { encodeToolResult } from '../results/content.encoder.js';

/**
 * The `Mcp-Param-*` headers of a 2026-07-28 HTTP call against its arguments (see x-mcp-header.ts),
 * checked once the caller may see the tool.
 * @internal
 */
export function paramHeaderCheck(call: MethodCall, name: string): ToolRequestCheck | undefined {
  const headers = call.exchange.headers;
  if (!call.modern || headers?.param === undefined) return undefined;
  const headerParams = call.runtime.router.headerParamsOf(name);
  if (headerParams.length === 0) return undefined;
  const read = (field: string) => headers.param?.(field);
  return (_tool, args) => {
    const mismatch = checkParamHeaders(headerParams, args, read);
    return mismatch === undefined
      ? undefined
      : new SnodoError(ErrorCode.HeaderMismatch, mismatch, undefined, { status: 400 });
  };
}

/**
 * `tools/call`: runs a tool. The 2025 revisions take only an object as `structuredContent`, so any
 * other value travels as `{ result: value }` there.
 */
export const TOOLS_CALL: RequestMethod = {
  kind: 'request',
  method: 'tools/call',
  revisions: PROTOCOL_VERSIONS,
  capability: 'tools',
  target: 'name',
  asksForInput: true,
  component: (params) => (typeof params.name === 'string' ? params.name : undefined),
  spanAttributes: (tool) => ({ 'gen_ai.tool.name': tool, 'gen_ai.operation.name': 'execute_tool' }),
  // Not async: a tool that answered at once is answered at once (see `callTool`).
  serve(call) {
    const { params, runtime } = call;
    const name = params.name;
    if (typeof name !== 'string') {
      return call.error(SnodoError.invalidParams(MESSAGES.TOOL_NAME_REQUIRED));
    }
    const check = paramHeaderCheck(call, name);
    const outcome = runtime.router.dispatchTool(
      name,
      params,
      call.context(),
      runtime.dispatchOptions,
      check,
    );
    return outcome instanceof Promise
      ? outcome.then((ended) => answerToolCall(call, ended))
      : answerToolCall(call, outcome);
  },
};

/** The answer to a tool call that ended: its result, or its JSON-RPC error. @internal */
export function answerToolCall(
  call: MethodCall,
  outcome: DispatchOutcome<CallToolResult>,
): HandleOutcome {
  if (!outcome.ok) return call.error(outcome.error, statusOf(outcome.error));
  return call.result(encodeToolResult(outcome.value, REVISIONS[call.client.version]));
}
