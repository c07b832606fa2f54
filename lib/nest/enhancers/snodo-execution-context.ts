import type { ExecutionContext, Type } from '@nestjs/common';
import type { AuthorizationPhase, CallContext, ComponentRef } from '../../core/internal.js';
import { SNODO_CONTEXT_TYPE } from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import { SnodoInvocation } from './snodo-invocation.js';

/** The execution-context types a guard or interceptor can meet. @publicApi */
export type SnodoContextType = 'snodo' | 'http' | 'rpc' | 'ws';

/**
 * The execution context of a component's guards and interceptors (context type `'snodo'`), with
 * the MCP data within reach. Its arguments are `[params, invocation]`; everything an
 * `ExecutionContext` offers is the wrapped context's.
 * HTTP guards need none of it: `switchToHttp().getRequest()` gives them the call's HTTP request.
 * @example
 * ```ts
 * // A guard that lets admins call any tool, others only read-only ones.
 * canActivate(context: ExecutionContext) {
 *   if (context.getType<SnodoContextType>() !== 'snodo') return true;
 *   const invocation = SnodoExecutionContext.create(context).getInvocation();
 *   return invocation.method !== 'tools/call' || isAdmin(context.switchToHttp().getRequest());
 * }
 * ```
 * @publicApi
 */
export class SnodoExecutionContext implements ExecutionContext {
  private constructor(private readonly context: ExecutionContext) {}

  /**
   * Whether a context is that of an MCP component's guard while the component is listed (phase
   * `discovery`), not run. For guards with side effects that should count runs only, such as
   * `@nestjs/throttler`'s: `ThrottlerModule.forRoot({ throttlers, skipIf: SnodoExecutionContext.isListing })`.
   */
  static isListing(this: void, context: ExecutionContext): boolean {
    if (context.getType<string>() !== SNODO_CONTEXT_TYPE) return false;
    const invocation = context.getArgByIndex<unknown>(1);
    return SnodoInvocation.isInvocation(invocation) && invocation.phase === 'discovery';
  }

  /** Wraps the context a guard or interceptor received. */
  static create(context: ExecutionContext): SnodoExecutionContext {
    return context instanceof SnodoExecutionContext ? context : new SnodoExecutionContext(context);
  }

  /** The class of the provider that declares the component. */
  getClass<T = unknown>(): Type<T> {
    return this.context.getClass<T>();
  }

  /** The method that implements the component, where its decorators' metadata is. */
  getHandler(): (...args: unknown[]) => unknown {
    return this.context.getHandler() as (...args: unknown[]) => unknown;
  }

  /** The arguments: `[params, invocation]` for an MCP component. */
  getArgs<T extends unknown[] = unknown[]>(): T {
    return this.context.getArgs<T>();
  }

  /** One of the arguments: 0 is the params, 1 the invocation, for an MCP component. */
  getArgByIndex<T = unknown>(index: number): T {
    return this.context.getArgByIndex<T>(index);
  }

  /** The params as the data, the invocation as the context, for an MCP component. */
  switchToRpc(): ReturnType<ExecutionContext['switchToRpc']> {
    return this.context.switchToRpc();
  }

  /**
   * The HTTP request and response of the call, as the platform (Express or Fastify) gave them to
   * the route; over stdio, undefined; in process (`createSnodoTestClient()`), a request that
   * holds only `headers`, and no response.
   */
  switchToHttp(): ReturnType<ExecutionContext['switchToHttp']> {
    return this.context.switchToHttp();
  }

  /** The params as the data and the method as the pattern, for an MCP component; no client. */
  switchToWs(): ReturnType<ExecutionContext['switchToWs']> {
    return this.context.switchToWs();
  }

  /** `'snodo'` for an MCP component's guards and interceptors. */
  getType<TContext extends string = SnodoContextType>(): TContext {
    return this.context.getType<TContext>();
  }

  /**
   * The invocation: phase, component, operation, params and request context.
   * @throws {Error} when this is not the context of an MCP component.
   */
  getInvocation(): SnodoInvocation {
    const invocation = this.getArgByIndex<unknown>(1);
    if (!SnodoInvocation.isInvocation(invocation))
      throw new Error(NEST_MESSAGES.NOT_A_SNODO_CONTEXT);
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

  /**
   * The HTTP request of the call as the platform handed it to the route (Express's `Request` or
   * Fastify's `FastifyRequest`), as `switchToHttp().getRequest()` gives it too; undefined over stdio.
   * In an HTTP context (a server's `guards` on the explorer page's routes), the route's request.
   */
  getRequest<T = unknown>(): T {
    if (this.getType<string>() === 'http') return this.switchToHttp().getRequest<T>();
    return this.getInvocation().request as T;
  }
}
