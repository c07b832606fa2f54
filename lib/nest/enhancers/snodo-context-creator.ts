import {
  Inject,
  Injectable,
  type CanActivate,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { ApplicationConfig, ExternalContextCreator, Reflector } from '@nestjs/core';
import { isObservable, lastValueFrom } from 'rxjs';
import type { ComponentHooks, ComponentInvocation, JsonObject } from '../../core/index.js';
import type { SnodoModuleOptions } from '../interfaces/snodo-module-options.interface.js';
import { SNODO_CONTEXT_TYPE, SNODO_ENHANCER, SNODO_RESOLVED_OPTIONS } from '../snodo.constants.js';
import { SnodoTimeout } from '../wrappers/snodo-timeout.interceptor.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import { mapComponentException, refusalError } from './enhancer-exception.mapper.js';
import { SnodoInvocation } from './snodo-invocation.js';

const GUARDS_METADATA = '__guards__';

type Callback = (...args: unknown[]) => unknown;

/** What `ExternalContextCreator` keeps inside (the guard and interceptor consumers); used here only. */
interface ContextCreatorInternals {
  guardsContextCreator: {
    create(
      instance: object,
      callback: Callback,
      module: string,
      contextId?: unknown,
      inquirerId?: string,
    ): CanActivate[];
  };
  guardsConsumer: {
    tryActivate(
      guards: CanActivate[],
      args: unknown[],
      instance: object,
      callback: Callback,
      type: string,
    ): Promise<boolean>;
  };
  interceptorsContextCreator: {
    create(
      instance: object,
      callback: Callback,
      module: string,
      contextId?: unknown,
      inquirerId?: string,
    ): NestInterceptor[];
  };
  interceptorsConsumer: {
    intercept(
      interceptors: NestInterceptor[],
      args: unknown[],
      instance: object,
      callback: Callback,
      next: () => Promise<unknown>,
      type: string,
    ): Promise<unknown>;
  };
  getHostModuleKey(instance: object, classRef: Type, inquirerId?: string): string;
  getContextModuleKey(classRef: Type): string;
}

/**
 * Turns the guards and interceptors of a component's method into its `authorize` and `wrap`
 * hooks: guards run as the authorization policy (both phases), interceptors wrap each run, first
 * one outermost, in the `'snodo'` context with the arguments `[params, invocation]`.
 *
 * Global guards and interceptors take part only when marked with `@SnodoEnhancer()`. A declared
 * guard that Nest cannot resolve stops bootstrap (fail closed).
 * @internal
 */
@Injectable()
export class SnodoContextCreator {
  private readonly internals: ContextCreatorInternals;
  private readonly defaultTimeout: SnodoTimeout | undefined;

  constructor(
    externalContextCreator: ExternalContextCreator,
    private readonly config: ApplicationConfig,
    private readonly reflector: Reflector,
    @Inject(SNODO_RESOLVED_OPTIONS) options: SnodoModuleOptions,
  ) {
    this.internals = externalContextCreator as unknown as ContextCreatorInternals;
    this.defaultTimeout =
      options.timeoutMs === undefined ? undefined : new SnodoTimeout(options.timeoutMs);
  }

  /**
   * The hooks of a component whose method is `instance[method]`.
   * @param where `Class.method()`, for messages.
   * @throws {Error} when a declared guard cannot be resolved.
   */
  create(instance: object, method: string, where: string): ComponentHooks {
    const classRef = instance.constructor as Type;
    const callback = (Object.getPrototypeOf(instance) as Record<string, Callback>)[method]!;
    const internals = this.internals;
    const moduleKey =
      internals.getHostModuleKey(instance, classRef) || internals.getContextModuleKey(classRef);
    const guards = this.onlyOptedIn(
      internals.guardsContextCreator.create(instance, callback, moduleKey),
      this.config.getGlobalGuards(),
    );
    this.checkGuardsResolved(classRef, callback, guards, where);
    const interceptors = this.onlyOptedIn(
      internals.interceptorsContextCreator.create(instance, callback, moduleKey),
      this.config.getGlobalInterceptors(),
    );
    return this.hooks(guards, interceptors, instance, callback);
  }

  /** The hooks of a component built in code, from guard and interceptor instances. */
  createFor(
    guards: CanActivate[],
    interceptors: NestInterceptor[],
    holder: object,
    callback: Callback,
  ): ComponentHooks {
    const globalGuards = this.config.getGlobalGuards().filter((guard) => this.optsIn(guard));
    const globalInterceptors = this.config
      .getGlobalInterceptors()
      .filter((interceptor) => this.optsIn(interceptor));
    return this.hooks(
      [...globalGuards, ...guards],
      [...globalInterceptors, ...interceptors],
      holder,
      callback,
    );
  }

  private hooks(
    guards: CanActivate[],
    declared: NestInterceptor[],
    instance: object,
    callback: Callback,
  ): ComponentHooks {
    const interceptors =
      this.defaultTimeout === undefined ||
      declared.some((interceptor) => interceptor instanceof SnodoTimeout)
        ? declared
        : [this.defaultTimeout, ...declared];
    const hooks: ComponentHooks = { wrap: this.wrapHook(interceptors, instance, callback) };
    if (guards.length > 0) hooks.authorize = this.authorizeHook(guards, instance, callback);
    return hooks;
  }

  /** The interceptors around each run, first one outermost; what they throw is mapped. */
  private wrapHook(
    interceptors: NestInterceptor[],
    instance: object,
    callback: Callback,
  ): NonNullable<ComponentHooks['wrap']> {
    const { interceptorsConsumer } = this.internals;
    return async (invocation: ComponentInvocation, next) => {
      const snodo = new SnodoInvocation(
        'invocation',
        invocation.component,
        invocation.operation,
        invocation.params,
        invocation.context,
      );
      const args = [invocation.params, snodo];
      const uri =
        invocation.operation === 'read'
          ? ((invocation.params as JsonObject).uri as string)
          : undefined;
      try {
        const result =
          interceptors.length === 0
            ? await next(snodo.context)
            : await interceptorsConsumer.intercept(
                interceptors,
                args,
                instance,
                callback,
                () => next(snodo.context),
                SNODO_CONTEXT_TYPE,
              );
        return isObservable(result) ? await lastValueFrom(result) : result;
      } catch (thrown) {
        return mapComponentException(thrown, invocation.operation, uri);
      }
    };
  }

  /** The guards as the component's policy, in both phases. */
  private authorizeHook(
    guards: CanActivate[],
    instance: object,
    callback: Callback,
  ): NonNullable<ComponentHooks['authorize']> {
    const { guardsConsumer } = this.internals;
    return async (phase, context, component) => {
      const snodo = new SnodoInvocation(phase, component, undefined, undefined, context);
      try {
        const allowed = await guardsConsumer.tryActivate(
          guards,
          [undefined, snodo],
          instance,
          callback,
          SNODO_CONTEXT_TYPE,
        );
        return allowed ? true : phase === 'discovery' ? false : refusalError(false);
      } catch (thrown) {
        return phase === 'discovery' ? false : refusalError(thrown);
      }
    };
  }

  /** Drops the global enhancers that did not opt in with `@SnodoEnhancer()`. */
  private onlyOptedIn<T extends object>(resolved: T[], globals: T[]): T[] {
    const global = new Set(globals);
    return resolved.filter((enhancer) => !global.has(enhancer) || this.optsIn(enhancer));
  }

  private optsIn(enhancer: object): boolean {
    return (
      this.reflector.get<boolean | undefined>(SNODO_ENHANCER, enhancer.constructor as Type) === true
    );
  }

  /** Fail closed: every guard declared on the class or method must have been resolved. */
  private checkGuardsResolved(
    classRef: Type,
    callback: Callback,
    resolved: CanActivate[],
    where: string,
  ): void {
    const declared = [
      ...((Reflect.getMetadata(GUARDS_METADATA, classRef) as unknown[] | undefined) ?? []),
      ...((Reflect.getMetadata(GUARDS_METADATA, callback) as unknown[] | undefined) ?? []),
    ];
    for (const guard of declared) {
      const found = resolved.some((candidate) =>
        typeof guard === 'function' ? candidate instanceof (guard as Type) : candidate === guard,
      );
      if (!found) {
        const name =
          typeof guard === 'function' ? (guard as Type).name : (guard as object).constructor.name;
        throw new Error(NEST_MESSAGES.GUARD_NOT_RESOLVED(where, name));
      }
    }
  }
}
