import type { Icon, JsonObject, PromptArgument } from '../../core/index.js';

/**
 * Options of {@link Prompt}.
 * @publicApi
 */
export interface PromptOptions {
  /** The programmatic name. @default the method name (required on a class) */
  name?: string;
  title?: string;
  description?: string;
  /** The arguments: a flat map of strings; `required` ones are checked before `render` runs. */
  arguments?: PromptArgument[];
  icons?: Icon[];
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
