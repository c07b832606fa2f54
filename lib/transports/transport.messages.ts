import { LEGACY_VERSIONS } from '../core/internal.js';

/** Messages of the transports (Streamable HTTP and stdio). @internal */
export const TRANSPORT_MESSAGES = {
  METHOD_NOT_ALLOWED: (method: string) =>
    `Method not allowed: ${method} is not served on the MCP endpoint; send JSON-RPC messages with POST`,
  GET_NOT_SUPPORTED:
    'Method not allowed: this server opens no GET stream; send JSON-RPC messages with POST',
  UNSUPPORTED_MEDIA_TYPE:
    'Unsupported media type: send the JSON-RPC message with Content-Type: application/json',
  NOT_ACCEPTABLE:
    'Not acceptable: the Accept header must allow application/json (send "application/json, text/event-stream")',
  BODY_TOO_LARGE: (limit: number) => `Request body too large: the limit is ${limit} bytes`,
  BODY_ABORTED: 'Bad request: the request body was not received in full',
  SESSION_REQUIRED:
    'Bad request: the Mcp-Session-Id header is required after initialize; send initialize first to open a session',
  SESSION_NOT_FOUND:
    'Session not found: it expired or was ended; send initialize again without Mcp-Session-Id',
  GET_NEEDS_EVENT_STREAM:
    'Not acceptable: a GET stream needs an Accept header that allows text/event-stream',
  STREAM_ALREADY_OPEN:
    'Conflict: this session already has a GET stream open; close it before opening another',
  UNKNOWN_LAST_EVENT_ID:
    'Not found: the Last-Event-ID names no event this session still keeps; send the request again',
  STORE_UNAVAILABLE:
    'Service unavailable: the shared session store cannot be reached; retry in a moment (requests without a session are not affected)',
  SHUTTING_DOWN:
    'Service unavailable: the server is shutting down; retry on another instance or later',
  BAD_LEGACY_VERSION_HEADER: `Bad request: the MCP-Protocol-Version header names a revision this server does not know; send the version negotiated by initialize (${LEGACY_VERSIONS.join(', ')})`,
  BAD_BODY_LIMIT: 'Snodo: bodyLimit must be a positive whole number of bytes',
  CLIENT_CLOSED: 'the client closed the connection',
  CLIENT_CANCELLED: 'the client cancelled the request',
  SHUTTING_DOWN_ABORT: 'the server is shutting down',
  STREAM_CLOSED: 'the stream is closed',
  TOO_MANY_SESSIONS: (limit: number, windowMs: number) =>
    `Too many requests: a client may open ${limit} sessions every ${windowMs} ms; retry after the Retry-After delay`,
  STDIO_FAILED: (kind: string) =>
    `snodo: a message could not be served (${kind}); it was answered with -32603`,
  INTERNAL: 'Internal error: the request could not be served; the server logged the cause',
  BAD_INITIALIZE_LIMIT:
    'Snodo: initializeRateLimit needs limit and windowMs as whole numbers of 1 or more (or false to turn the limit off)',
  BAD_INITIALIZE_KEY:
    'Snodo: initializeRateLimit.key must be a function that takes the request and returns the client, such as its forwarded address',
  NOT_THE_ENDPOINT: (path: string) => `Not found: the MCP endpoint is ${path}`,
  HOST_NOT_ALLOWED:
    'Forbidden: the Host header is not allowed (DNS rebinding protection); add it to allowedHosts',
  ORIGIN_NOT_ALLOWED:
    'Forbidden: the Origin header is not allowed (DNS rebinding protection); add it to allowedOrigins',
  BAD_SERVER_TIMEOUT: (name: string) =>
    `Snodo: ${name} must be a whole number of milliseconds, 1 or more`,
  BAD_SHUTDOWN_TIMEOUT: (max: number) =>
    `Snodo: shutdownTimeoutMs must be a whole number of milliseconds from 0 to ${max}, such as 10_000 (10 seconds)`,
  HEADERS_TIMEOUT_OVER_REQUEST: (headers: number, request: number) =>
    `Snodo: headersTimeout (${headers} ms) must not be longer than requestTimeout (${request} ms), which covers the headers too; shorten headersTimeout or lengthen requestTimeout`,
  CLIENT_LISTEN_STREAMS_FULL: (max: number) =>
    `Too many requests: this client already holds ${max} listen streams, the most one client may (limits.maxListenStreamsPerClient); close one, or ask for several URIs on one stream, before opening another`,
} as const;
