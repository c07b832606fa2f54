import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ContextIdFactory, MetadataScanner, ModuleRef } from '@nestjs/core';
import type { Type } from '@nestjs/common';
import type { CallContext } from '../core/internal.js';
import { Router } from '../core/internal.js';
import { loadDtoSupport, type DtoSupport } from './dto/class-validator.support.js';
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
import { SNODO_REGISTRY } from './snodo.constants.js';
import type { SnodoRegistry } from './snodo.registry.js';
import { SkillExplorer } from './skills/skill.explorer.js';
import { checkTags } from './servers/server-checks.js';
import { ServerSelection, type InstanceWrapper } from './servers/server-selection.js';

/** The method a class-form component runs, by kind. */
const CLASS_METHOD = { tool: 'call', resource: 'read', prompt: 'render' } as const;

/** What a component is registered under, to name the first of two that claim the same. */
function claimsOf(item: Declared): string[] {
  if (item.kind !== 'resource') return [`${item.kind}:${item.name}`];
  const { uri, uriTemplate } = item.options;
  return [`resource:${item.name}`, uri !== undefined ? `uri:${uri}` : `template:${uriTemplate}`];
}

/**
 * Finds `@Tool()`, `@Resource()` and `@Prompt()` classes and methods on the providers and
 * controllers the server selects (`include`, `tags`) at bootstrap, builds their components
 * (schemas included, tool and prompt names in the `namespace`) and the router, then the runtime,
 * once, and installs it in the {@link SnodoRegistry}.
 * @internal
 */
@Injectable()
export class SnodoExplorer implements OnApplicationBootstrap {
  private readonly logger = new Logger('Snodo');

  constructor(
    private readonly selection: ServerSelection,
    private readonly scanner: MetadataScanner,
    private readonly accessor: SnodoMetadataAccessor,
    @Inject(SNODO_REGISTRY) private readonly registry: SnodoRegistry,
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
    const firsts = new Map<string, string>();
    let router = Router.empty();
    for (const item of found) router = this.register(router, item, dto, firsts);
    router = await this.skills.register(router);
    this.registry.install(router);
  }

  /**
   * The router with one more component.
   * @param firsts who registered each name, URI and template so far.
   * @throws {Error} naming the component, and the first one when it claims what that one did.
   */
  private register(
    router: Router,
    item: Declared,
    dto: DtoSupport | undefined,
    firsts: Map<string, string>,
  ): Router {
    const claims = claimsOf(item);
    try {
      const hooks = this.contextCreator.create(item.instance, item.method, item.where);
      const next =
        item.kind === 'tool'
          ? router.registerTool(toolComponent(item, dto, hooks))
          : item.kind === 'resource'
            ? router.registerResource(resourceComponent(item, hooks))
            : router.registerPrompt(promptComponent(item, hooks));
      for (const claim of claims) if (!firsts.has(claim)) firsts.set(claim, item.where);
      return next;
    } catch (error) {
      const message = (error as Error).message;
      if (message.startsWith('Snodo: ')) throw new Error(message);
      const first = claims.map((claim) => firsts.get(claim)).find((where) => where !== undefined);
      throw new Error(
        first === undefined
          ? NEST_MESSAGES.REGISTRATION_FAILED(item.where, message)
          : NEST_MESSAGES.REGISTRATION_CLASH(item.where, message, first),
      );
    }
  }

  /** Every component the server takes, declared on a provider or controller, in discovery order. */
  private explore(): Declared[] {
    const found: Declared[] = [];
    for (const wrapper of this.selection.wrappers()) {
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
      const taken = declared.filter((item) => this.selection.takes(item.tags, item.where));
      if (taken.length === 0) continue;
      if (!wrapper.isDependencyTreeStatic()) {
        const resolve = this.requestScoped(wrapper);
        found.push(...taken.map((item) => ({ ...item, resolve })));
        this.logger.log(NEST_MESSAGES.REQUEST_SCOPED_PROVIDER(className));
        continue;
      }
      found.push(...taken);
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
    // Tools and prompts are served in the namespace; resources keep their names (and URIs).
    const identity = (options: { name?: string; tags?: readonly string[] }) => {
      const name = isClass ? requireName(options.name, where, kind) : (options.name ?? method);
      return {
        name: kind === 'resource' ? name : this.selection.named(name),
        tags: checkTags(options.tags, where),
      };
    };
    switch (kind) {
      case 'tool': {
        const options = this.accessor.getToolOptions(holder)!;
        const onCall = isClass ? [prototype.call!] : [];
        return {
          ...common,
          kind,
          options,
          ...identity(options),
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
          ...identity(options),
        };
      }
      case 'prompt': {
        const options = this.accessor.getPromptOptions(holder)!;
        return {
          ...common,
          kind,
          options,
          ...identity(options),
        };
      }
    }
  }
}

function requireName(name: string | undefined, where: string, kind: string): string {
  if (name === undefined) throw new Error(NEST_MESSAGES.CLASS_WITHOUT_NAME(where, kind));
  return name;
}
