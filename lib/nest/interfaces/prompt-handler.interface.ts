import type { CallContext, CompletionRequest } from '../../core/internal.js';

/**
 * The class form of a prompt: a provider decorated with `@Prompt({...})` that implements
 * `render` (and `complete` when it declares `completionArguments`).
 * @publicApi
 */
export interface PromptHandler<TArgs = Record<string, string>> {
  /**
   * Renders the prompt.
   * @returns a string (one user message), a list of messages (`PromptMessages.user(...)`), or
   * `Result.promptGet(messages, { description, meta })`.
   */
  render(args: TArgs, context: CallContext): unknown;
  /** Suggests values for one of the `completionArguments`. */
  complete?(request: CompletionRequest, context: CallContext): unknown;
}
