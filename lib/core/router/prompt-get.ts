import type { CallContext } from '../components/call-context.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { GetPromptResult } from '../results/prompt-result.js';
import { normalizePromptResult } from '../results/prompt-result.normalizer.js';
import { ComponentRun, authorizeInvocation, runComponent } from './component-run.js';
import type { DispatchOptions } from './dispatch-options.interface.js';
import { failure, type DispatchOutcome } from '../results/dispatch-outcome.type.js';
import type { PromptRoute } from './router-state.js';
import type { ComponentRef } from '../components/authorization-policy.interface.js';
import type { PromptComponent } from '../components/prompt.interface.js';

/** What a prompt that is not there, or cannot be rendered, answers: as one that does not exist. */
const unknownPrompt = (name: string): SnodoError =>
  SnodoError.invalidParams(MESSAGES.UNKNOWN_PROMPT(name));
const unknownPromptRef = (ref: ComponentRef): SnodoError => unknownPrompt(ref.name);

const renderPrompt = (prompt: PromptComponent, context: CallContext, params: unknown): unknown =>
  prompt.render(params as Record<string, string>, context);

/** The prompt arguments, when they are an object of strings. */
function promptArguments(params: JsonObject): DispatchOutcome<Record<string, string>> {
  const args = params.arguments === undefined ? {} : params.arguments;
  if (!isJsonObject(args)) return failure(SnodoError.invalidParams(MESSAGES.ARGUMENTS_NOT_OBJECT));
  for (const [key, value] of Object.entries(args)) {
    if (typeof value !== 'string') {
      return failure(SnodoError.invalidParams(MESSAGES.PROMPT_ARGUMENT_NOT_STRING(key)));
    }
  }
  return { ok: true, value: args as Record<string, string> };
}

/**
 * `prompts/get`: authorization (hidden: unknown prompt), then string arguments and the required
 * ones, then the render through the prompt's wrapper.
 * @internal
 */
export async function getPrompt(
  route: PromptRoute | undefined,
  name: string,
  params: JsonObject,
  context: CallContext,
  options: DispatchOptions,
): Promise<DispatchOutcome<GetPromptResult>> {
  if (route === undefined) return failure(unknownPrompt(name));
  const denied = await authorizeInvocation(route.ref, context, options, unknownPromptRef);
  if (denied !== undefined) return failure(denied);
  const parsed = promptArguments(params);
  if (!parsed.ok) return parsed;
  const args = parsed.value;
  const missing = route.checked.required.filter((key) => args[key] === undefined);
  if (missing.length > 0) {
    return failure(SnodoError.invalidParams(MESSAGES.MISSING_PROMPT_ARGUMENTS(missing)));
  }
  const returned = await runComponent(
    new ComponentRun(route.ref, 'render', args, context),
    route.component,
    options,
    renderPrompt,
  );
  return normalizePromptResult(name, returned);
}
