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
  /** A display name for the argument. */
  title?: string;
  /** What the argument means, for the model that fills it in. */
  description?: string;
  /** The only values allowed. */
  enum?: unknown[];
  /** The one value allowed. */
  const?: unknown;
  /**
   * The value assumed when the argument is left out, as the schema tells clients; validation does
   * not fill it in.
   */
  default?: unknown;
  /** A JSON Schema format of a string, such as `email`, `uri` or `date-time`. */
  format?: string;
  /** A regular expression (ECMA-262) a string must match; it is not anchored unless it says so. */
  pattern?: string;
  /** The fewest characters a string may have. */
  minLength?: number;
  /** The most characters a string may have. */
  maxLength?: number;
  /** The fewest items an array may have. */
  minItems?: number;
  /** The most items an array may have. */
  maxItems?: number;
  /** Whether the items of an array must all differ. */
  uniqueItems?: boolean;
  /** The smallest number allowed. */
  minimum?: number;
  /** The largest number allowed. */
  maximum?: number;
  /** A bound every number must be greater than. */
  exclusiveMinimum?: number;
  /** A bound every number must be less than. */
  exclusiveMaximum?: number;
  /** A number every value must be a multiple of. */
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
  /** The property name in the arguments object. */
  readonly name: string;
  /** A JSON type, an array of one, or a raw property schema. */
  readonly type: ArgumentType;
  /** The keywords and flags given with it (`{}` when none were). */
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
