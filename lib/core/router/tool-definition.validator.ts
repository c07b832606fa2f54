import { checkIcons, checkMeta, checkStrings } from '../components/definition-checks.js';
import type { ToolComponent } from '../components/tool.interface.js';
import { collectHeaderParams, type HeaderParam } from '../components/x-mcp-header.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const ANNOTATION_HINTS = [
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
] as const;

/** What registration derives from a valid definition. @internal */
export interface CheckedTool {
  readonly name: string;
  readonly headerParams: readonly HeaderParam[];
}

function checkAnnotations(annotations: unknown): string | undefined {
  if (!isJsonObject(annotations)) return 'annotations must be an object';
  if (annotations.title !== undefined && typeof annotations.title !== 'string')
    return 'annotations.title must be a string';
  const hint = ANNOTATION_HINTS.find(
    (key) => annotations[key] !== undefined && typeof annotations[key] !== 'boolean',
  );
  return hint === undefined ? undefined : `annotations.${hint} must be a boolean`;
}

/**
 * Checks a tool component at registration: its name, schemas, display fields, `_meta` keys and
 * `x-mcp-header` annotations.
 * @throws {Error} naming the tool and what to fix.
 * @internal
 */
export function validateToolDefinition(component: ToolComponent): CheckedTool {
  const definition = (component as Partial<ToolComponent> | undefined)?.definition;
  const name = typeof definition?.name === 'string' ? definition.name : '<unnamed>';
  const fail = (reason: string): never => {
    throw new Error(MESSAGES.INVALID_TOOL(name, reason));
  };
  if (!isJsonObject(definition)) return fail('it has no definition object');
  if (typeof component.call !== 'function') fail('it has no call(args, context) function');
  if (!TOOL_NAME.test(name))
    fail('the name must be 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and "."');
  const { inputSchema, outputSchema } = definition;
  if (!isJsonObject(inputSchema) || inputSchema.type !== 'object') {
    fail('inputSchema must be a JSON Schema object with type "object" at its root');
  }
  if (outputSchema !== undefined && !isJsonObject(outputSchema))
    fail('outputSchema must be a JSON Schema object');
  if (inputSchema.required !== undefined && !Array.isArray(inputSchema.required)) {
    fail('inputSchema.required must be an array of property names');
  }
  const problem =
    checkStrings({ title: definition.title, description: definition.description }) ??
    (definition.icons === undefined ? undefined : checkIcons(definition.icons)) ??
    (definition._meta === undefined ? undefined : checkMeta(definition._meta)) ??
    (definition.annotations === undefined ? undefined : checkAnnotations(definition.annotations));
  if (problem !== undefined) fail(problem);
  let headerParams: HeaderParam[] = [];
  try {
    headerParams = collectHeaderParams(inputSchema);
  } catch (error) {
    fail((error as Error).message);
  }
  return { name, headerParams };
}
