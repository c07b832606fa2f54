import type { Icon, JsonObject, JsonSchema, ToolAnnotations } from '../../core/index.js';

/**
 * Options of {@link Tool}.
 * @publicApi
 */
export interface ToolOptions {
  /**
   * The tool's programmatic name (1–128 characters of `A-Z a-z 0-9 _ - .`).
   * @default the method name (required on a class)
   */
  name?: string;
  /** A display name. */
  title?: string;
  /** What the tool does, for the model. */
  description?: string;
  /**
   * JSON Schema of the arguments, with `type: "object"` at its root. Leave it out when the
   * arguments are declared with `@Arg()` or a class-validator DTO.
   * @default `{ type: 'object' }`
   */
  inputSchema?: JsonSchema;
  /** With `@Arg()` declarations: whether the arguments may hold properties not declared. */
  additionalProperties?: boolean;
  /**
   * JSON Schema of the structured result (or use `@Output()`); the handler must then return
   * structured content, which the schema validator checks.
   */
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  /** Sent as the tool's `_meta`. */
  meta?: JsonObject;
}
