export {
  messageCall,
  messageEmit,
  type MessageCallOptions,
  type MessageToolDeclaration,
  type MessageToolOptions,
} from './message-tool.declaration.js';
/** @internal */
export { SnodoMessageTools } from './snodo-message-tools.js';
