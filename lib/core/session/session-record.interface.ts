import type { Implementation, LoggingLevel } from '../components/call-context.interface.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { ProtocolVersion } from '../wire/protocol-version.js';

/**
 * What the server remembers of an initialize-era session.
 * @publicApi
 */
export interface SessionRecord {
  /** The session's id: over HTTP, the `Mcp-Session-Id` the client sends with each request. */
  readonly id: string;
  /** The negotiated revision. */
  readonly protocolVersion: ProtocolVersion;
  /** The client's self-description from `initialize`: for display and logs only. */
  readonly clientInfo?: Implementation;
  /** The capabilities the client declared in `initialize`. */
  readonly clientCapabilities: JsonObject;
  /** Whether `notifications/initialized` has arrived. */
  readonly initialized: boolean;
  /** The level set with `logging/setLevel`; unset: every level is sent. */
  readonly logLevel?: LoggingLevel;
  /**
   * Who opened the session, when the server checks bearer tokens: requests of any other caller
   * (or of none) are answered as for an unknown session.
   */
  readonly owner?: string;
  /**
   * The client the session counts against for the per-client share of the store
   * (`maxSessionsPerClient`): the verified caller when the server checks bearer tokens, else the
   * `key` of `initializeRateLimit` when it has one, else the remote address. Unset: the session
   * counts against no client's share.
   */
  readonly client?: string;
}
