import {
  withSignal,
  type CallContext,
  type ComponentOperation,
  type ComponentRef,
  type AuthorizationPhase,
} from '../../core/index.js';

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

  constructor(
    /** `discovery` while listing, `invocation` before and around a run. */
    readonly phase: AuthorizationPhase,
    /** The component: its kind (`tool`, `resource`, `prompt`) and name. */
    readonly component: Pick<ComponentRef, 'kind' | 'name'>,
    /** What runs: `call`, `read`, `render` or `complete` (invocation phase only). */
    readonly operation: ComponentOperation | undefined,
    /** The validated arguments, read params, prompt arguments or completion request. */
    readonly params: unknown,
    context: CallContext,
  ) {
    this.current = context;
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

  /** The HTTP request (a Node `IncomingMessage`), when the call came over HTTP. */
  get request(): unknown {
    return this.current.request;
  }

  /**
   * Makes the handler's `context.signal` abort when `signal` aborts too (wrappers use it for
   * timeouts). Takes effect for the handler the wrapper calls next.
   */
  linkSignal(signal: AbortSignal): void {
    this.current = withSignal(this.current, AbortSignal.any([this.current.signal, signal]));
  }
}
