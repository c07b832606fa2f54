export {
  LATEST_LEGACY_VERSION,
  META_KEYS,
  MODERN_PROTOCOL_VERSION,
  PROTOCOL_VERSIONS,
  isModernVersion,
  isSupportedVersion,
  type ProtocolEra,
  type ProtocolVersion,
} from './protocol-version.js';
/** @internal */
export { LEGACY_VERSIONS, REVISIONS, type RevisionFeatures } from './protocol-version.js';
export type {
  InboundBatch,
  InboundMessage,
  JsonObject,
  JsonRpcErrorObject,
  JsonRpcErrorResponse,
  JsonRpcId,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcResultResponse,
} from './json-rpc.type.js';
export { classifyMessage, classifyParsed, parseMessage } from './json-rpc.parser.js';
/** @internal */
export { isJsonObject } from './json-rpc.parser.js';
export { ErrorCode } from './error-code.enum.js';
export { ExactNumberId, type IdSource } from './id-tokens.js';
/** @internal */
export { countOpens, DepthScan } from './json-depth.js';
export { decodeHeaderValue } from './header-value.js';
/** @internal */
export { serializeMessage } from './serialized-message.js';
export {
  DIRECTORY_MIME_TYPE,
  SKILLS_EXTENSION,
  SKILL_LIMITS,
  SKILL_MANIFEST,
  SKILL_MANIFEST_MIME_TYPE,
  SKILL_MANIFEST_SUFFIX,
  SKILL_SCHEME,
} from './skill-constants.js';
