import { CANCELLED } from './cancellation.js';
import { COMPLETION_COMPLETE } from './completion.js';
import { INITIALIZE, INITIALIZED, PING, SERVER_DISCOVER } from './lifecycle.js';
import { PROMPTS_LIST, RESOURCES_LIST, RESOURCE_TEMPLATES_LIST, TOOLS_LIST } from './lists.js';
import { LOGGING_SET_LEVEL } from './logging.js';
import { MethodTable } from './method-table.js';
import { PROMPTS_GET } from './prompts-get.js';
import { RESOURCES_READ } from './resources-read.js';
import {
  RESOURCES_SUBSCRIBE,
  RESOURCES_UNSUBSCRIBE,
  SUBSCRIPTIONS_LISTEN,
} from './subscriptions.js';
import { TOOLS_CALL } from './tools-call.js';

/**
 * Every MCP method this server serves, in one table: the protocol handler dispatches by it, the
 * transports read what each method needs of them, instrumentation and the client read what each
 * method names. Adding a method is one descriptor file and one entry here.
 * @publicApi
 */
export const METHODS = new MethodTable([
  INITIALIZE,
  INITIALIZED,
  PING,
  SERVER_DISCOVER,
  LOGGING_SET_LEVEL,
  CANCELLED,
  TOOLS_LIST,
  TOOLS_CALL,
  RESOURCES_LIST,
  RESOURCE_TEMPLATES_LIST,
  RESOURCES_READ,
  RESOURCES_SUBSCRIBE,
  RESOURCES_UNSUBSCRIBE,
  SUBSCRIPTIONS_LISTEN,
  PROMPTS_LIST,
  PROMPTS_GET,
  COMPLETION_COMPLETE,
]);

export { MethodTable } from './method-table.js';
export type {
  ClientState,
  MethodCall,
  MethodDescriptor,
  NotificationMethod,
  RequestMethod,
} from './method-descriptor.js';
/** @internal */
export { withSignal } from './call-context.factory.js';
