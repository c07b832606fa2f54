import type { ExecutionContext } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { AuthorizationPhase, CallContext, ComponentRef } from '../../core/index.js';
import { SNODO_CONTEXT_TYPE } from '../snodo.constants.js';
import { SnodoInvocation } from './snodo-invocation.js';

/** The execution-context types a guard or interceptor can meet. @publicApi */
export type SnodoContextType = typeof SNODO_CONTEXT_TYPE | 'http' | 'rpc' | 'ws';

/**
 * The execution context of a component's guards and interceptors (context type `'snodo'`). Its
 * arguments are `[params, invocation]`.
 * @example
 * ```ts
 * // Reuse an HTTP guard: read the request from either context type.
 * getRequest(context: ExecutionContext) {
 *   return context.getType<SnodoContextType>() === 'snodo'
 *     ? SnodoExecutionContext.create(context).getRequest()
 *     : context.switchToHttp().getRequest();
 * }
 * ```
 * @publicApi
 */
export class SnodoExecutionContext extends ExecutionContextHost {
  /** Wraps the context a guard or interceptor received. */
  static create(context: ExecutionContext): SnodoExecutionContext {
    const snodo = new SnodoExecutionContext(
      context.getArgs(),
      context.getClass(),
      context.getHandler(),
    );
    snodo.setType(context.getType());
    return snodo;
  }

  /** The invocation: phase, component, operation, params and request context. */
  getInvocation(): SnodoInvocation {
    const invocation = this.getArgByIndex<unknown>(1);
    if (!(invocation instanceof SnodoInvocation)) {
      throw new Error(
        'SnodoExecutionContext: this is not the context of an MCP component (check context.getType())',
      );
    }
    return invocation;
  }

  /** `discovery` (listing) or `invocation` (running). */
  getPhase(): AuthorizationPhase {
    return this.getInvocation().phase;
  }

  /** The component's kind and name. */
  getComponent(): Pick<ComponentRef, 'kind' | 'name'> {
    return this.getInvocation().component;
  }

  /** The validated arguments (undefined while listing). */
  getParams<T = unknown>(): T {
    return this.getArgByIndex<T>(0);
  }

  /** The MCP request context. */
  getCallContext(): CallContext {
    return this.getInvocation().context;
  }

  /** The HTTP request (Express `Request`) when the call came over HTTP, for reused HTTP guards. */
  getRequest<T = unknown>(): T {
    return this.getInvocation().request as T;
  }
}
