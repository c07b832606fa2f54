import type { ServerResponse } from 'node:http';
import {
  ErrorCode,
  MESSAGES,
  serializeMessage,
  type HandleOutcome,
  type JsonRpcId,
} from '../../core/internal.js';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';
import type { BodyProblem } from './body-reader.js';

/**
 * Writes an outcome as one HTTP response: its JSON-RPC response as a JSON body, or no body.
 * @internal
 */
export function send(
  res: ServerResponse,
  outcome: HandleOutcome,
  extra?: Record<string, string>,
): void {
  if (outcome.response === undefined) {
    res.writeHead(outcome.status, extra).end();
    return;
  }
  const body = serializeMessage(outcome.response);
  const length = Buffer.byteLength(body);
  // Without extra headers (most responses), a literal with no spread: V8 defines the properties
  // that follow a spread through its runtime when the function is not optimised.
  res.writeHead(
    outcome.status,
    extra === undefined
      ? { 'Content-Type': 'application/json', 'Content-Length': length }
      : Object.assign({}, extra, { 'Content-Type': 'application/json', 'Content-Length': length }),
  );
  res.end(body);
}

/** Writes a batch's responses as one JSON array, with its status. @internal */
export function sendJson(res: ServerResponse, status: number, responses: readonly object[]): void {
  const text = `[${responses.map(serializeMessage).join(',')}]`;
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * Writes an HTTP error status with a JSON-RPC error body (with the request's id, when known).
 * @internal
 */
export function sendError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  id?: JsonRpcId,
  headers?: Record<string, string>,
): void {
  send(
    res,
    {
      status,
      response: { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message } },
    },
    headers,
  );
}

/**
 * Answers a body that cannot be served: 413 when it is over the limit and 400 when the client
 * stopped sending it (the connection is closed), -32700 with 400 when it is not JSON, 415 when it
 * is not declared as JSON.
 * @internal
 */
export function rejectBody(
  res: ServerResponse,
  problem: Exclude<BodyProblem, 'too-deep'>,
  bodyLimit: number,
): void {
  const close = { Connection: 'close' };
  switch (problem) {
    case 'too-large':
      return sendError(
        res,
        413,
        ErrorCode.InvalidRequest,
        TRANSPORT_MESSAGES.BODY_TOO_LARGE(bodyLimit),
        undefined,
        close,
      );
    case 'aborted':
      return sendError(
        res,
        400,
        ErrorCode.InvalidRequest,
        TRANSPORT_MESSAGES.BODY_ABORTED,
        undefined,
        close,
      );
    case 'malformed':
      return sendError(res, 400, ErrorCode.ParseError, MESSAGES.PARSE_ERROR);
    case 'media-type':
      return sendError(
        res,
        415,
        ErrorCode.InvalidRequest,
        TRANSPORT_MESSAGES.UNSUPPORTED_MEDIA_TYPE,
      );
  }
}
