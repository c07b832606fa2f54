export { SnodoError, isSnodoError } from './snodo.error.js';
/** @internal */
export { MESSAGES } from './messages.constant.js';
