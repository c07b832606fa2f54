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
export type {
  InboundMessage,
  JsonObject,
  JsonRpcErrorResponse,
  JsonRpcId,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcResultResponse,
} from './json-rpc.type.js';
export { classifyMessage, isJsonObject, parseMessage } from './json-rpc.parser.js';
export { decodeHeaderValue } from './header-value.js';
export {
  ProtocolHandler,
  isModernMessage,
  type Exchange,
  type HandleOutcome,
  type ProtocolHandlerOptions,
  type RuntimeSource,
  type StandardHeaders,
} from './protocol-handler.js';
export { PendingClientRequests } from './pending-requests.js';
export { RequestStateCodec, type InputRequest } from './input-required.js';
export { serializeMessage } from './serialized-message.js';
