import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { ToolOptions } from '../interfaces/tool-options.interface.js';
import { SNODO_COMPONENT_TYPE, SNODO_TOOL_OPTIONS } from '../snodo.constants.js';

/**
 * Marks a provider method (inline form) or a provider class implementing {@link ToolHandler}
 * (full-control form) as an MCP tool; collected at bootstrap by the Snodo explorer.
 *
 * The method or `call` receives `(args, context)`; what it returns becomes the result.
 * @param options name, description and JSON Schema of the input.
 * @example
 * ```ts
 * @Injectable()
 * export class GreetingTools {
 *   @Tool({ description: 'Greets someone', inputSchema: {
 *     type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } })
 *   greet(args: { name: string }) { return `Hello, ${args.name}!`; }
 * }
 * ```
 * @publicApi
 */
export function Tool(options: ToolOptions = {}): ClassDecorator & MethodDecorator {
  return applyDecorators(
    SetMetadata(SNODO_COMPONENT_TYPE, 'tool'),
    SetMetadata(SNODO_TOOL_OPTIONS, options),
  );
}
