import type { CallContext } from './call-context.interface.js';
import type { SnodoError } from '../errors/snodo.error.js';

/**
 * When a policy is asked: while listing (`discovery`) or before running a component (`invocation`).
 * @publicApi
 */
export type AuthorizationPhase = 'discovery' | 'invocation';

/** The component a policy decides about. @publicApi */
export interface ComponentRef {
  readonly kind: 'tool' | 'resource' | 'prompt';
  readonly name: string;
  readonly component: object;
}

/**
 * Decides who may see and call a component. `true` allows; `false` hides the component from
 * lists and answers a call as if it did not exist; a {@link SnodoError} is answered unchanged.
 * @publicApi
 */
export interface AuthorizationPolicy {
  authorize(
    phase: AuthorizationPhase,
    component: ComponentRef,
    context: CallContext,
  ): boolean | SnodoError | Promise<boolean | SnodoError>;
}
