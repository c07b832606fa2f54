/** @internal */
export { createExplorerController } from './explorer-page.controller.js';
