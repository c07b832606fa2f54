import type { CallContext } from '../components/call-context.interface.js';
import type { Completable } from '../components/prompt.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { Completion } from '../results/prompt-result.js';
import { normalizeCompletion } from '../results/prompt-result.normalizer.js';
import { ComponentRun, authorizeInvocation, runComponent } from './component-run.js';
import type { DispatchOptions } from './dispatch-options.interface.js';
import { failure, success, type DispatchOutcome } from '../results/dispatch-outcome.type.js';
import type { PromptRoute, ResourceRoute, RouterState } from './router-state.js';

const completeWith = (component: Completable, context: CallContext, params: unknown): unknown =>
  component.complete!(params as Parameters<NonNullable<Completable['complete']>>[0], context);

/** The prompt or template a `ref` names, and the error for an unknown one. */
function referenced(
  state: RouterState,
  ref: unknown,
): { route: PromptRoute | ResourceRoute | undefined; unknown: SnodoError } | undefined {
  if (isJsonObject(ref) && ref.type === 'ref/prompt' && typeof ref.name === 'string') {
    const unknown = SnodoError.invalidParams(MESSAGES.UNKNOWN_PROMPT(ref.name));
    return { route: state.prompts.get(ref.name), unknown };
  }
  if (isJsonObject(ref) && ref.type === 'ref/resource' && typeof ref.uri === 'string') {
    const unknown = SnodoError.invalidParams(MESSAGES.UNKNOWN_TEMPLATE(ref.uri));
    return { route: state.templates.get(ref.uri), unknown };
  }
  return undefined;
}

/** The values of the other arguments the client already filled in (strings only). */
function resolvedArguments(params: JsonObject): Record<string, string> {
  const given =
    isJsonObject(params.context) && isJsonObject(params.context.arguments)
      ? params.context.arguments
      : {};
  return Object.fromEntries(
    Object.entries(given).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/**
 * `completion/complete` for a prompt argument or a template variable: authorization (hidden:
 * unknown), then the component's `complete` through its wrapper. An argument the component does
 * not complete gets no values.
 * @internal
 */
export async function complete(
  state: RouterState,
  params: JsonObject,
  context: CallContext,
  options: DispatchOptions,
): Promise<DispatchOutcome<Completion>> {
  const { argument } = params;
  if (
    !isJsonObject(argument) ||
    typeof argument.name !== 'string' ||
    typeof argument.value !== 'string'
  ) {
    return failure(SnodoError.invalidParams(MESSAGES.COMPLETION_ARGUMENT_REQUIRED));
  }
  const target = referenced(state, params.ref);
  if (target === undefined)
    return failure(SnodoError.invalidParams(MESSAGES.COMPLETION_REF_REQUIRED));
  const { route, unknown } = target;
  if (route === undefined) return failure(unknown);
  const denied = await authorizeInvocation(route.ref, context, options, () => unknown);
  if (denied !== undefined) return failure(denied);
  const component: Completable = route.component;
  if (
    component.complete === undefined ||
    !(component.completionArguments ?? []).includes(argument.name)
  ) {
    return success({ values: [], hasMore: false });
  }
  const request = {
    argument: argument.name,
    value: argument.value,
    arguments: resolvedArguments(params),
  };
  const returned = await runComponent(
    new ComponentRun(route.ref, 'complete', request, context),
    route.component,
    options,
    completeWith,
  );
  return normalizeCompletion(route.ref.name, returned);
}
