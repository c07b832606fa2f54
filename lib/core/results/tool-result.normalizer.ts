import { isSnodoError, SnodoError } from '../errors/snodo.error.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { failure, success, type DispatchOutcome } from './dispatch-outcome.type.js';
import type { CallToolResult } from './content.type.js';
import { findNonJson } from './json-value.js';
import { isResult, Result } from './result.js';

/**
 * Turns what a tool handler returned (or threw) into a `tools/call` result or a JSON-RPC error,
 * as follows:
 *
 * - a string: one text block;
 * - a `Result`: unchanged;
 * - `undefined`: an empty content list;
 * - any other JSON value: structured content plus its JSON as text;
 * - a `SnodoError`: that JSON-RPC error;
 * - any other `Error`: an `isError` result with a safe message (no stack, no internals);
 * - a value that is not JSON: -32603 naming what is wrong with it.
 *
 * @param toolName used in messages.
 * @param outcome the handler's return value, or `{ thrown }` when it threw.
 * @param hasOutputSchema a non-error result must then carry structured content.
 * @internal
 */
export function normalizeToolResult(
  toolName: string,
  outcome: { value: unknown } | { thrown: unknown },
  hasOutputSchema: boolean,
): DispatchOutcome<CallToolResult> {
  const value = 'thrown' in outcome ? outcome.thrown : outcome.value;
  if (isSnodoError(value)) return failure(value);
  if (value instanceof Error || 'thrown' in outcome) {
    return success(Result.error(MESSAGES.TOOL_FAILED(toolName)));
  }
  let result: CallToolResult;
  if (typeof value === 'string') {
    // The common case, built as a plain object: only results handed in by users need a brand.
    result = { content: [{ type: 'text', text: value }] };
  } else if (isResult(value)) {
    result = value;
  } else if (value === undefined) {
    result = { content: [] };
  } else {
    const reason = findNonJson(value);
    if (reason !== undefined) {
      return failure(SnodoError.internal(MESSAGES.TOOL_NOT_JSON(toolName, reason)));
    }
    result = Result.structured(value);
  }
  if (hasOutputSchema && result.isError !== true && result.structuredContent === undefined) {
    return failure(SnodoError.internal(MESSAGES.TOOL_OUTPUT_MISSING(toolName)));
  }
  return success(result);
}
