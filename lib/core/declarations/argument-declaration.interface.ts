import type { JsonSchema } from '../schema/schema-validator.interface.js';
import type { JsonObject } from '../wire/json-rpc.type.js';

/** A JSON type name. @publicApi */
export type JsonTypeName =
  'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

/**
 * The type of a declared argument: a JSON type, an array of one (`'string[]'`, `'object[]'`,
 * `'integer[][]'`), or a raw property schema.
 * @publicApi
 */
export type ArgumentType = JsonTypeName | `${JsonTypeName}[]` | `${JsonTypeName}[][]` | JsonSchema;

/**
 * Options of a declared argument. Each keyword lands in the property's schema as is; on an array
 * they apply to the array, except `additionalProperties`, which applies to the objects of a
 * `'object[]'` block.
 * @publicApi
 */
export interface ArgumentOptions {
  /** Adds the name to the enclosing object's `required` list. @default false */
  required?: boolean;
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  /** With a nested block: whether the object accepts properties it does not declare. */
  additionalProperties?: boolean;
  /** Mirrors the argument in an `Mcp-Param-<header>` HTTP header (`x-mcp-header`). */
  header?: string;
  /** Any other JSON Schema keywords, merged last; it cannot set what a block generates. */
  schema?: JsonObject;
}

/**
 * One declared argument, possibly with a nested block of further declarations.
 * @publicApi
 */
export interface ArgumentDeclaration {
  readonly name: string;
  readonly type: ArgumentType;
  readonly options: ArgumentOptions;
  /** The properties of the object, or of each item of an `'object[]'`. */
  readonly block?: readonly ArgumentDeclaration[];
}

/**
 * Options of the root object of a declared schema.
 * @publicApi
 */
export interface RootSchemaOptions {
  /** Whether the root accepts properties it does not declare. */
  additionalProperties?: boolean;
  /** Other JSON Schema keywords for the root; it cannot set `type`, `properties` or `required`. */
  schema?: JsonObject;
}
