/**
 * The protocol revisions this server speaks, newest first.
 * @publicApi
 */
export const PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18'] as const;

/** One of {@link PROTOCOL_VERSIONS}. @publicApi */
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

/** The stateless revision: per-request `_meta`, no handshake. @publicApi */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** The newest initialize-era revision, offered when a client asks for one we do not serve. @publicApi */
export const LATEST_LEGACY_VERSION = '2025-11-25';

/** The two protocol eras (spec DIGEST §0). @publicApi */
export type ProtocolEra = 'legacy' | 'modern';

/** Reserved `_meta` keys of the 2026-07-28 envelope. @publicApi */
export const META_KEYS = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/**
 * Whether a version string names the modern era. Revisions are ISO dates, so they compare as strings.
 * @publicApi
 */
export function isModernVersion(version: string): boolean {
  return version >= MODERN_PROTOCOL_VERSION;
}

/** Whether the server serves this exact revision. @publicApi */
export function isSupportedVersion(version: string): version is ProtocolVersion {
  return (PROTOCOL_VERSIONS as readonly string[]).includes(version);
}
