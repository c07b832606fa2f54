import type { CallContext } from '../components/call-context.interface.js';
import type {
  ComponentHooks,
  ComponentInvocation,
  ComponentOperation,
} from '../components/component-hooks.interface.js';
import { isSnodoError, type SnodoError } from '../errors/snodo.error.js';
import { InputRequiredSignal } from '../components/input-required.js';
import { isThenable } from '../components/thenable.js';
import type {
  AuthorizationPhase,
  AuthorizationPolicy,
  ComponentRef,
} from '../components/authorization-policy.interface.js';
import type { DispatchOptions } from './dispatch-options.interface.js';

/**
 * The server-wide policy, then the component's own: `true` to allow, `false` to hide or refuse, a
 * `SnodoError` to answer with. A policy that throws refuses (fail closed).
 * @internal
 */
export async function decide(
  phase: AuthorizationPhase,
  ref: ComponentRef,
  context: CallContext,
  policy: AuthorizationPolicy | undefined,
): Promise<boolean | SnodoError> {
  try {
    if (policy !== undefined) {
      const decision = await policy.authorize(phase, ref, context);
      if (decision !== true) return isSnodoError(decision) ? decision : false;
    }
    const hooks = ref.component as ComponentHooks;
    if (hooks.authorize === undefined) return true;
    const decision = await hooks.authorize(phase, context, ref);
    return decision === true ? true : isSnodoError(decision) ? decision : false;
  } catch (error) {
    if (isSnodoError(error)) return error;
    return false;
  }
}

/**
 * The invocation-phase decision: `undefined` to go on, or the error to answer with. A component
 * the caller may not see (refused in the discovery phase too) answers exactly as one that does not
 * exist (`unknown(ref)`), so that refusals cannot tell hidden names from unknown ones; a refusal
 * with its own error (-31401, -31403) is sent only to a caller who may see the component; a scope
 * challenge (`SnodoError.insufficientScope`) goes to every caller, who can act on it.
 * @internal
 */
export function authorizeInvocation(
  ref: ComponentRef,
  context: CallContext,
  options: DispatchOptions,
  unknown: (ref: ComponentRef) => SnodoError,
): SnodoError | undefined | Promise<SnodoError | undefined> {
  // Nothing to ask (no policy, no guards): decided at once, without a turn of the microtask queue.
  if (
    options.authorization === undefined &&
    (ref.component as ComponentHooks).authorize === undefined
  )
    return undefined;
  return decideInvocation(ref, context, options, unknown);
}

async function decideInvocation(
  ref: ComponentRef,
  context: CallContext,
  options: DispatchOptions,
  unknown: (ref: ComponentRef) => SnodoError,
): Promise<SnodoError | undefined> {
  const decision = await decide('invocation', ref, context, options.authorization);
  if (decision === true) return undefined;
  if (decision === false) return unknown(ref);
  if (decision.http?.disclose === true) return decision;
  const visible = await decide('discovery', ref, context, options.authorization);
  return visible === true ? decision : unknown(ref);
}

/**
 * The routes of a list the caller may see (discovery phase), in order.
 * @internal
 */
export async function visibleRoutes<R extends { readonly ref: ComponentRef }>(
  routes: readonly R[],
  context: CallContext,
  policy: AuthorizationPolicy | undefined,
  policed: boolean,
): Promise<readonly R[]> {
  if (policy === undefined && !policed) return routes;
  const decisions = await Promise.all(
    routes.map((route) => decide('discovery', route.ref, context, policy)),
  );
  return routes.filter((_, index) => decisions[index] === true);
}

/**
 * One run of a component callback, as its wrapper sees it. A class, not an object literal: V8 may
 * move a literal that points at the request into its old generation, where it keeps the request
 * alive until a full GC (see docs/benchmarks.md).
 * @internal
 */
export class ComponentRun implements ComponentInvocation {
  constructor(
    readonly component: ComponentRef,
    readonly operation: ComponentOperation,
    readonly params: unknown,
    readonly context: CallContext,
  ) {}
}

/** What a component's run gave: the value it returned, or what it threw. @internal */
export type RunSettled = { value: unknown } | { thrown: unknown };

/**
 * Runs a component through its wrapper (`invoke` calls the component with the context and params
 * the wrapper hands on: the run's own by default); reports errors that are not `SnodoError`s. An
 * `input_required` signal goes through untouched (thrown, or the promise rejects with it).
 * `invoke` is a function of the operation's module, not a closure per run.
 * @returns the outcome at once when the component answered at once (a sync handler without a
 *   wrapper: no turn of the microtask queue), else a promise of it.
 * @internal
 */
export function runComponent<C extends ComponentHooks>(
  run: ComponentRun,
  component: C,
  options: DispatchOptions,
  invoke: (component: C, context: CallContext, params: unknown) => unknown,
): RunSettled | Promise<RunSettled> {
  let returned: unknown;
  try {
    returned =
      component.wrap === undefined
        ? invoke(component, run.context, run.params)
        : component.wrap(run, (next, params = run.params) =>
            Promise.resolve(invoke(component, next, params)),
          );
  } catch (thrown) {
    return caught(run, options, thrown);
  }
  if (!isThenable(returned)) return settled(run, options, returned);
  return Promise.resolve(returned).then(
    (value) => settled(run, options, value),
    (thrown: unknown) => caught(run, options, thrown),
  );
}

/** A value the component returned (a reporter that throws on it makes the run one that threw). */
function settled(run: ComponentRun, options: DispatchOptions, value: unknown): RunSettled {
  try {
    if (value instanceof Error && !isSnodoError(value))
      options.onHandlerError?.(run.component, value);
  } catch (thrown) {
    return caught(run, options, thrown);
  }
  return { value };
}

/** What the component or its wrapper threw, reported; an `input_required` signal is thrown on. */
function caught(run: ComponentRun, options: DispatchOptions, thrown: unknown): RunSettled {
  if (thrown instanceof InputRequiredSignal) throw thrown;
  if (!isSnodoError(thrown)) options.onHandlerError?.(run.component, thrown);
  return { thrown };
}
