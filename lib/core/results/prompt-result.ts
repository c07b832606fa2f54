import type { JsonObject } from '../wire/json-rpc.type.js';
import type { ContentBlock } from './content.type.js';

/** One message of a prompt: a role and a single content block. @publicApi */
export interface PromptMessage {
  /** Who speaks the message in the conversation the prompt starts. */
  role: 'user' | 'assistant';
  /** What the message says. */
  content: ContentBlock;
}

/** The wire shape of a `prompts/get` result (without the 2026-07-28 envelope fields). @publicApi */
export interface GetPromptResult {
  /** What the rendered prompt is for. */
  description?: string;
  /** The rendered prompt, in order. */
  messages: PromptMessage[];
  /** Metadata for the client, sent as the result's `_meta`. */
  _meta?: JsonObject;
}

/** The wire shape of a `completion/complete` result's `completion`. @publicApi */
export interface Completion {
  /** The suggested values: past 100, the rest are cut and `hasMore` is set. */
  values: string[];
  /** How many values there are in all, which may be more than those sent. */
  total?: number;
  /** Whether there are more values than those sent. */
  hasMore?: boolean;
}

/** The most completion values sent in one answer (spec). @publicApi */
export const MAX_COMPLETION_VALUES = 100;

const PROMPT_BRAND: unique symbol = Symbol.for('snodo.promptResult');
const COMPLETION_BRAND: unique symbol = Symbol.for('snodo.completion');

/** A prompt result built with `Result.promptGet()`. @publicApi */
export type PromptGetResult = GetPromptResult & { readonly [PROMPT_BRAND]: true };
/** A completion built with `Result.completion()`. @publicApi */
export type CompletionResult = Completion & { readonly [COMPLETION_BRAND]: true };

/** @internal */
export function brandPromptResult(result: GetPromptResult): PromptGetResult {
  Object.defineProperty(result, PROMPT_BRAND, { value: true, enumerable: false });
  return result as PromptGetResult;
}

/** @internal */
export function brandCompletion(completion: Completion): CompletionResult {
  Object.defineProperty(completion, COMPLETION_BRAND, { value: true, enumerable: false });
  return completion as CompletionResult;
}

/** Whether a value was built with `Result.promptGet()`. @publicApi */
export const isPromptGetResult = (value: unknown): value is PromptGetResult =>
  typeof value === 'object' && value !== null && PROMPT_BRAND in value;

/** Whether a value was built with `Result.completion()`. @publicApi */
export const isCompletionResult = (value: unknown): value is CompletionResult =>
  typeof value === 'object' && value !== null && COMPLETION_BRAND in value;

/**
 * Builders for prompt messages: a role and one content block (or a string for a text block).
 * @example
 * ```ts
 * return [PromptMessages.user(Content.image(png, 'image/png')), PromptMessages.user('Please analyze the image above.')];
 * ```
 * @publicApi
 */
export const PromptMessages = {
  user: (content: ContentBlock | string): PromptMessage => message('user', content),
  assistant: (content: ContentBlock | string): PromptMessage => message('assistant', content),
} as const;

function message(role: PromptMessage['role'], content: ContentBlock | string): PromptMessage {
  return { role, content: typeof content === 'string' ? { type: 'text', text: content } : content };
}
