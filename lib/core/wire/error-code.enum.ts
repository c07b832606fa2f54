/**
 * JSON-RPC error codes the server puts on the wire.
 *
 * The -32700…-32600 block is JSON-RPC 2.0; -32002 is the legacy MCP "resource not found";
 * -32020…-32022 are the 2026-07-28 protocol errors (https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes).
 * @publicApi
 */
export enum ErrorCode {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  /** Implementation-defined legacy code used for an unknown or expired session. */
  SessionNotFound = -32001,
  ResourceNotFound = -32002,
  HeaderMismatch = -32020,
  MissingRequiredClientCapability = -32021,
  UnsupportedProtocolVersion = -32022,
  /** The caller is not authenticated (application range; HTTP 401). */
  Unauthorized = -31401,
  /** The caller may not use this component (application range; HTTP 403). */
  Forbidden = -31403,
}
