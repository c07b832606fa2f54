import {
  ErrorCode,
  LATEST_LEGACY_VERSION,
  LEGACY_VERSIONS,
  META_KEYS,
  MODERN_PROTOCOL_VERSION,
  SnodoError,
  isJsonObject,
  isSnodoError,
  type Implementation,
  type JsonObject,
  type ProtocolVersion,
} from '../core/internal.js';
import { CLIENT_MESSAGES } from './client.messages.js';

/** What negotiating needs of the client: requests in a revision, and one notification. @internal */
export interface NegotiationPeer {
  /** Sends a request speaking `version` (the 2026-07-28 envelope, or in the session). */
  request(method: string, params: JsonObject, version: string): Promise<JsonObject>;
  /** Sends a notification in the session. */
  notify(method: string, version: string): Promise<void>;
  readonly capabilities: JsonObject;
  readonly clientInfo: Implementation;
}

/** What the server said of itself. @internal */
export interface Negotiated {
  readonly version: string;
  readonly serverInfo?: Implementation;
  readonly capabilities: JsonObject;
  readonly instructions?: string;
}

/** The revisions an -32022 error says the server serves, or `undefined`. */
function supportedOf(error: unknown): readonly string[] | undefined {
  if (!isSnodoError(error) || error.code !== (ErrorCode.UnsupportedProtocolVersion as number))
    return undefined;
  const data = error.data;
  if (!isJsonObject(data) || !Array.isArray(data.supported)) return undefined;
  return data.supported.filter((version): version is string => typeof version === 'string');
}

/**
 * `server/discover`, sent again once when the server refuses the revision with -32022 but lists
 * it as supported (SEP-2575: a client retries with a supported revision).
 * @returns the result, or the error the caller decides on.
 */
async function discover(peer: NegotiationPeer): Promise<JsonObject | { error: unknown }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await peer.request('server/discover', {}, MODERN_PROTOCOL_VERSION);
    } catch (error) {
      const supported = supportedOf(error);
      if (attempt > 0 || supported?.includes(MODERN_PROTOCOL_VERSION) !== true) return { error };
    }
  }
}

/** The newest initialize-era revision the client speaks among those a -32022 error lists. */
function legacyFallback(error: unknown): string {
  const supported = supportedOf(error) ?? [];
  return LEGACY_VERSIONS.find((version) => supported.includes(version)) ?? LATEST_LEGACY_VERSION;
}

/**
 * Agrees on a revision: `server/discover` for 2026-07-28 (sent again once after a -32022 that
 * lists it), and an `initialize` handshake when the server does not serve it (unless the caller
 * asked for 2026-07-28) or when the caller asked for an older revision.
 * @throws {SnodoError} -32022 when 2026-07-28 was asked for and the server does not serve it, or
 *   the error the server answered with.
 * @internal
 */
export async function negotiate(
  peer: NegotiationPeer,
  wanted: ProtocolVersion | undefined,
): Promise<Negotiated> {
  if (wanted !== undefined && wanted !== MODERN_PROTOCOL_VERSION) return initialize(peer, wanted);
  const discovered = await discover(peer);
  if ('error' in discovered) {
    if (wanted !== undefined || !(discovered.error instanceof SnodoError)) throw discovered.error;
    return initialize(peer, legacyFallback(discovered.error));
  }
  const versions = discovered.supportedVersions;
  if (Array.isArray(versions) && versions.includes(MODERN_PROTOCOL_VERSION)) {
    const meta = isJsonObject(discovered._meta) ? discovered._meta : {};
    return {
      version: MODERN_PROTOCOL_VERSION,
      serverInfo: meta[META_KEYS.serverInfo] as Implementation | undefined,
      capabilities: isJsonObject(discovered.capabilities) ? discovered.capabilities : {},
      ...(typeof discovered.instructions === 'string'
        ? { instructions: discovered.instructions }
        : {}),
    };
  }
  if (wanted !== undefined) {
    throw new SnodoError(ErrorCode.UnsupportedProtocolVersion, CLIENT_MESSAGES.NO_MODERN_REVISION);
  }
  return initialize(peer, LATEST_LEGACY_VERSION);
}

/** The `initialize` handshake, then `notifications/initialized`, in the revision the server chose. */
async function initialize(peer: NegotiationPeer, version: string): Promise<Negotiated> {
  const result = await peer.request(
    'initialize',
    { protocolVersion: version, capabilities: peer.capabilities, clientInfo: peer.clientInfo },
    version,
  );
  const agreed = typeof result.protocolVersion === 'string' ? result.protocolVersion : version;
  await peer.notify('notifications/initialized', agreed);
  return {
    version: agreed,
    serverInfo: result.serverInfo as Implementation | undefined,
    capabilities: isJsonObject(result.capabilities) ? result.capabilities : {},
    ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
  };
}
