export { isThenable } from './thenable.js';
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
export { withSignal } from './call-context.factory.js';
