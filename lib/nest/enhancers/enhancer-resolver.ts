import type { Type } from '@nestjs/common';
import type { ModuleRef, Reflector } from '@nestjs/core';
import { SNODO_ENHANCER } from '../snodo.constants.js';

/**
 * The metadata keys of Nest's `@UseGuards()`, `@UseInterceptors()`, `@UsePipes()` and
 * `@UseFilters()` (the values of `@nestjs/common`'s constants of these names, the same in Nest 11
 * and 12; the constants themselves are not exported from the package's root).
 * @internal
 */
export const ENHANCER_METADATA = {
  guard: '__guards__',
  interceptor: '__interceptors__',
  pipe: '__pipes__',
  filter: '__exceptionFilters__',
} as const;

/** An enhancer kind: `guard`, `interceptor`, `pipe` or `filter`. @internal */
export type EnhancerKind = keyof typeof ENHANCER_METADATA;

/** The enhancers declared on a class and on one of its methods, class ones first, as Nest orders them. @internal */
export function declaredEnhancers(
  kind: EnhancerKind,
  classRef: Type,
  method: object,
): readonly unknown[] {
  const key = ENHANCER_METADATA[kind];
  return [
    ...((Reflect.getMetadata(key, classRef) as unknown[] | undefined) ?? []),
    ...((Reflect.getMetadata(key, method) as unknown[] | undefined) ?? []),
  ];
}

/**
 * Finds the instances of declared guards and interceptors through Nest's injector
 * (`ModuleRef.get()` across modules), so that what a testing module put in their place with
 * `overrideGuard()`, `overrideInterceptor()` or `overrideProvider()` is what runs. An enhancer
 * declared as an instance (`@UseGuards(new ApiKeyGuard())`) is used as it is.
 *
 * Nest keeps a declared enhancer as an injectable of each module that declares it, and, when the
 * app also lists it in `providers`, as a provider: `overrideGuard()` replaces the first,
 * `overrideProvider()` the second. A replacement is an instance of another class than the one
 * declared (a `useValue` object, a `useClass` class), so among the instances Nest has for the
 * class, one of another class wins; otherwise any of them does (they are the same class).
 * @internal
 */
export class EnhancerResolver {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly reflector: Reflector,
  ) {}

  /**
   * The instance of each declared enhancer, in order.
   * @param unresolved called with the name of one that Nest cannot provide (it must throw).
   */
  resolve<T extends object>(
    declared: readonly unknown[],
    unresolved: (name: string) => never,
  ): T[] {
    return declared.map((enhancer) => {
      if (typeof enhancer !== 'function') return enhancer as T;
      let instances: T[];
      try {
        instances = this.moduleRef.get<unknown, T>(enhancer, { strict: false, each: true });
      } catch {
        return unresolved((enhancer as Type).name);
      }
      const replaced = instances.find(
        (instance) =>
          instance !== null && instance !== undefined && instance.constructor !== enhancer,
      );
      const found = replaced ?? instances[instances.length - 1];
      return found ?? unresolved((enhancer as Type).name);
    });
  }

  /** The app's global enhancers that opted in with `@SnodoEnhancer()`. */
  optedIn<T extends object>(globals: readonly T[]): T[] {
    return globals.filter(
      (enhancer) =>
        this.reflector.get<boolean | undefined>(SNODO_ENHANCER, enhancer.constructor as Type) ===
        true,
    );
  }
}
