export {
  LEGACY_VERSIONS,
  LATEST_LEGACY_VERSION,
  META_KEYS,
  REVISIONS,
  type RevisionFeatures,
  MODERN_PROTOCOL_VERSION,
  PROTOCOL_VERSIONS,
  isModernVersion,
  isSupportedVersion,
  type ProtocolEra,
  type ProtocolVersion,
} from './protocol-version.js';
export type {
  InboundBatch,
  InboundMessage,
  JsonObject,
  JsonRpcErrorResponse,
  JsonRpcId,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcResultResponse,
} from './json-rpc.type.js';
export { classifyMessage, classifyParsed, isJsonObject, parseMessage } from './json-rpc.parser.js';
export { ExactNumberId, type IdSource } from './id-tokens.js';
export { isThenable } from './thenable.js';
export { decodeHeaderValue } from './header-value.js';
export { ProtocolHandler, type ProtocolHandlerOptions } from './protocol-handler.js';
export type { Exchange, HandleOutcome, ListenOutcome, StandardHeaders } from './exchange.js';
export { isModernMessage } from './envelope.js';
export {
  METHODS,
  MethodTable,
  type ClientState,
  type MethodCall,
  type MethodDescriptor,
  type NotificationMethod,
  type RequestMethod,
} from './methods/index.js';
export { PendingClientRequests } from './pending-requests.js';
export { isInputRequired, type InputRequest } from './input-required.js';
export { RequestStateCodec } from './request-state.codec.js';
export { serializeMessage } from './serialized-message.js';
export { withSignal } from './call-context.factory.js';
