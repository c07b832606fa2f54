import { MESSAGES } from '../errors/messages.constant.js';
import { isSnodoError, SnodoError } from '../errors/snodo.error.js';
import { failure, success, type DispatchOutcome } from './dispatch-outcome.type.js';
import { findNonJson } from './json-value.js';
import { isResourceReadResult, type ReadResourceResult } from './resource-result.js';

/**
 * Turns what a resource's `read` returned (or threw) into a `resources/read` result or a JSON-RPC
 * error, as follows:
 *
 * - a string: text at the requested URI with the declared mime type;
 * - a `Result.resourceRead(...)`: unchanged;
 * - `undefined`: the resource was not found (-32002, or -32602 for 2026-07-28);
 * - any other JSON value: JSON text, `application/json` unless another type is declared;
 * - a `SnodoError`: that error; any other error: -32603 with a safe message;
 * - a value that is not JSON: -32603 naming what is wrong with it.
 * @internal
 */
export function normalizeReadResult(
  name: string,
  uri: string,
  mimeType: string | undefined,
  outcome: { value: unknown } | { thrown: unknown },
): DispatchOutcome<ReadResourceResult> {
  const value = 'thrown' in outcome ? outcome.thrown : outcome.value;
  if (isSnodoError(value)) return failure(value);
  if (value instanceof Error || 'thrown' in outcome) {
    return failure(SnodoError.internal(MESSAGES.RESOURCE_FAILED(name)));
  }
  if (value === undefined) return failure(SnodoError.resourceNotFound(uri));
  if (typeof value === 'string') {
    return success({
      contents: [mimeType === undefined ? { uri, text: value } : { uri, mimeType, text: value }],
    });
  }
  if (isResourceReadResult(value)) return success(value);
  const reason = findNonJson(value);
  if (reason !== undefined)
    return failure(SnodoError.internal(MESSAGES.RESOURCE_NOT_JSON(name, reason)));
  return success({
    contents: [{ uri, mimeType: mimeType ?? 'application/json', text: JSON.stringify(value) }],
  });
}
