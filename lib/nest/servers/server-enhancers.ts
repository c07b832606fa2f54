import {
  Inject,
  Injectable,
  type CanActivate,
  type NestInterceptor,
  type OnModuleInit,
  type Type,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { EnhancerResolver } from '../enhancers/enhancer-resolver.js';
import type { SnodoModuleOptions } from '../interfaces/snodo-module-options.interface.js';
import { SNODO_RESOLVED_OPTIONS } from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';

type Kind = 'guard' | 'interceptor';

/** The method an instance of each kind has. */
const METHOD: Record<Kind, string> = { guard: 'canActivate', interceptor: 'intercept' };

/** Thrown (and caught) inside the resolution when the app has no provider of a class. */
class NotProvided extends Error {}

/**
 * The `guards` and `interceptors` options: the enhancers of every component of the server. The
 * hooks that use them are built before the app has finished building (message tools, components
 * added in code), so the instances are resolved when the module initialises and read at each
 * run: a class the app provides is that provider (testing overrides apply), another one is built
 * by Nest with its dependencies.
 * @internal
 */
@Injectable()
export class SnodoServerEnhancers implements OnModuleInit {
  /** Whether the server has guards of its own (known at once, resolved at module init). */
  readonly hasGuards: boolean;
  readonly hasInterceptors: boolean;
  private resolved?: { guards: CanActivate[]; interceptors: NestInterceptor[] };
  private readonly resolver: EnhancerResolver;

  constructor(
    private readonly moduleRef: ModuleRef,
    reflector: Reflector,
    @Inject(SNODO_RESOLVED_OPTIONS) private readonly options: SnodoModuleOptions,
  ) {
    this.resolver = new EnhancerResolver(moduleRef, reflector);
    this.hasGuards = (options.guards?.length ?? 0) > 0;
    this.hasInterceptors = (options.interceptors?.length ?? 0) > 0;
  }

  /** The guards, once resolved (`undefined` before the module has initialised). */
  get guards(): readonly CanActivate[] | undefined {
    return this.resolved?.guards;
  }

  /** The interceptors, once resolved (`undefined` before the module has initialised). */
  get interceptors(): readonly NestInterceptor[] | undefined {
    return this.resolved?.interceptors;
  }

  /** @throws {Error} when an option is not a list of enhancers, or one cannot be built. */
  async onModuleInit(): Promise<void> {
    const guards = await this.resolve<CanActivate>('guards', 'guard');
    const interceptors = await this.resolve<NestInterceptor>('interceptors', 'interceptor');
    this.resolved = { guards, interceptors };
  }

  private async resolve<T extends object>(
    option: 'guards' | 'interceptors',
    kind: Kind,
  ): Promise<T[]> {
    const given: unknown = this.options[option];
    if (given === undefined) return [];
    if (!Array.isArray(given)) throw new Error(NEST_MESSAGES.BAD_SERVER_ENHANCERS(option, kind));
    const instances: T[] = [];
    for (const enhancer of given as unknown[])
      instances.push(await this.instance(option, kind, enhancer));
    return instances;
  }

  private async instance<T extends object>(
    option: string,
    kind: Kind,
    enhancer: unknown,
  ): Promise<T> {
    if (typeof enhancer !== 'function') {
      const method = (enhancer as Record<string, unknown> | null)?.[METHOD[kind]];
      if (typeof method !== 'function')
        throw new Error(NEST_MESSAGES.BAD_SERVER_ENHANCERS(option, kind));
      return enhancer as T;
    }
    try {
      return this.resolver.resolve<T>([enhancer], () => {
        throw new NotProvided();
      })[0]!;
    } catch (error) {
      if (!(error instanceof NotProvided)) throw error;
    }
    try {
      return await this.moduleRef.create<T>(enhancer as Type<T>);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      throw new Error(
        NEST_MESSAGES.SERVER_ENHANCER_NOT_RESOLVED(option, (enhancer as Type).name, reason),
      );
    }
  }
}
