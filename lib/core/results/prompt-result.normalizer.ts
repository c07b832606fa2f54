import { MESSAGES } from '../errors/messages.constant.js';
import { isSnodoError, SnodoError } from '../errors/snodo.error.js';
import { failure, success, type DispatchOutcome } from './dispatch-outcome.type.js';
import { findNonJson } from './json-value.js';
import {
  isCompletionResult,
  isPromptGetResult,
  PromptMessages,
  type Completion,
  type GetPromptResult,
  type PromptMessage,
} from './prompt-result.js';
import { Result } from './result.js';

const CONTENT_TYPES = new Set(['text', 'image', 'audio', 'resource_link', 'resource']);

function checkMessages(messages: unknown[]): string | undefined {
  for (const [i, message] of messages.entries()) {
    const m = message as { role?: unknown; content?: { type?: unknown } };
    if (typeof m !== 'object' || m === null) return `messages[${i}] is not a message`;
    if (m.role !== 'user' && m.role !== 'assistant')
      return `messages[${i}].role must be "user" or "assistant"`;
    if (
      typeof m.content !== 'object' ||
      m.content === null ||
      !CONTENT_TYPES.has(m.content.type as string)
    ) {
      return `messages[${i}].content must be one content block (text, image, audio, resource_link or resource)`;
    }
  }
  const notJson = findNonJson(messages);
  return notJson === undefined ? undefined : notJson;
}

/**
 * Turns what a prompt's `render` returned (or threw) into a `prompts/get` result or a JSON-RPC
 * error: a string is one user message; a list of messages is sent as is; `Result.promptGet()` is
 * unchanged; a `SnodoError` is that error; anything else thrown or returned is -32603.
 * @internal
 */
export function normalizePromptResult(
  name: string,
  outcome: { value: unknown } | { thrown: unknown },
): DispatchOutcome<GetPromptResult> {
  const value = 'thrown' in outcome ? outcome.thrown : outcome.value;
  if (isSnodoError(value)) return failure(value);
  if ('thrown' in outcome || value instanceof Error)
    return failure(SnodoError.internal(MESSAGES.PROMPT_FAILED(name)));
  let result: GetPromptResult;
  if (typeof value === 'string') result = { messages: [PromptMessages.user(value)] };
  else if (isPromptGetResult(value)) result = value;
  else if (Array.isArray(value)) result = { messages: value as PromptMessage[] };
  else {
    return failure(
      SnodoError.internal(
        MESSAGES.PROMPT_INVALID_RESULT(
          name,
          'return a string, a list of messages or Result.promptGet(...)',
        ),
      ),
    );
  }
  const problem = checkMessages(result.messages);
  return problem === undefined
    ? success(result)
    : failure(SnodoError.internal(MESSAGES.PROMPT_INVALID_RESULT(name, problem)));
}

/**
 * Turns what a `complete` callback returned into a completion: an array of strings, or
 * `Result.completion(...)`; at most 100 values are sent.
 * @internal
 */
export function normalizeCompletion(
  name: string,
  outcome: { value: unknown } | { thrown: unknown },
): DispatchOutcome<Completion> {
  const value = 'thrown' in outcome ? outcome.thrown : outcome.value;
  if (isSnodoError(value)) return failure(value);
  if ('thrown' in outcome || value instanceof Error)
    return failure(SnodoError.internal(MESSAGES.COMPLETION_FAILED(name)));
  if (isCompletionResult(value)) return success(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return success(Result.completion(value));
  return failure(SnodoError.internal(MESSAGES.COMPLETION_INVALID_RESULT(name)));
}
