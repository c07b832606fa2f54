export type {
  Icon,
  JsonSchema,
  ToolAnnotations,
  ToolComponent,
  ToolDefinition,
} from './tool.interface.js';
export type { CallContext, Implementation, TransportKind } from './call-context.interface.js';
