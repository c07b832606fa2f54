export { SnodoError, isSnodoError } from './snodo.error.js';
export { MESSAGES } from './messages.constant.js';
