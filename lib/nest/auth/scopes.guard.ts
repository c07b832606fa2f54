import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { SnodoError } from '../../core/internal.js';
import type { ProtectedResource } from '../../auth/index.js';
import { SnodoExecutionContext } from '../enhancers/snodo-execution-context.js';
import { AUTH_MESSAGES } from '../../auth/auth.messages.js';

/**
 * What `@Scopes()` adds to a component's guards: the caller's token must cover every scope, or a
 * run gets the scope challenge (403 `insufficient_scope` with every scope the component needs).
 * Lists show the component all the same, so that a client meets that challenge, unless
 * `auth.hideWithoutScopes` is set.
 * @internal
 */
export class ScopesGuard implements CanActivate {
  constructor(
    private readonly resource: ProtectedResource,
    private readonly required: readonly string[],
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const invocation = SnodoExecutionContext.create(context).getInvocation();
    const missing = this.resource.missingScopes(invocation.context.auth, this.required);
    if (missing.length === 0) return true;
    if (invocation.phase === 'discovery') return this.resource.options.hideWithoutScopes !== true;
    const { kind, name } = invocation.component;
    throw SnodoError.insufficientScope(
      AUTH_MESSAGES.INSUFFICIENT_SCOPE(kind, name, this.required),
      this.resource.challenge(
        {
          code: 'insufficient_scope',
          description: AUTH_MESSAGES.INSUFFICIENT_SCOPE(kind, name, this.required),
        },
        this.required,
      ),
    );
  }
}
