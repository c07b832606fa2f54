export { SnodoModule } from './snodo.module.js';
export { SnodoRegistry } from './snodo.registry.js';
export { Arg, Output, Tool } from './decorators/index.js';
export type {
  SnodoModuleExtras,
  SnodoModuleOptions,
  ToolHandler,
  ToolOptions,
} from './interfaces/index.js';
