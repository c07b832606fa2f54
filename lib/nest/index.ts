export { SnodoModule } from './snodo.module.js';
export { SnodoRegistry } from './snodo.registry.js';
export { Arg, Output, Prompt, Resource, Tool } from './decorators/index.js';
export { SnodoNotifier } from './snodo.notifier.js';
export type {
  PromptHandler,
  PromptOptions,
  ResourceHandler,
  ResourceOptions,
  SnodoModuleExtras,
  SnodoModuleOptions,
  ToolHandler,
  ToolOptions,
} from './interfaces/index.js';
