import type { ExactNumberId } from './id-tokens.js';

/**
 * A JSON-RPC request id. MCP forbids `null`. An integer too large for a JavaScript number is kept
 * as the token the client sent ({@link ExactNumberId}), so that its answer echoes it exactly.
 * @publicApi
 */
export type JsonRpcId = string | number | ExactNumberId;

/** The JSON-RPC error object as it travels on the wire. @publicApi */
export interface JsonRpcErrorObject {
  /** The error code (see {@link ErrorCode}). */
  code: number;
  /** One short sentence that says what went wrong. */
  message: string;
  /** Structured details, when the error has any. */
  data?: unknown;
}

/** A JSON object. @publicApi */
export type JsonObject = Record<string, unknown>;

/** A JSON-RPC request. @publicApi */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: JsonObject;
}

/** A JSON-RPC notification (a request without id). @publicApi */
export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: JsonObject;
}

/** A successful JSON-RPC response. @publicApi */
export interface JsonRpcResultResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result: JsonObject;
}

/** A JSON-RPC error response; `id` is absent only when the request id could not be read. @publicApi */
export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id?: JsonRpcId;
  error: JsonRpcErrorObject;
}

/** Any response the server sends. @publicApi */
export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;

/**
 * What one inbound message turned out to be.
 * @publicApi
 */
export type InboundMessage =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'response'; id: JsonRpcId | undefined; result?: JsonObject; error?: JsonRpcErrorObject }
  | { kind: 'invalid'; error: JsonRpcErrorObject; id: JsonRpcId | undefined }
  | InboundBatch;

/**
 * A JSON-RPC batch: an array of messages, each classified (2025-03-26 sessions take them; every
 * other revision refuses them).
 * @publicApi
 */
export interface InboundBatch {
  readonly kind: 'batch';
  readonly items: readonly Exclude<InboundMessage, InboundBatch>[];
}
