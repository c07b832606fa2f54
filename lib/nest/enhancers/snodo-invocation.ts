import {
  withSignal,
  type CallContext,
  type ComponentOperation,
  type ComponentRef,
  type AuthorizationPhase,
} from '../../core/internal.js';
import { platformPair } from '../platform/node-exchange.js';
import { NEST_MESSAGES } from '../snodo.messages.js';

/** What a request of the invocation phase does to a component of each kind. */
const RUN_OF_KIND: Readonly<Record<ComponentRef['kind'], ComponentOperation>> = {
  tool: 'call',
  resource: 'read',
  prompt: 'render',
};

/**
 * The operation of an authorization check: `list` while listing, `complete` for a completion,
 * else the run of the component's kind (a resource subscription asks to read it).
 * @internal
 */
export function operationOf(
  phase: AuthorizationPhase,
  component: Pick<ComponentRef, 'kind'>,
  method: string,
): ComponentOperation | 'list' {
  if (phase === 'discovery') return 'list';
  return method === 'completion/complete' ? 'complete' : RUN_OF_KIND[component.kind];
}

/** Marks the invocations of every copy of this package, its ES modules and its CommonJS modules alike. */
const INVOCATION_BRAND = Symbol.for('snodo.invocation');

/**
 * What guards and interceptors of a component receive as the second argument of their
 * execution context (`context.getArgs()[1]`, or `SnodoExecutionContext.create(context)`): the
 * phase, the component, the MCP request and its context.
 * @publicApi
 */
export class SnodoInvocation {
  static {
    Object.defineProperty(this.prototype, INVOCATION_BRAND, { value: true });
  }

  /**
   * Whether a value is an invocation, also one made by another copy of this package (an app that
   * loads both its ES modules and its CommonJS modules), where `instanceof` would say no.
   */
  static isInvocation(value: unknown): value is SnodoInvocation {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[INVOCATION_BRAND] === true
    );
  }

  private current: CallContext;
  private currentParams: unknown;

  /** @internal Snodo makes the invocation of each component run. */
  constructor(
    /** `discovery` while listing, `invocation` before and around a run. */
    readonly phase: AuthorizationPhase,
    /** The component: its kind (`tool`, `resource`, `prompt`) and name. */
    readonly component: Pick<ComponentRef, 'kind' | 'name'>,
    /**
     * What the component is asked for: `call`, `read`, `render` or `complete` before and around a
     * run, `list` while listing.
     */
    readonly operation: ComponentOperation | 'list',
    params: unknown,
    context: CallContext,
  ) {
    this.current = context;
    this.currentParams = params;
  }

  /**
   * The validated arguments (call), the read params, the prompt arguments or the completion
   * request; undefined while listing. After `replaceParams()`, the replacement.
   */
  get params(): unknown {
    return this.currentParams;
  }

  /**
   * Hands the next step (the inner interceptors, the pipes and the handler) other params than
   * the request's, as an interceptor may do before `next.handle()`. They are not validated again
   * against the component's schema: an interceptor that changes them checks the new values
   * itself. Invocation phase only.
   * @throws {Error} while listing, where nothing runs.
   */
  replaceParams(params: unknown): void {
    if (this.phase !== 'invocation') throw new Error(NEST_MESSAGES.PARAMS_WHILE_LISTING);
    this.currentParams = params;
  }

  /** The request context: revision, era, client, session, `_meta`, signal, transport, HTTP request. */
  get context(): CallContext {
    return this.current;
  }

  /**
   * The MCP method of the request behind this invocation, in both phases: `tools/call`,
   * `resources/read`, `prompts/get` or `completion/complete`; while listing, `tools/list`,
   * `resources/list`, `resources/templates/list` or `prompts/list`.
   */
  get method(): string {
    return this.current.method;
  }

  /**
   * The HTTP request of the call as the platform handed it to the route (Express's `Request`, or
   * Fastify's `FastifyRequest`); undefined over stdio. `context.request` is Node's own.
   */
  get request(): unknown {
    return platformPair(this.current.request).request;
  }

  /**
   * Makes the handler's `context.signal` abort when `signal` aborts too (wrappers use it for
   * timeouts). Takes effect for the handler the wrapper calls next.
   */
  linkSignal(signal: AbortSignal): void {
    this.current = withSignal(this.current, AbortSignal.any([this.current.signal, signal]));
  }
}
