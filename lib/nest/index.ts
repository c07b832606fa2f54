export { SnodoModule } from './snodo.module.js';
export { SnodoRegistry } from './snodo.registry.js';
export { Arg, Output, Prompt, Resource, Scopes, Tool } from './decorators/index.js';
export { SnodoNotifier } from './snodo.notifier.js';
export {
  getSnodoNotifierToken,
  getSnodoRegistryToken,
  InjectSnodoNotifier,
  InjectSnodoRegistry,
} from './servers/index.js';
export {
  Skill,
  type SkillHandler,
  type SkillOptions,
  type SnodoSkillsOptions,
} from './skills/index.js';
export { SnodoEnhancer } from './decorators/snodo-enhancer.decorator.js';
export {
  SnodoExecutionContext,
  type SnodoContextType,
} from './enhancers/snodo-execution-context.js';
export { SnodoInvocation } from './enhancers/snodo-invocation.js';
export {
  SnodoConcurrency,
  SnodoRateLimit,
  SnodoTimeout,
  type SnodoRateLimitOptions,
} from './wrappers/index.js';
export type {
  ComponentEnhancers,
  PromptHandler,
  PromptOptions,
  ResourceHandler,
  ResourceOptions,
  SnodoExplorerOptions,
  SnodoModuleExtras,
  SnodoModuleOptions,
  SnodoServerOptions,
  SubscriptionSource,
  ToolHandler,
  ToolOptions,
} from './interfaces/index.js';
export { StderrLogger, bootstrapStdio, type BootstrapStdioOptions } from './stdio/index.js';
export {
  createSnodoTestClient,
  type SnodoTestClientOptions,
  type SnodoTestTarget,
} from './testing/index.js';
export {
  messageCall,
  messageEmit,
  type MessageCallOptions,
  type MessageToolDeclaration,
  type MessageToolOptions,
} from './message-tools/index.js';
export {
  authInfoOf,
  type SnodoAuthOptions,
  type SnodoJwtOptions,
  type AuthRefusal,
} from '../auth/index.js';
