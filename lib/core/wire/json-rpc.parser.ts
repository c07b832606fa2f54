import { ErrorCode } from './error-code.enum.js';
import type {
  InboundBatch,
  InboundMessage,
  JsonObject,
  JsonRpcErrorObject,
  JsonRpcId,
} from './json-rpc.type.js';
import { exactIntegerId, topLevelId, type IdSource } from './id-tokens.js';
import { nestsDeeperThan, valueNestsDeeperThan } from './json-depth.js';
import { WIRE_MESSAGES } from './wire.messages.js';

type OneMessage = Exclude<InboundMessage, InboundBatch>;

const invalid = (
  message: string,
  id: JsonRpcId | undefined,
  code: number = ErrorCode.InvalidRequest,
): OneMessage => ({ kind: 'invalid', error: { code, message }, id });

/** Whether a value is a plain JSON object (not an array, not null). @internal */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A message's id: a string, or an integer, read back from the message's text (`source`, message
 * `index` of a batch) when it is too large for a number to hold exactly.
 */
function readId(value: unknown, source?: IdSource, index = 0): JsonRpcId | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isInteger(value)) {
    return exactIntegerId(value, source, index);
  }
  return undefined;
}

/**
 * Classifies one parsed JSON value as a request, a notification, a response, a batch of those
 * (an array, which only 2025-03-26 sessions take) or an invalid message. With the text it was
 * parsed from (`source`), an integer id too large for a number is kept exactly.
 * @publicApi
 */
export function classifyMessage(value: unknown, source?: IdSource): InboundMessage {
  if (!Array.isArray(value)) return classifyOne(value, source, 0);
  if (value.length === 0) return invalid(WIRE_MESSAGES.EMPTY_BATCH, undefined);
  return { kind: 'batch', items: value.map((item, index) => classifyOne(item, source, index)) };
}

/** One message, not a batch (an array inside a batch is invalid). */
function classifyOne(value: unknown, source: IdSource | undefined, index: number): OneMessage {
  if (Array.isArray(value)) return invalid(WIRE_MESSAGES.NESTED_BATCH, undefined);
  if (!isJsonObject(value)) return invalid(WIRE_MESSAGES.NOT_AN_OBJECT, undefined);
  const hasId = 'id' in value && value.id !== undefined;
  const id = readId(value.id, source, index);
  if (value.jsonrpc !== '2.0') return invalid(WIRE_MESSAGES.WRONG_JSONRPC, id);
  if (hasId && id === undefined) return invalid(WIRE_MESSAGES.BAD_ID, undefined);
  if (!('method' in value) && ('result' in value || 'error' in value)) {
    const result = isJsonObject(value.result) ? value.result : undefined;
    const error = isJsonObject(value.error)
      ? (value.error as unknown as JsonRpcErrorObject)
      : undefined;
    return {
      kind: 'response',
      id,
      ...(result === undefined ? {} : { result }),
      ...(error === undefined ? {} : { error }),
    };
  }
  if (typeof value.method !== 'string' || value.method.length === 0) {
    return invalid(WIRE_MESSAGES.MISSING_METHOD, id);
  }
  if (value.params !== undefined && !isJsonObject(value.params)) {
    return invalid(WIRE_MESSAGES.BAD_PARAMS, id);
  }
  const params = value.params;
  if (id === undefined) {
    return {
      kind: 'notification',
      message: { jsonrpc: '2.0', method: value.method, params },
    };
  }
  return {
    kind: 'request',
    message: { jsonrpc: '2.0', id, method: value.method, params },
  };
}

/** How deep a message may nest when the caller gives no limit (`ServerLimits.maxJsonDepth`). */
const DEFAULT_MAX_DEPTH = 128;

/**
 * Classifies a value a framework's body parser already made: like {@link classifyMessage}, after
 * checking its nesting depth. `source`: as for {@link classifyMessage}.
 * @publicApi
 */
export function classifyParsed(
  value: unknown,
  maxDepth = DEFAULT_MAX_DEPTH,
  source?: IdSource,
): InboundMessage {
  if (valueNestsDeeperThan(value, maxDepth)) {
    const id = isJsonObject(value) ? readId(value.id, source) : undefined;
    return invalid(WIRE_MESSAGES.TOO_DEEP(maxDepth), id);
  }
  return classifyMessage(value, source);
}

/**
 * Parses the text of one message. Malformed JSON is a -32700 parse error; JSON nested deeper than
 * `maxDepth` is refused (-32600) before it is parsed.
 * @publicApi
 */
export function parseMessage(text: string, maxDepth = DEFAULT_MAX_DEPTH): InboundMessage {
  if (nestsDeeperThan(text, maxDepth)) {
    return invalid(WIRE_MESSAGES.TOO_DEEP(maxDepth), topLevelId(text));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return invalid(WIRE_MESSAGES.PARSE_ERROR, undefined, ErrorCode.ParseError);
  }
  return classifyMessage(value, text);
}
