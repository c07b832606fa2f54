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

/** The two protocol eras: initialize-era sessions, and stateless 2026-07-28 requests (https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning). @publicApi */
export type ProtocolEra = 'legacy' | 'modern';

/**
 * What sets one revision apart from the others, for the encoders and transports. Every fact about
 * a revision lives here, so that no other file names one.
 * @internal
 */
export interface RevisionFeatures {
  readonly era: ProtocolEra;
  /** Icons on tools, resources, templates and prompts (2025-11-25 on). */
  readonly icons: boolean;
  /** Any JSON value as `structuredContent` and `outputSchema` root (the 2025 revisions need an object). */
  readonly anyStructuredContent: boolean;
  /** Session streams start with an empty event that carries an id, so that a client can resume (SSE polling). */
  readonly primesStreams: boolean;
}

/** The features of every revision served. @internal */
export const REVISIONS: Readonly<Record<ProtocolVersion, RevisionFeatures>> = {
  '2026-07-28': { era: 'modern', icons: true, anyStructuredContent: true, primesStreams: false },
  '2025-11-25': { era: 'legacy', icons: true, anyStructuredContent: false, primesStreams: true },
  '2025-06-18': { era: 'legacy', icons: false, anyStructuredContent: false, primesStreams: false },
};

/** The served revisions of the stateless era. @internal */
export const MODERN_VERSIONS: readonly ProtocolVersion[] = Object.freeze(
  PROTOCOL_VERSIONS.filter((version) => REVISIONS[version].era === 'modern'),
);

/** The served initialize-era revisions, newest first. @internal */
export const LEGACY_VERSIONS: readonly ProtocolVersion[] = Object.freeze(
  PROTOCOL_VERSIONS.filter((version) => REVISIONS[version].era === 'legacy'),
);

/**
 * Every initialize-era revision a client may name in `MCP-Protocol-Version`, served or not: clients
 * built on older SDKs send an earlier revision than the one negotiated, and the session's revision
 * is what is served either way.
 * @internal
 */
export const KNOWN_LEGACY_VERSIONS: readonly string[] = Object.freeze([
  ...LEGACY_VERSIONS,
  '2025-03-26',
  '2024-11-05',
]);

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
