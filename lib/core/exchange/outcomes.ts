import { ErrorCode } from '../wire/error-code.enum.js';
import { SnodoError } from '../errors/snodo.error.js';
import type { Implementation } from '../components/call-context.interface.js';
import type { HandleOutcome } from './exchange.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject, JsonRpcErrorObject, JsonRpcId } from '../wire/json-rpc.type.js';
import { META_KEYS } from '../wire/protocol-version.js';
import { serializedOnce } from '../wire/serialized-message.js';

/** An accepted notification or response: 202 and no body. @internal */
export const ACCEPTED: HandleOutcome = Object.freeze({ status: 202 });

/** A JSON-RPC error response, with the headers a {@link SnodoError} asks for. @internal */
export function errorOutcome(
  id: JsonRpcId | undefined,
  error: JsonRpcErrorObject | SnodoError,
  status: number,
): HandleOutcome {
  return {
    status,
    ...(error instanceof SnodoError && error.http?.headers !== undefined
      ? { headers: error.http.headers }
      : {}),
    response: {
      jsonrpc: '2.0',
      ...(id === undefined ? {} : { id }),
      error: error instanceof SnodoError ? error.toJSON() : error,
    },
  };
}

/** A -32020 header mismatch (HTTP 400). @internal */
export const headerError = (id: JsonRpcId | undefined, message: string): HandleOutcome =>
  errorOutcome(id, new SnodoError(ErrorCode.HeaderMismatch, message), 400);

/**
 * The HTTP status of a JSON-RPC error raised while serving: only -32021 is 400
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http).
 * @internal
 */
export const statusOf = (error: SnodoError): number =>
  error.http?.status ??
  (error.code === (ErrorCode.MissingRequiredClientCapability as number) ? 400 : 200);

/** A successful response, as it is. @internal */
export const resultOutcome = (id: JsonRpcId, result: JsonObject): HandleOutcome => ({
  status: 200,
  response: { jsonrpc: '2.0', id, result },
});

/**
 * The `_meta` of a 2026-07-28 result that has none of its own: the server's identity, made once
 * per runtime and shared by every such result (frozen, its JSON text prepared once: see
 * `serializeMessage`).
 * @internal
 */
export const resultMetaOf = (serverInfo: Implementation): JsonObject =>
  serializedOnce({ [META_KEYS.serverInfo]: serverInfo });

/**
 * A 2026-07-28 result: `resultType` first, and the server's identity in `_meta` (the runtime's
 * {@link resultMetaOf}, merged after the result's own `_meta` when it has one).
 * @internal
 */
export function modernBody(resultMeta: JsonObject, result: JsonObject): JsonObject {
  const own = result._meta;
  // Assigned, not written after the spread in the literal: V8 defines a literal's properties
  // after a spread through its runtime when the function is not optimised.
  const body: JsonObject = { resultType: 'complete', ...result };
  body._meta = isJsonObject(own) ? Object.assign({}, own, resultMeta) : resultMeta;
  return body;
}
