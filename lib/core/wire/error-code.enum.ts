/**
 * JSON-RPC error codes the server puts on the wire.
 *
 * The -32700…-32600 block is JSON-RPC 2.0; -32002 is the legacy MCP "resource not found";
 * -32020…-32022 are the 2026-07-28 protocol errors (https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes).
 * @publicApi
 */
export enum ErrorCode {
  /** The message (a POST body, a stdio line) is not valid JSON. */
  ParseError = -32700,
  /** The request is not acceptable as sent: not valid JSON-RPC, or refused (see the message). */
  InvalidRequest = -32600,
  /** The method does not exist, or this server does not serve it. */
  MethodNotFound = -32601,
  /** The params are wrong: a field missing or ill-typed, or a name or URI the server lacks. */
  InvalidParams = -32602,
  /** The server failed while handling the request; the message gives no details. */
  InternalError = -32603,
  /** Implementation-defined legacy code used for an unknown or expired session. */
  SessionNotFound = -32001,
  /** No resource at the URI of a `resources/read` (legacy revisions; 2026-07-28 uses -32602). */
  ResourceNotFound = -32002,
  /** An `Mcp-*` HTTP header disagrees with the request body (2026-07-28). */
  HeaderMismatch = -32020,
  /** The request needs a client capability or extension the client did not declare. */
  MissingRequiredClientCapability = -32021,
  /**
   * The request names a revision the server does not serve; `data` lists those it does
   * (2026-07-28).
   */
  UnsupportedProtocolVersion = -32022,
  /** The caller is not authenticated (application range; HTTP 401). */
  Unauthorized = -31401,
  /** The caller may not use this component (application range; HTTP 403). */
  Forbidden = -31403,
}
