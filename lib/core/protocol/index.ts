export { ProtocolHandler, type ProtocolHandlerOptions } from './protocol-handler.js';
export { isModernMessage } from './envelope.js';
