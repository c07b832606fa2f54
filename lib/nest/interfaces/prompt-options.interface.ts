import type { JsonObject, PromptDefinition } from '../../core/internal.js';

/**
 * Options of {@link Prompt}: the fields of the prompt's definition, and how it is completed.
 * @publicApi
 */
export interface PromptOptions extends Omit<PromptDefinition, 'name' | '_meta'> {
  /** The programmatic name. @default the method name (required on a class) */
  name?: string;
  /**
   * The component's tags, for selecting it into a server (`SnodoModule.forRoot({ tags })`) and
   * hiding it at run time (`SnodoRegistry.hideTag()`); never sent to clients. Each 1 to 64
   * characters of `A-Z a-z 0-9 _ - . : /`. @default none
   */
  tags?: readonly string[];
  /** Sent as the prompt's `_meta`. */
  meta?: JsonObject;
  /** The arguments that `complete` suggests values for (`completion/complete`). */
  completionArguments?: string[];
  /**
   * The name of the provider method that completes them: `(request, context)` returns an array
   * of strings or `Result.completion(...)`. @default 'complete' (on a `PromptHandler` class)
   */
  complete?: string;
}
