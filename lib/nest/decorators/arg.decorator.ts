import {
  arg,
  type ArgumentDeclaration,
  type ArgumentOptions,
  type ArgumentType,
} from '../../core/internal.js';
import { SNODO_TOOL_ARGUMENTS } from '../snodo.constants.js';
import { prependMetadata } from './metadata.util.js';

/**
 * Declares one argument of a tool (the concise form): on a `@Tool()` method, or on a `@Tool()`
 * class. The declarations build the tool's input schema at bootstrap, in source order.
 *
 * @param name the property name.
 * @param type a JSON type, an array of one (`'string[]'`, `'object[]'`), or a raw property schema.
 * @param options `required`, `description`, `enum`, `default`, `pattern`, the length, item and
 * numeric bounds, `uniqueItems`, `additionalProperties` (with a block), `header` (x-mcp-header)
 * and `schema` (other keywords).
 * @param block for `'object'` and `'object[]'`: the nested declarations, built with `arg()` (from
 * `@snodo/nestjs/core`).
 * @example
 * ```ts
 * @Tool({ description: 'Place an order' })
 * @Arg('customer', 'object', { required: true }, [arg('id', 'string', { required: true })])
 * @Arg('lines', 'object[]', { required: true, minItems: 1 }, [
 *   arg('sku', 'string', { required: true }),
 *   arg('quantity', 'integer', { required: true, minimum: 1 }),
 * ])
 * order(args: OrderArgs) { ... }
 * ```
 * @publicApi
 */
export function Arg(
  name: string,
  type: ArgumentType,
  options: ArgumentOptions = {},
  block?: readonly ArgumentDeclaration[],
): ClassDecorator & MethodDecorator {
  return prependMetadata(SNODO_TOOL_ARGUMENTS, arg(name, type, options, block));
}
