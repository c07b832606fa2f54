import type { SnodoError } from '../errors/snodo.error.js';
import type { AuthorizationPhase, ComponentRef } from './authorization-policy.interface.js';
import type { CallContext } from './call-context.interface.js';

/** What a component does when it runs. @publicApi */
export type ComponentOperation = 'call' | 'read' | 'render' | 'complete';

/**
 * One run of a component, as its wrappers see it.
 * @publicApi
 */
export interface ComponentInvocation {
  /** What the run does: call a tool, read a resource, render a prompt, or complete an argument. */
  readonly operation: ComponentOperation;
  /** The component that runs. */
  readonly component: ComponentRef;
  /** The validated arguments (call), the read params, the prompt arguments, or the completion request. */
  readonly params: unknown;
  /** What the handler knows of the request, as a wrapper may pass it on or derive from it. */
  readonly context: CallContext;
}

/**
 * Per-component authorization and wrapping. The Nest layer fills these from `@UseGuards` and
 * `@UseInterceptors`; code can set them directly.
 * @publicApi
 */
export interface ComponentHooks {
  /**
   * Decides visibility (`discovery`: `false` leaves the component out of lists) and access
   * (`invocation`: `false` answers as if it did not exist; a `SnodoError` is answered as is). Runs
   * after the server-wide authorization policy, before argument validation.
   */
  authorize?(
    phase: AuthorizationPhase,
    context: CallContext,
    component: ComponentRef,
  ): boolean | SnodoError | Promise<boolean | SnodoError>;
  /**
   * Wraps every run (call, read, render, complete), after lookup, authorization and validation.
   * Call `next(context)` to go on (with the same or a derived context), or return a value to stop.
   * `next(context, params)` hands the callback other params than `invocation.params`; they are not
   * validated again, so a wrapper that changes them checks the new values itself.
   */
  wrap?(
    invocation: ComponentInvocation,
    next: (context: CallContext, params?: unknown) => Promise<unknown>,
  ): Promise<unknown>;
}
