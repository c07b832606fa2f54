import type { CallContext } from './call-context.interface.js';
import type { ComponentHooks } from './component-hooks.interface.js';
import type { Tagged } from './tagged.interface.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { JsonSchema, ValidationIssue } from '../schema/schema-validator.interface.js';

/**
 * An icon a client may show next to a component (2025-11-25 and later).
 * @publicApi
 */
export interface Icon {
  /** An `https:` URL or a `data:` URI. */
  src: string;
  /** The image's media type, such as `image/png`, when `src` does not tell. */
  mimeType?: string;
  /** The sizes it suits, each `WxH` (`48x48`) or `any` (for a scalable image such as SVG). */
  sizes?: string[];
  /** The background it is drawn for: `light` or `dark`. */
  theme?: 'light' | 'dark';
}

/**
 * Hints about a tool's behaviour. Clients treat them as untrusted.
 * @publicApi
 */
export interface ToolAnnotations {
  /** A display name; the definition's own `title` comes first where a client reads both. */
  title?: string;
  /** @default false */
  readOnlyHint?: boolean;
  /** @default true */
  destructiveHint?: boolean;
  /** @default false */
  idempotentHint?: boolean;
  /** @default true */
  openWorldHint?: boolean;
}

/**
 * Everything a client learns about a tool from `tools/list`.
 * @publicApi
 */
export interface ToolDefinition {
  /** The programmatic name: 1–128 characters of `A-Z a-z 0-9 _ - .`. */
  name: string;
  /** A display name. */
  title?: string;
  /** What the tool does and when to use it: the model chooses tools by it. */
  description?: string;
  /** JSON Schema of the arguments; its root has `type: "object"`. */
  inputSchema: JsonSchema;
  /**
   * JSON Schema of the structured result: the tool must then return structured content, which the
   * schema validator checks.
   */
  outputSchema?: JsonSchema;
  /** Hints about the tool's behaviour (2025-03-26 and later). */
  annotations?: ToolAnnotations;
  /** Icons a client may show next to the tool (2025-11-25 and later). */
  icons?: Icon[];
  /** Metadata for the client, sent as the definition's `_meta` (2025-06-18 and later). */
  _meta?: JsonObject;
}

/**
 * How a tool runs as a task (the tasks extension, `io.modelcontextprotocol/tasks`).
 * @publicApi
 */
export interface ToolTaskOptions {
  /**
   * `optional`: a task for clients that declared the tasks extension, a plain call for the others;
   * `required`: a task, and -32021 for clients that did not declare the extension.
   */
  readonly support: 'optional' | 'required';
  /**
   * When the call becomes a task: `call` (the default), as soon as the handler is called (after
   * authorization and the argument checks); `handler`, when the handler calls
   * `context.startTask()`. Before that, it may gather input with `input_required` rounds on the
   * call itself; if it returns without starting the task, its result is the call's.
   * @default 'call'
   */
  readonly start?: 'call' | 'handler';
}

/**
 * A tool as the router holds it: its definition and the function that runs it.
 *
 * `call` returns (or resolves to) a string, any other JSON value, a `Result`, or throws a
 * {@link SnodoError} for a request that should never have been dispatched.
 * @publicApi
 */
export interface ToolComponent extends ComponentHooks, Tagged {
  /** What `tools/list` shows of the tool. */
  readonly definition: ToolDefinition;
  /** Whether and how it runs as a task, for clients of the tasks extension. */
  readonly task?: ToolTaskOptions;
  /** Runs the tool with its validated arguments; see above for what it may return. */
  call(args: JsonObject, context: CallContext): unknown;
  /**
   * Checks (and may convert) the arguments itself, as a class-validator DTO does; the runtime's
   * schema validator then does not run on them. The converted value is what `call` receives.
   */
  /** @internal */
  prepareArguments?(args: JsonObject): PreparedArguments;
}

/**
 * What a tool's own argument check gave.
 * @publicApi
 */
export type PreparedArguments =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issue: ValidationIssue };
