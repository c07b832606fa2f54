import {
  Inject,
  Injectable,
  Optional,
  type CanActivate,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { ApplicationConfig, ExternalContextCreator, ModuleRef, Reflector } from '@nestjs/core';
import { isObservable, lastValueFrom } from 'rxjs';
import type {
  CallContext,
  ComponentHooks,
  ComponentInvocation,
  JsonObject,
} from '../../core/internal.js';
import type { SnodoModuleOptions } from '../interfaces/snodo-module-options.interface.js';
import type { BearerAuthenticator } from '../../auth/index.js';
import { ScopesGuard } from '../auth/scopes.guard.js';
import { SNODO_AUTHENTICATOR, SNODO_RESOLVED_OPTIONS, SNODO_SCOPES } from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import { SnodoTimeout } from '../wrappers/snodo-timeout.interceptor.js';
import { SnodoServerEnhancers } from '../servers/server-enhancers.js';
import { ComponentPipeline } from './component-pipeline.js';
import { declaredEnhancers, EnhancerResolver } from './enhancer-resolver.js';
import { intercept } from './interceptor-chain.js';
import {
  guardRefusal,
  mapComponentException,
  type GuardRefusals,
} from './enhancer-exception.mapper.js';
import { SnodoContextHost } from './snodo-context-host.js';
import { SnodoInvocation, operationOf } from './snodo-invocation.js';

type Callback = (...args: unknown[]) => unknown;

/** What runs a component's guards and interceptors: the class and method they belong to. */
interface Target {
  readonly classRef: Type;
  readonly callback: Callback;
}

/**
 * Turns the Nest enhancers of a component's method into its `authorize` and `wrap` hooks:
 * - guards run as its authorization policy, in both phases (listing hides what they refuse);
 * - interceptors wrap each run, first one outermost, as Nest runs them (`intercept()`: the
 *   async context an interceptor sets around `next.handle()` reaches what comes after it);
 * - inside them, pipes transform and validate the params and exception filters may turn what the
 *   handler threw into a result, through Nest's `ExternalContextCreator.create()`.
 *
 * Guards and interceptors run in the `'snodo'` context with the arguments `[params, invocation]`,
 * where `switchToHttp()` gives the call's HTTP request and response. They are found through
 * Nest's injector, so testing overrides apply. Global guards and interceptors, which already run
 * on the endpoint's route, take part only when marked with `@SnodoEnhancer()`; global pipes and
 * filters always do. The server's own (`guards` and `interceptors` options) come after the global
 * ones and before the component's. A declared guard that Nest cannot resolve stops bootstrap
 * (fail closed).
 * @internal
 */
@Injectable()
export class SnodoContextCreator {
  private readonly resolver: EnhancerResolver;
  private readonly defaultTimeout: SnodoTimeout | undefined;
  /** How guards' 401 and 403 are answered (the `hideRefusedComponents` option, the challenge of `auth`). */
  private readonly refusals: GuardRefusals;

  constructor(
    private readonly externalContextCreator: ExternalContextCreator,
    private readonly config: ApplicationConfig,
    reflector: Reflector,
    moduleRef: ModuleRef,
    @Inject(SNODO_RESOLVED_OPTIONS) options: SnodoModuleOptions,
    private readonly server: SnodoServerEnhancers,
    @Optional()
    @Inject(SNODO_AUTHENTICATOR)
    private readonly authenticator?: BearerAuthenticator | null,
  ) {
    this.resolver = new EnhancerResolver(moduleRef, reflector);
    this.defaultTimeout =
      options.timeoutMs === undefined ? undefined : new SnodoTimeout(options.timeoutMs);
    const challenge = authenticator?.resource.challenge();
    this.refusals = {
      disclose: checkHideRefused(options.hideRefusedComponents) !== true,
      ...(challenge === undefined ? {} : { challenge }),
    };
  }

  /**
   * The hooks of a component whose method is `instance[method]`.
   * @param where `Class.method()`, for messages.
   * @throws {Error} when a declared guard cannot be resolved.
   */
  create(instance: object, method: string, where: string): ComponentHooks {
    const classRef = instance.constructor as Type;
    const callback = (Object.getPrototypeOf(instance) as Record<string, Callback>)[method]!;
    const unresolved = (kind: 'guard' | 'interceptor') => (name: string) => {
      throw new Error(
        kind === 'guard'
          ? NEST_MESSAGES.GUARD_NOT_RESOLVED(where, name)
          : NEST_MESSAGES.INTERCEPTOR_NOT_RESOLVED(where, name),
      );
    };
    const guards = {
      before: [
        ...this.scopesGuard(classRef, callback, where),
        ...this.resolver.optedIn(this.config.getGlobalGuards()),
      ],
      after: this.resolver.resolve<CanActivate>(
        declaredEnhancers('guard', classRef, callback),
        unresolved('guard'),
      ),
    };
    const interceptors = {
      before: this.resolver.optedIn(this.config.getGlobalInterceptors()),
      after: this.resolver.resolve<NestInterceptor>(
        declaredEnhancers('interceptor', classRef, callback),
        unresolved('interceptor'),
      ),
    };
    const pipeline = this.pipeline(instance, method, classRef, callback);
    return this.hooks(guards, interceptors, { classRef, callback }, pipeline);
  }

  /** The hooks of a component built in code, from guard and interceptor instances. */
  createFor(
    guards: CanActivate[],
    interceptors: NestInterceptor[],
    holder: object,
    callback: Callback,
  ): ComponentHooks {
    return this.hooks(
      { before: this.resolver.optedIn(this.config.getGlobalGuards()), after: guards },
      { before: this.resolver.optedIn(this.config.getGlobalInterceptors()), after: interceptors },
      { classRef: holder.constructor as Type, callback },
      undefined,
    );
  }

  /** The check of `@Scopes()` on the class or the method, when there are any. */
  private scopesGuard(classRef: Type, callback: Callback, where: string): CanActivate[] {
    const scopes = [
      ...((Reflect.getMetadata(SNODO_SCOPES, classRef) as string[] | undefined) ?? []),
      ...((Reflect.getMetadata(SNODO_SCOPES, callback) as string[] | undefined) ?? []),
    ];
    if (scopes.length === 0) return [];
    if (this.authenticator === undefined || this.authenticator === null)
      throw new Error(NEST_MESSAGES.SCOPES_WITHOUT_AUTH(where));
    return [new ScopesGuard(this.authenticator.resource, [...new Set(scopes)])];
  }

  /** Pipes and filters, when the method or the app has any. */
  private pipeline(
    instance: object,
    method: string,
    classRef: Type,
    callback: Callback,
  ): ComponentPipeline | undefined {
    const pipes =
      declaredEnhancers('pipe', classRef, callback).length > 0 ||
      this.config.getGlobalPipes().length > 0 ||
      this.config.getGlobalRequestPipes().length > 0;
    const filters =
      declaredEnhancers('filter', classRef, callback).length > 0 ||
      this.config.getGlobalFilters().length > 0 ||
      this.config.getGlobalRequestFilters().length > 0;
    return pipes || filters
      ? new ComponentPipeline(this.externalContextCreator, instance, method, callback, filters)
      : undefined;
  }

  private hooks(
    guards: Around<CanActivate>,
    interceptors: Around<NestInterceptor>,
    target: Target,
    pipeline: ComponentPipeline | undefined,
  ): ComponentHooks {
    const timeout = this.defaultTimeout;
    const allInterceptors = withServer(
      interceptors,
      this.server.hasInterceptors ? () => this.server.interceptors : undefined,
      (all) =>
        timeout === undefined || all.some((interceptor) => interceptor instanceof SnodoTimeout)
          ? all
          : [timeout, ...all],
    );
    const hooks: ComponentHooks = { wrap: wrapHook(allInterceptors, target, pipeline) };
    if (guards.before.length + guards.after.length > 0 || this.server.hasGuards) {
      // Fail closed: until the server's guards are resolved, nothing gets through.
      const serverGuards = this.server.hasGuards
        ? () => this.server.guards ?? UNTIL_RESOLVED
        : undefined;
      hooks.authorize = authorizeHook(withServer(guards, serverGuards), target, this.refusals);
    }
    return hooks;
  }
}

/** Enhancers that go before the server's own (global ones) and after them (the component's). */
interface Around<T> {
  readonly before: readonly T[];
  readonly after: readonly T[];
}

/** Stands for the server's guards before they are resolved (no request reaches that far). */
const UNTIL_RESOLVED: readonly CanActivate[] = Object.freeze([{ canActivate: () => false }]);

/**
 * The enhancers of a component in order, with the server's own between the global and the
 * component's ones. The server's are resolved when the module initialises, after some hooks are
 * built: the list is made on first use once they are, and kept.
 */
function withServer<T>(
  around: Around<T>,
  server: (() => readonly T[] | undefined) | undefined,
  finish: (all: readonly T[]) => readonly T[] = (all) => all,
): () => readonly T[] {
  if (server === undefined) {
    const all = finish([...around.before, ...around.after]);
    return () => all;
  }
  let all: readonly T[] | undefined;
  return () => {
    if (all !== undefined) return all;
    const own = server();
    const list = finish([...around.before, ...(own ?? []), ...around.after]);
    if (own !== undefined && (own as unknown) !== UNTIL_RESOLVED) all = list;
    return list;
  };
}

/** Each run: interceptors, then pipes and filters (when any), then the handler; what they throw is mapped. */
function wrapHook(
  interceptorsOf: () => readonly NestInterceptor[],
  target: Target,
  pipeline: ComponentPipeline | undefined,
): NonNullable<ComponentHooks['wrap']> {
  // Not async itself: the run's own promise is handed back, with no extra turn of the queue.
  return (invocation: ComponentInvocation, next) => {
    const interceptors = interceptorsOf();
    const piped = pipeline !== undefined && invocation.operation !== 'complete';
    // Nothing around the handler: no invocation object for enhancers, no closures.
    if (interceptors.length === 0 && !piped) return runBare(invocation, next);
    return runEnhanced(interceptors, piped ? pipeline : undefined, target, invocation, next);
  };
}

/** A run through the interceptors, then the pipes and filters, then the handler. */
async function runEnhanced(
  interceptors: readonly NestInterceptor[],
  pipeline: ComponentPipeline | undefined,
  target: Target,
  invocation: ComponentInvocation,
  next: (context: CallContext, params?: unknown) => Promise<unknown>,
): Promise<unknown> {
  const snodo = new SnodoInvocation(
    'invocation',
    invocation.component,
    invocation.operation,
    invocation.params,
    invocation.context,
  );
  const proceed = (params: unknown) => next(snodo.context, params);
  const inner =
    pipeline === undefined ? () => proceed(snodo.params) : () => pipeline.handle(snodo, proceed);
  try {
    const result =
      interceptors.length === 0
        ? await inner()
        : await lastValueFrom(
            intercept(
              interceptors,
              new SnodoContextHost(target.classRef, target.callback, snodo),
              inner,
            ),
            { defaultValue: undefined },
          );
    return isObservable(result) ? await lastValueFrom(result) : result;
  } catch (thrown) {
    return mapThrown(thrown, invocation);
  }
}

/**
 * A run with no interceptor, pipe or filter around it: the handler, its exceptions mapped. Not
 * async: it chains on the run's own promise (one reaction, where an async function that awaits it
 * makes two more promises), on every tools/call of an app without interceptors.
 */
function runBare(
  invocation: ComponentInvocation,
  next: (context: CallContext, params?: unknown) => Promise<unknown>,
): Promise<unknown> {
  let running: Promise<unknown>;
  try {
    running = next(invocation.context, invocation.params);
  } catch (thrown) {
    // A handler that threw at once: mapped as one whose promise rejected (a throw rejects).
    return new Promise((resolve) => resolve(mapThrown(thrown, invocation)));
  }
  return running.then(
    (result) =>
      isObservable(result)
        ? lastValueFrom(result).catch((thrown: unknown) => mapThrown(thrown, invocation))
        : result,
    (thrown: unknown) => mapThrown(thrown, invocation),
  );
}

/** What a run that threw answers: its exception mapped (see `mapComponentException()`). */
function mapThrown(thrown: unknown, invocation: ComponentInvocation): unknown {
  const uri =
    invocation.operation === 'read' ? ((invocation.params as JsonObject).uri as string) : undefined;
  return mapComponentException(thrown, invocation.operation, uri);
}

/** The guards as the component's policy, in both phases. */
function authorizeHook(
  guardsOf: () => readonly CanActivate[],
  target: Target,
  refusals: GuardRefusals,
): NonNullable<ComponentHooks['authorize']> {
  return async (phase, context: CallContext, component) => {
    const guards = guardsOf();
    const operation = operationOf(phase, component, context.method);
    const snodo = new SnodoInvocation(phase, component, operation, undefined, context);
    const host = new SnodoContextHost(target.classRef, target.callback, snodo);
    try {
      for (const guard of guards) {
        const decision = guard.canActivate(host);
        const allowed = isObservable(decision) ? await lastValueFrom(decision) : await decision;
        if (!allowed) return guardRefusal(phase, false);
      }
      return true;
    } catch (thrown) {
      return guardRefusal(phase, thrown, refusals);
    }
  };
}

/** The `hideRefusedComponents` option, checked at bootstrap. */
function checkHideRefused(value: unknown): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean')
    throw new Error(NEST_MESSAGES.BAD_HIDE_REFUSED);
  return value;
}
