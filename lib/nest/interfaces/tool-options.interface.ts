import type {
  JsonObject,
  JsonSchema,
  ToolDefinition,
  ToolTaskOptions,
} from '../../core/internal.js';

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
  /**
   * The component's tags, for selecting it into a server (`SnodoModule.forRoot({ tags })`) and
   * hiding it at run time (`SnodoRegistry.hideTag()`); never sent to clients. Each 1 to 64
   * characters of `A-Z a-z 0-9 _ - . : /`. @default none
   */
  tags?: readonly string[];
  /** Sent as the tool's `_meta`. */
  meta?: JsonObject;
  /**
   * Runs the tool as a task (the tasks extension, `io.modelcontextprotocol/tasks`, turned on with
   * the `extensions` option): `'optional'`, a task for clients that declared the extension and a
   * plain call for the others; `'required'`, -32021 for the others. The object form also says when
   * the call becomes a task (`start`, see `ToolTaskOptions` in `@snodo/nestjs/core`).
   * @default a plain call
   * @see docs/tasks.md
   */
  task?: ToolTaskOptions['support'] | ToolTaskOptions;
}
