/**
 * What the wire layer answers a message it cannot read: the JSON-RPC parser's refusals. Part of
 * the core's catalog (`MESSAGES` holds them too); kept here so that the wire imports nothing else
 * of the core.
 * @internal
 */
export const WIRE_MESSAGES = {
  PARSE_ERROR: 'Parse error: the body is not valid JSON',
  EMPTY_BATCH: 'Invalid request: a batch must hold at least one message',
  NESTED_BATCH: 'Invalid request: a batch cannot hold another batch',
  NOT_AN_OBJECT: 'Invalid request: a JSON-RPC message must be a JSON object',
  WRONG_JSONRPC: 'Invalid request: "jsonrpc" must be "2.0"',
  MISSING_METHOD: 'Invalid request: "method" must be a non-empty string',
  BAD_ID: 'Invalid request: "id" must be a string or an integer',
  BAD_PARAMS: 'Invalid request: "params" must be an object when present',
  TOO_DEEP: (max: number) =>
    `Invalid request: the message nests objects and arrays deeper than ${max} levels; send a flatter one`,
} as const;
