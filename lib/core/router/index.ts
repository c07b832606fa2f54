export { Router, type CatalogComponents } from './router.js';
export type { CompiledToolSchemas, DispatchOptions } from './dispatch-options.interface.js';
export type { ToolRequestCheck } from './tool-call.js';
