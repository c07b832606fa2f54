import type { JsonSchema } from '../schema/schema-validator.interface.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type {
  ArgumentDeclaration,
  ArgumentOptions,
  ArgumentType,
  RootSchemaOptions,
} from './argument-declaration.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';

const JSON_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array', 'null']);
const COPIED: readonly (keyof ArgumentOptions)[] = [
  'title',
  'description',
  'enum',
  'const',
  'default',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
];

/**
 * Declares one argument, for a nested block or a list of declarations.
 * @param name the property name.
 * @param type a JSON type, an array of one (`'string[]'`), or a raw property schema.
 * @param options keywords such as `required`, `description`, `minimum`.
 * @param block for `'object'` and `'object[]'`: the declarations of the nested properties.
 * @example
 * ```ts
 * arg('lines', 'object[]', { required: true, minItems: 1 }, [
 *   arg('sku', 'string', { required: true }),
 *   arg('quantity', 'integer', { required: true, minimum: 1 }),
 * ])
 * ```
 * @publicApi
 */
export function arg(
  name: string,
  type: ArgumentType,
  options: ArgumentOptions = {},
  block?: readonly ArgumentDeclaration[],
): ArgumentDeclaration {
  return Object.freeze({ name, type, options, ...(block === undefined ? {} : { block }) });
}

const fail = (path: string, problem: string): never => {
  throw new Error(MESSAGES.BAD_ARGUMENT_DECLARATION(path, problem));
};

function baseSchema(type: ArgumentType, path: string): { schema: JsonObject; itemType?: string } {
  if (typeof type === 'object' && type !== null && !Array.isArray(type))
    return { schema: { ...type } };
  if (typeof type !== 'string')
    return fail(
      path,
      'the type must be a JSON type name, such as "string" or "object[]", or a schema object',
    );
  if (type.endsWith('[]')) {
    const inner = type.slice(0, -2);
    return {
      schema: { type: 'array', items: baseSchema(inner as ArgumentType, path).schema },
      itemType: inner,
    };
  }
  if (!JSON_TYPES.has(type))
    return fail(
      path,
      `"${type}" is not a JSON type (string, integer, number, boolean, object, array, null)`,
    );
  return { schema: { type } };
}

/** The properties and required list of one block. */
function buildBlock(
  declarations: readonly ArgumentDeclaration[],
  prefix: string,
): { properties: Record<string, JsonSchema>; required: string[] } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const declaration of declarations) {
    const path = prefix === '' ? declaration.name : `${prefix}.${declaration.name}`;
    if (typeof declaration.name !== 'string' || declaration.name.length === 0)
      fail(path, 'the name must be a non-empty string');
    if (Object.prototype.hasOwnProperty.call(properties, declaration.name))
      fail(path, 'the name is declared twice in the same block');
    properties[declaration.name] = buildProperty(declaration, path);
    if (declaration.options.required === true) required.push(declaration.name);
  }
  return { properties, required };
}

function buildProperty(declaration: ArgumentDeclaration, path: string): JsonSchema {
  const { options, block } = declaration;
  const { schema, itemType } = baseSchema(declaration.type, path);
  for (const key of COPIED) if (options[key] !== undefined) schema[key] = options[key];
  if (options.header !== undefined) schema['x-mcp-header'] = options.header;
  let generated: string[] = [];
  if (block !== undefined) {
    const target =
      schema.type === 'object'
        ? schema
        : itemType === 'object'
          ? (schema.items as JsonObject)
          : undefined;
    if (target === undefined) {
      fail(
        path,
        `a nested block needs type "object" or "object[]", not ${JSON.stringify(declaration.type)}`,
      );
    }
    const built = buildBlock(block, path);
    target!.properties = built.properties;
    if (built.required.length > 0) target!.required = built.required;
    if (options.additionalProperties !== undefined)
      target!.additionalProperties = options.additionalProperties;
    generated = target === schema ? ['properties', 'required'] : ['items'];
  } else if (options.additionalProperties !== undefined) {
    schema.additionalProperties = options.additionalProperties;
  }
  if (options.schema !== undefined) {
    const clash = generated.find((key) => key in options.schema!);
    if (clash !== undefined)
      fail(path, `schema cannot set "${clash}", which the nested block generates`);
    Object.assign(schema, options.schema);
  }
  return schema;
}

/**
 * Builds the plain JSON Schema of an object from argument declarations: the input schema of a
 * tool, or an output schema. Nested blocks become nested `properties` (or `items`), and
 * `required: true` adds the name to its own object's `required` list.
 * @throws {Error} naming the nested path (`argument "lines.sku": …`) for a block on a type other
 * than an object, a name declared twice in one block, or a `schema` that sets a generated key.
 * @publicApi
 */
export function buildObjectSchema(
  declarations: readonly ArgumentDeclaration[],
  root: RootSchemaOptions = {},
): JsonSchema {
  const { properties, required } = buildBlock(declarations, '');
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  if (root.additionalProperties !== undefined)
    schema.additionalProperties = root.additionalProperties;
  if (root.schema !== undefined) {
    const clash = ['type', 'properties', 'required'].find((key) => key in root.schema!);
    if (clash !== undefined) throw new Error(MESSAGES.ROOT_SCHEMA_CLASH(clash));
    Object.assign(schema, root.schema);
  }
  return schema;
}
