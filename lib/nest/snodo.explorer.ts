import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ContextIdFactory, DiscoveryService, MetadataScanner, ModuleRef } from '@nestjs/core';
import type { Type } from '@nestjs/common';
import type { CallContext } from '../core/index.js';
import { Router } from '../core/index.js';
import { loadDtoSupport } from './dto/class-validator.support.js';
import {
  promptComponent,
  resourceComponent,
  toolComponent,
  type Declared,
  type Handler,
} from './component.factory.js';
import { SnodoContextCreator } from './enhancers/snodo-context-creator.js';
import { SnodoMetadataAccessor } from './snodo-metadata.accessor.js';
import { NEST_MESSAGES } from './snodo.messages.js';
import { SnodoRegistry } from './snodo.registry.js';
import { SkillExplorer } from './skills/skill.explorer.js';

/** A provider or controller as discovery finds it. */
type InstanceWrapper = ReturnType<DiscoveryService['getProviders']>[number];

/** The method a class-form component runs, by kind. */
const CLASS_METHOD = { tool: 'call', resource: 'read', prompt: 'render' } as const;

/**
 * Finds `@Tool()`, `@Resource()` and `@Prompt()` classes and methods on every provider and
 * controller at bootstrap, builds their components (schemas included) and the router, then the
 * runtime, once, and installs it in the {@link SnodoRegistry}.
 * @internal
 */
@Injectable()
export class SnodoExplorer implements OnApplicationBootstrap {
  private readonly logger = new Logger('Snodo');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly accessor: SnodoMetadataAccessor,
    private readonly registry: SnodoRegistry,
    private readonly contextCreator: SnodoContextCreator,
    private readonly moduleRef: ModuleRef,
    private readonly skills: SkillExplorer,
  ) {}

  /**
   * Resolves a request-scoped or durable provider per request: the context id comes from the HTTP
   * request (the same one for every component of that request) or, without one, from a fresh
   * carrier per run; the carrier is registered as `REQUEST`.
   */
  private requestScoped(
    wrapper: InstanceWrapper,
  ): (context: CallContext) => Promise<Record<string, Handler>> {
    const metatype = wrapper.metatype as Type;
    const durable = wrapper.isDependencyTreeDurable();
    return async (context) => {
      const carrier = (context.request as object | undefined) ?? { headers: {}, mcp: context.meta };
      const contextId = ContextIdFactory.getByRequest(carrier);
      this.moduleRef.registerRequestByContextId(
        durable ? (contextId.payload ?? carrier) : carrier,
        contextId,
      );
      return this.moduleRef.resolve<Record<string, Handler>>(metatype, contextId, {
        strict: false,
      });
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    const found = this.explore();
    const needsDto = found.some(
      (item) => item.kind === 'tool' && item.argumentsClass !== undefined,
    );
    const dto = needsDto ? await loadDtoSupport() : undefined;
    let router = Router.empty();
    for (const item of found) {
      try {
        const hooks = this.contextCreator.create(item.instance, item.method, item.where);
        if (item.kind === 'tool') router = router.registerTool(toolComponent(item, dto, hooks));
        else if (item.kind === 'resource')
          router = router.registerResource(resourceComponent(item, hooks));
        else router = router.registerPrompt(promptComponent(item, hooks));
      } catch (error) {
        const message = (error as Error).message;
        throw new Error(
          message.startsWith('Snodo: ')
            ? message
            : NEST_MESSAGES.REGISTRATION_FAILED(item.where, message),
        );
      }
    }
    router = await this.skills.register(router);
    this.registry.install(router);
  }

  /** Every component declared on a provider or controller instance, in discovery order. */
  private explore(): Declared[] {
    const found: Declared[] = [];
    for (const wrapper of [...this.discovery.getProviders(), ...this.discovery.getControllers()]) {
      const instance: unknown = wrapper.instance;
      const metatype = wrapper.metatype;
      if (typeof metatype !== 'function' || instance === null || typeof instance !== 'object')
        continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, object>;
      const className = (instance.constructor as { name: string }).name;
      const target = instance as Record<string, Handler>;
      const declared: Declared[] = [];
      const classKind = this.accessor.getComponentType(metatype);
      if (classKind !== undefined) {
        const method = CLASS_METHOD[classKind];
        if (typeof target[method] !== 'function') {
          throw new Error(NEST_MESSAGES.CLASS_WITHOUT_METHOD(className, classKind, method));
        }
        declared.push(
          this.declare(classKind, metatype, prototype, target, method, className, true),
        );
      }
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const kind = this.accessor.getComponentType(prototype[method]!);
        if (kind !== undefined) {
          declared.push(
            this.declare(
              kind,
              prototype[method]!,
              prototype,
              target,
              method,
              `${className}.${method}()`,
              false,
            ),
          );
        }
      }
      if (declared.length === 0) continue;
      if (!wrapper.isDependencyTreeStatic()) {
        const resolve = this.requestScoped(wrapper);
        found.push(...declared.map((item) => ({ ...item, resolve })));
        this.logger.log(NEST_MESSAGES.REQUEST_SCOPED_PROVIDER(className));
        continue;
      }
      found.push(...declared);
    }
    return found;
  }

  private declare(
    kind: 'tool' | 'resource' | 'prompt',
    holder: object,
    prototype: Record<string, object>,
    instance: Record<string, Handler>,
    method: string,
    where: string,
    isClass: boolean,
  ): Declared {
    const common = { where, instance, method, isClass };
    switch (kind) {
      case 'tool': {
        const options = this.accessor.getToolOptions(holder)!;
        const onCall = isClass ? [prototype.call!] : [];
        return {
          ...common,
          kind,
          options,
          name: isClass ? requireName(options.name, where, kind) : (options.name ?? method),
          declarations: [holder, ...onCall].flatMap((target) => this.accessor.getArguments(target)),
          outputs: [holder, ...onCall].flatMap((target) => this.accessor.getOutputs(target)),
          argumentsClass: this.accessor.getArgumentsClass(prototype, method),
        };
      }
      case 'resource': {
        const options = this.accessor.getResourceOptions(holder)!;
        return {
          ...common,
          kind,
          options,
          name: isClass ? requireName(options.name, where, kind) : (options.name ?? method),
        };
      }
      case 'prompt': {
        const options = this.accessor.getPromptOptions(holder)!;
        return {
          ...common,
          kind,
          options,
          name: isClass ? requireName(options.name, where, kind) : (options.name ?? method),
        };
      }
    }
  }
}

function requireName(name: string | undefined, where: string, kind: string): string {
  if (name === undefined) throw new Error(NEST_MESSAGES.CLASS_WITHOUT_NAME(where, kind));
  return name;
}
