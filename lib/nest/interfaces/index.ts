export type {
  SnodoExplorerOptions,
  SnodoModuleExtras,
  SnodoModuleOptions,
  SnodoServerOptions,
  SubscriptionSource,
} from './snodo-module-options.interface.js';
export type { ComponentEnhancers } from './component-enhancers.interface.js';
export type { ToolHandler } from './tool-handler.interface.js';
export type { ToolOptions } from './tool-options.interface.js';
export type { ResourceHandler } from './resource-handler.interface.js';
export type { ResourceOptions } from './resource-options.interface.js';
export type { PromptHandler } from './prompt-handler.interface.js';
export type { PromptOptions } from './prompt-options.interface.js';
