import type { ToolComponent } from '../components/tool.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { isJsonObject } from '../protocol/json-rpc.parser.js';

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * Checks a tool component at registration and returns its name.
 * @throws {Error} naming the tool and what to fix.
 * @internal
 */
export function validateToolDefinition(component: ToolComponent): string {
  const definition = (component as Partial<ToolComponent> | undefined)?.definition;
  const name = typeof definition?.name === 'string' ? definition.name : '<unnamed>';
  const fail = (reason: string): never => {
    throw new Error(MESSAGES.INVALID_TOOL(name, reason));
  };
  if (!isJsonObject(definition)) return fail('it has no definition object');
  if (typeof component.call !== 'function') fail('it has no call(args, context) function');
  if (!TOOL_NAME.test(name)) {
    fail('the name must be 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and "."');
  }
  const { inputSchema, outputSchema } = definition;
  if (!isJsonObject(inputSchema) || inputSchema.type !== 'object') {
    fail('inputSchema must be a JSON Schema object with type "object" at its root');
  }
  if (outputSchema !== undefined && !isJsonObject(outputSchema)) {
    fail('outputSchema must be a JSON Schema object');
  }
  if (inputSchema.required !== undefined && !Array.isArray(inputSchema.required)) {
    fail('inputSchema.required must be an array of property names');
  }
  return name;
}
