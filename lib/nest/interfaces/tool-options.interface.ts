import type { JsonObject, JsonSchema, ToolDefinition } from '../../core/index.js';

/**
 * Options of {@link Tool}: the fields of the tool's definition, and how its arguments are declared.
 * @publicApi
 */
export interface ToolOptions extends Omit<ToolDefinition, 'name' | 'inputSchema' | '_meta'> {
  /**
   * The tool's programmatic name (1–128 characters of `A-Z a-z 0-9 _ - .`).
   * @default the method name (required on a class)
   */
  name?: string;
  /**
   * JSON Schema of the arguments, with `type: "object"` at its root. Leave it out when the
   * arguments are declared with `@Arg()` or a class-validator DTO.
   * @default `{ type: 'object' }`
   */
  inputSchema?: JsonSchema;
  /** With `@Arg()` declarations: whether the arguments may hold properties not declared. */
  additionalProperties?: boolean;
  /** Sent as the tool's `_meta`. */
  meta?: JsonObject;
}
