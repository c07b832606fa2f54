/**
 * The protocol revisions this server speaks, newest first.
 * @publicApi
 */
export const PROTOCOL_VERSIONS = [
  '2026-07-28',
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
] as const;

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
 * a revision lives here, so that no other file names one. Each encoder leaves out what a revision
 * lacks, so that every message validates against that revision's schema and carries nothing it
 * does not define.
 * @internal
 */
export interface RevisionFeatures {
  readonly era: ProtocolEra;
  /** Icons, and `description` and `websiteUrl` on the server's implementation (2025-11-25 on). */
  readonly icons: boolean;
  /** `title` on tools, resources, templates, prompts, prompt arguments and the implementation (2025-06-18 on). */
  readonly titles: boolean;
  /** `outputSchema` and `structuredContent` (2025-06-18 on). */
  readonly structuredContent: boolean;
  /** Any JSON value as `structuredContent` and `outputSchema` root (the 2025 revisions need an object). */
  readonly anyStructuredContent: boolean;
  /** `resource_link` content blocks (2025-06-18 on); before, a link travels as a text block. */
  readonly resourceLinks: boolean;
  /** `_meta` on definitions, content blocks and resource contents, `lastModified` in annotations (2025-06-18 on). */
  readonly entityMeta: boolean;
  /** `elicitation/create` requests to the client (2025-06-18 on). */
  readonly elicitation: boolean;
  /** Audio content blocks (2025-03-26 on); before, an audio block travels as a text block. */
  readonly audio: boolean;
  /** Tool `annotations` (2025-03-26 on). */
  readonly toolAnnotations: boolean;
  /** The `completions` server capability (2025-03-26 on; `completion/complete` itself is older). */
  readonly completionsCapability: boolean;
  /** A `message` in `notifications/progress` (2025-03-26 on). */
  readonly progressMessage: boolean;
  /** JSON-RPC batches: a POST body or stdio line may be an array of messages (2025-03-26 only). */
  readonly batches: boolean;
  /** Session streams start with an empty event that carries an id, so that a client can resume (SSE polling). */
  readonly primesStreams: boolean;
}

const SINCE_2025_06_18 = {
  titles: true,
  structuredContent: true,
  resourceLinks: true,
  entityMeta: true,
  elicitation: true,
} as const;
const SINCE_2025_03_26 = {
  audio: true,
  toolAnnotations: true,
  completionsCapability: true,
  progressMessage: true,
} as const;
const BEFORE_2025_06_18 = {
  titles: false,
  structuredContent: false,
  resourceLinks: false,
  entityMeta: false,
  elicitation: false,
} as const;

/** The features of every revision served. @internal */
export const REVISIONS: Readonly<Record<ProtocolVersion, RevisionFeatures>> = {
  '2026-07-28': {
    era: 'modern',
    icons: true,
    anyStructuredContent: true,
    ...SINCE_2025_06_18,
    ...SINCE_2025_03_26,
    batches: false,
    primesStreams: false,
  },
  '2025-11-25': {
    era: 'legacy',
    icons: true,
    anyStructuredContent: false,
    ...SINCE_2025_06_18,
    ...SINCE_2025_03_26,
    batches: false,
    primesStreams: true,
  },
  '2025-06-18': {
    era: 'legacy',
    icons: false,
    anyStructuredContent: false,
    ...SINCE_2025_06_18,
    ...SINCE_2025_03_26,
    batches: false,
    primesStreams: false,
  },
  '2025-03-26': {
    era: 'legacy',
    icons: false,
    anyStructuredContent: false,
    ...BEFORE_2025_06_18,
    ...SINCE_2025_03_26,
    batches: true,
    primesStreams: false,
  },
  '2024-11-05': {
    era: 'legacy',
    icons: false,
    anyStructuredContent: false,
    ...BEFORE_2025_06_18,
    audio: false,
    toolAnnotations: false,
    completionsCapability: false,
    progressMessage: false,
    batches: false,
    primesStreams: false,
  },
};

/** The served revisions of the stateless era. @internal */
export const MODERN_VERSIONS: readonly ProtocolVersion[] = Object.freeze(
  PROTOCOL_VERSIONS.filter((version) => REVISIONS[version].era === 'modern'),
);

/**
 * The initialize-era revisions, newest first: those a session may be served at, and those a client
 * may name in `MCP-Protocol-Version` (older SDKs send an earlier one than the session's; the
 * session's revision is what is served either way).
 * @internal
 */
export const LEGACY_VERSIONS: readonly ProtocolVersion[] = Object.freeze(
  PROTOCOL_VERSIONS.filter((version) => REVISIONS[version].era === 'legacy'),
);

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
