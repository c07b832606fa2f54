import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { escapePointer } from '../schema/json-pointer.js';
import { MESSAGES } from '../errors/messages.constant.js';

/**
 * A tool argument mirrored in an `Mcp-Param-<header>` HTTP header (2026-07-28; https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http, "Custom Headers from Tool Parameters").
 * @publicApi
 */
export interface HeaderParam {
  /** The name as declared, such as `Region`. */
  readonly header: string;
  /** The lower-case HTTP header name, such as `mcp-param-region`. */
  readonly field: string;
  /** The property path from the arguments root. */
  readonly path: readonly string[];
  readonly type: 'string' | 'integer' | 'boolean';
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);
/** Keywords whose values are schemas or lists/maps of schemas: annotations below them are unreachable. */
const SCHEMA_KEYWORDS = new Set([
  'items',
  'prefixItems',
  'additionalProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  '$defs',
  'definitions',
  'patternProperties',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
]);

/**
 * Visits one schema node: whether it is reached through `properties` only, its property path
 * from the arguments root, and its JSON pointer in the schema.
 */
type Visit = (node: unknown, reachable: boolean, path: string[], where: string) => void;

/**
 * Finds the `x-mcp-header` annotations of an input schema and checks them: each name is a
 * non-empty HTTP token, unique ignoring case; the property's type is string, integer or boolean;
 * and the property is reached from the root through `properties` only.
 * @returns the header parameters, in schema order.
 * @throws {Error} naming the schema location and the broken rule.
 * @internal
 */
export function collectHeaderParams(inputSchema: JsonObject): HeaderParam[] {
  const found: HeaderParam[] = [];
  const seen = new Map<string, string>();
  const visit: Visit = (node, reachable, path, where) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, false, path, `${where}/${i}`));
      return;
    }
    if (!isJsonObject(node)) return;
    if ('x-mcp-header' in node) found.push(headerParam(node, reachable, path, where, seen));
    visitSubschemas(node, reachable, path, where, visit);
  };
  visit(inputSchema, true, [], '');
  return found;
}

/**
 * Checks one `x-mcp-header` annotation and records its name in `seen` (lower case, with its
 * location).
 * @throws {Error} naming the schema location and the broken rule.
 */
function headerParam(
  node: JsonObject,
  reachable: boolean,
  path: string[],
  where: string,
  seen: Map<string, string>,
): HeaderParam {
  const at = where === '' ? '/' : where;
  const name = node['x-mcp-header'];
  if (!reachable || path.length === 0) {
    throw new Error(MESSAGES.HEADER_PARAM_UNREACHABLE(at));
  }
  if (typeof name !== 'string' || !TOKEN.test(name)) {
    throw new Error(MESSAGES.HEADER_PARAM_NOT_TOKEN(at));
  }
  if (typeof node.type !== 'string' || !HEADER_TYPES.has(node.type)) {
    throw new Error(MESSAGES.HEADER_PARAM_TYPE(at));
  }
  const lower = name.toLowerCase();
  const previous = seen.get(lower);
  if (previous !== undefined) {
    throw new Error(MESSAGES.HEADER_PARAM_REPEATED(name, at, previous));
  }
  seen.set(lower, at);
  return {
    header: name,
    field: `mcp-param-${lower}`,
    path,
    type: node.type as HeaderParam['type'],
  };
}

/**
 * Visits the subschemas of a node: `properties` keep reachability and extend the path; every
 * other schema keyword leads to unreachable schemas.
 */
function visitSubschemas(
  node: JsonObject,
  reachable: boolean,
  path: string[],
  where: string,
  visit: Visit,
): void {
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isJsonObject(value)) {
      for (const [property, schema] of Object.entries(value)) {
        visit(
          schema,
          reachable,
          [...path, property],
          `${where}/properties/${escapePointer(property)}`,
        );
      }
    } else if (SCHEMA_KEYWORDS.has(key)) {
      const nested =
        key === '$defs' ||
        key === 'definitions' ||
        key === 'patternProperties' ||
        key === 'dependentSchemas';
      if (nested && isJsonObject(value)) {
        for (const [name, schema] of Object.entries(value))
          visit(schema, false, path, `${where}/${key}/${escapePointer(name)}`);
      } else {
        visit(value, false, path, `${where}/${key}`);
      }
    }
  }
}

/**
 * The argument a header parameter stands for: the value at its property path (`undefined` where
 * the path leads nowhere).
 * @publicApi
 */
export function argumentAt(args: JsonObject, param: Pick<HeaderParam, 'path'>): unknown {
  let value: unknown = args;
  for (const key of param.path) {
    if (!isJsonObject(value)) return undefined;
    value = value[key];
  }
  return value;
}
