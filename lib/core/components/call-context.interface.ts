import type { JsonObject } from '../protocol/json-rpc.type.js';
import type { ProtocolEra, ProtocolVersion } from '../protocol/protocol-version.js';

/** The name and version a client or server gives of itself. @publicApi */
export interface Implementation {
  name: string;
  version: string;
  title?: string;
  [key: string]: unknown;
}

/** Which transport carried a request. @publicApi */
export type TransportKind = 'http' | 'stdio' | 'in-process';

/**
 * What a handler knows about the request it serves. Nothing here survives the request.
 * @publicApi
 */
export interface CallContext {
  /** The revision the request is served under. */
  readonly protocolVersion: ProtocolVersion;
  readonly era: ProtocolEra;
  /** The client's self-description: for display and logs only, never for decisions. */
  readonly clientInfo?: Implementation;
  /** The capabilities the client declared (per request in 2026-07-28, per session before). */
  readonly clientCapabilities: JsonObject;
  /** The initialize-era session, if any. */
  readonly sessionId?: string;
  /** The request's `params._meta`. */
  readonly meta: JsonObject;
  /** Aborted when the client cancels or goes away. */
  readonly signal: AbortSignal;
  readonly transport: TransportKind;
  /** The transport's request object (a Node `IncomingMessage` over HTTP). */
  readonly request?: unknown;
}
