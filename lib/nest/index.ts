export { SnodoModule } from './snodo.module.js';
export { SnodoRegistry } from './snodo.registry.js';
export { Arg, Output, Resource, Tool } from './decorators/index.js';
export { SnodoNotifier } from './snodo.notifier.js';
export type {
  ResourceHandler,
  ResourceOptions,
  SnodoModuleExtras,
  SnodoModuleOptions,
  ToolHandler,
  ToolOptions,
} from './interfaces/index.js';
