import { Inject, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { SnodoModuleOptions } from '../interfaces/snodo-module-options.interface.js';
import { SNODO_RESOLVED_OPTIONS } from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import { checkNamespace, checkTag, checkTags } from './server-checks.js';

/** A provider or controller as discovery finds it. @internal */
export type InstanceWrapper = ReturnType<DiscoveryService['getProviders']>[number];

/** The `include`, `tags` and `namespace` options, checked. */
interface Selection {
  readonly include: readonly (abstract new (...args: never[]) => unknown)[] | undefined;
  readonly tags: ReadonlySet<string> | undefined;
  readonly namespace: string | undefined;
}

/**
 * Which of the app's components a server takes, and under which names: the providers and
 * controllers of the `include` modules (through `DiscoveryService`'s own `include`), the
 * components with one of the `tags`, and tool and prompt names under the `namespace`. The options
 * are checked on first use, when the app bootstraps.
 * @internal
 */
@Injectable()
export class ServerSelection {
  private checked?: Selection;

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(SNODO_RESOLVED_OPTIONS) private readonly options: SnodoModuleOptions,
  ) {}

  /**
   * The providers and controllers to look for components on.
   * @throws {Error} when an option is invalid, or `include` names a module the app lacks.
   */
  wrappers(): InstanceWrapper[] {
    const { include } = this.selection();
    if (include === undefined)
      return [...this.discovery.getProviders(), ...this.discovery.getControllers()];
    const options = { include: [...include] };
    return [...this.discovery.getProviders(options), ...this.discovery.getControllers(options)];
  }

  /**
   * Whether the server takes a component with these tags: any, without the `tags` option; one
   * of them, with it.
   * @param where the component, for the message of invalid tags.
   * @throws {Error} when its tags are invalid.
   */
  takes(tags: unknown, where: string): boolean {
    const own = checkTags(tags, where);
    const wanted = this.selection().tags;
    return wanted === undefined || own?.some((tag) => wanted.has(tag)) === true;
  }

  /** The name a discovered tool or prompt is served under: in the namespace, when there is one. */
  named(name: string): string {
    const { namespace } = this.selection();
    return namespace === undefined ? name : `${namespace}_${name}`;
  }

  private selection(): Selection {
    this.checked ??= {
      include: this.checkInclude(this.options.include),
      tags: checkSelectingTags(this.options.tags),
      namespace: checkNamespace(this.options.namespace),
    };
    return this.checked;
  }

  private checkInclude(include: unknown): Selection['include'] {
    if (include === undefined) return undefined;
    if (!Array.isArray(include) || include.some((module) => typeof module !== 'function'))
      throw new Error(NEST_MESSAGES.BAD_INCLUDE);
    const modules = include as NonNullable<Selection['include']>;
    for (const module of modules) {
      // Every module of the app has providers of its own (at least itself and its ModuleRef).
      if (this.discovery.getProviders({ include: [module] }).length === 0)
        throw new Error(NEST_MESSAGES.NOT_A_MODULE_OF_THE_APP(module.name));
    }
    return Object.freeze([...modules]);
  }
}

/** The `tags` option, checked. */
function checkSelectingTags(tags: unknown): ReadonlySet<string> | undefined {
  if (tags === undefined) return undefined;
  if (!Array.isArray(tags) || tags.length === 0) throw new Error(NEST_MESSAGES.BAD_TAGS_OPTION);
  return new Set(tags.map((tag: unknown) => checkTag(tag, 'the tags option')));
}
