/** @internal */
export { createSnodoController } from './snodo.controller.js';
