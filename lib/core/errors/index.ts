export { ErrorCode } from './error-code.enum.js';
export { SnodoError, isSnodoError, type JsonRpcErrorObject } from './snodo.error.js';
export { MESSAGES } from './messages.constant.js';
