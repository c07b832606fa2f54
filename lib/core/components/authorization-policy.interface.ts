import type { CallContext } from './call-context.interface.js';
import type { SnodoError } from '../errors/snodo.error.js';

/**
 * When a policy is asked: while listing (`discovery`) or before running a component (`invocation`).
 * @publicApi
 */
export type AuthorizationPhase = 'discovery' | 'invocation';

/** The component a policy decides about. @publicApi */
export interface ComponentRef {
  /** Which kind of component it is. */
  readonly kind: 'tool' | 'resource' | 'prompt';
  /** Its programmatic name (a resource's `name`, not its URI). */
  readonly name: string;
  /**
   * The component as registered: a {@link ToolComponent}, {@link ResourceComponent} or
   * {@link PromptComponent}.
   */
  readonly component: object;
}

/**
 * Decides who may see and call a component. `true` allows; `false` hides the component from
 * lists and answers a call as if it did not exist; a {@link SnodoError} is answered unchanged.
 * @publicApi
 */
export interface AuthorizationPolicy {
  /**
   * Decides for one caller and one component: in `discovery`, whether a list shows it; in
   * `invocation`, whether it may run. Runs before the component's own `authorize` hook.
   */
  authorize(
    phase: AuthorizationPhase,
    component: ComponentRef,
    context: CallContext,
  ): boolean | SnodoError | Promise<boolean | SnodoError>;
}
