import type { ArgumentDeclaration, JsonSchema, RootSchemaOptions } from '../../core/internal.js';
import { SNODO_TOOL_OUTPUTS } from '../snodo.constants.js';
import { prependMetadata } from './metadata.util.js';

/**
 * One `@Output()` declaration, as the explorer reads it.
 * @internal
 */
export type OutputDeclaration =
  | {
      readonly kind: 'block';
      readonly block: readonly ArgumentDeclaration[];
      readonly root: RootSchemaOptions;
    }
  | { readonly kind: 'schema'; readonly schema: JsonSchema };

/**
 * Declares a tool's output schema: a block of declarations built like the arguments, or a plain
 * JSON Schema. The handler must then return structured content, which the schema validator
 * checks. A tool has one output schema: a second one (another `@Output()` or `outputSchema`)
 * stops the app at bootstrap.
 * @param output the declarations (built with `arg()`), or a JSON Schema object.
 * @param root with a block: `additionalProperties` and other `schema` keywords of the root.
 * @example
 * ```ts
 * @Output([arg('order_id', 'string', { required: true }), arg('total', 'number', { required: true })])
 * ```
 * @publicApi
 */
export function Output(
  output: readonly ArgumentDeclaration[] | JsonSchema,
  root: RootSchemaOptions = {},
): ClassDecorator & MethodDecorator {
  const declaration: OutputDeclaration = Array.isArray(output)
    ? { kind: 'block', block: output as readonly ArgumentDeclaration[], root }
    : { kind: 'schema', schema: output as JsonSchema };
  return prependMetadata(SNODO_TOOL_OUTPUTS, declaration);
}
