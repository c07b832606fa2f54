import type { JsonObject } from '../wire/json-rpc.type.js';
import type { CallContext } from './call-context.interface.js';
import type { ComponentHooks } from './component-hooks.interface.js';
import type { Tagged } from './tagged.interface.js';
import type { Icon } from './tool.interface.js';

/**
 * One argument of a prompt: MCP prompt arguments are a flat map of strings.
 * @publicApi
 */
export interface PromptArgument {
  /** The argument's name: its key in the arguments `render` receives. */
  name: string;
  /** A display name. */
  title?: string;
  /** What the argument means, for whoever fills it in. */
  description?: string;
  /** @default false */
  required?: boolean;
}

/**
 * What a client learns about a prompt from `prompts/list`.
 * @publicApi
 */
export interface PromptDefinition {
  /** The programmatic name, unique among prompts. */
  name: string;
  /** A display name. */
  title?: string;
  /** What the prompt is for. */
  description?: string;
  /** The arguments: a flat map of strings; `required` ones are checked before `render` runs. */
  arguments?: PromptArgument[];
  /** Icons a client may show next to the prompt (2025-11-25 and later). */
  icons?: Icon[];
  /** Metadata for the client, sent as the definition's `_meta` (2025-06-18 and later). */
  _meta?: JsonObject;
}

/**
 * A `completion/complete` request, as a component's `complete` receives it.
 * @publicApi
 */
export interface CompletionRequest {
  /** The argument (or template variable) being completed. */
  readonly argument: string;
  /** What the user has typed so far. */
  readonly value: string;
  /** Values of the other arguments the client already resolved (`context.arguments`). */
  readonly arguments: Readonly<Record<string, string>>;
}

/**
 * A component that completes some of its arguments: prompts and resource templates opt in per
 * argument with `completionArguments` and implement `complete`.
 * @publicApi
 */
export interface Completable {
  /** The arguments (or template variables) that `complete` serves. */
  readonly completionArguments?: readonly string[];
  /**
   * Suggests values: an array of strings, or `Result.completion(values, { total, hasMore })`.
   * At most 100 values are sent; more are cut and `hasMore` is set.
   */
  complete?(request: CompletionRequest, context: CallContext): unknown;
}

/**
 * A prompt as the router holds it. `render(args, context)` gets the string arguments and returns
 * a string (one user message), a list of messages, or `Result.promptGet(messages, {...})`.
 * @publicApi
 */
export interface PromptComponent extends Completable, ComponentHooks, Tagged {
  /** What `prompts/list` shows of the prompt. */
  readonly definition: PromptDefinition;
  /** Renders the prompt with the client's arguments; see above for what it may return. */
  render(args: Readonly<Record<string, string>>, context: CallContext): unknown;
}
