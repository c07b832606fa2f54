import { Inject, Injectable, Logger } from '@nestjs/common';
import { MetadataScanner } from '@nestjs/core';
import { resolve } from 'node:path';
import {
  defineSkill,
  loadSkills,
  skillResources,
  SKILLS_EXTENSION,
  type JsonObject,
  type ResourceComponent,
  type Router,
  type DefinedSkill,
  type SkillFiles,
} from '../../core/internal.js';
import { SnodoContextCreator } from '../enhancers/snodo-context-creator.js';
import type { SnodoModuleOptions } from '../interfaces/snodo-module-options.interface.js';
import { SNODO_RESOLVED_OPTIONS } from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import type { SkillOptions, SnodoSkillsOptions } from './skill-options.interface.js';
import { SNODO_SKILL_OPTIONS } from './skill.constants.js';
import { checkTags } from '../servers/server-checks.js';
import { ServerSelection, type InstanceWrapper } from '../servers/server-selection.js';

/** A `@Skill()` found on a provider: the instance and the method that gives its files. */
interface DeclaredSkill {
  readonly instance: Record<string, (...args: unknown[]) => unknown>;
  readonly method: string;
  readonly options: SkillOptions;
  readonly where: string;
  /** Its tags, checked. */
  readonly tags: readonly string[] | undefined;
}

/** A built skill with the tags of its declaration. */
interface TaggedSkill {
  readonly skill: DefinedSkill;
  readonly tags: readonly string[] | undefined;
}

/**
 * The skills' files with the tags of every skill that serves them (a nested skill's files are
 * files of the enclosing one too), so that hiding a tag hides the skill's files and listing.
 */
function taggedResources(
  resources: readonly ResourceComponent[],
  skills: readonly TaggedSkill[],
): ResourceComponent[] {
  const tagged = skills.filter(({ tags }) => tags !== undefined && tags.length > 0);
  if (tagged.length === 0) return [...resources];
  return resources.map((resource) => {
    const uri = resource.definition.uri ?? '';
    const tags = tagged
      .filter(({ skill }) => uri.startsWith(`${skill.root}/`))
      .flatMap((each) => each.tags!);
    return tags.length === 0 ? resource : Object.freeze({ ...resource, tags: [...new Set(tags)] });
  });
}

/** The options of `@Skill()` on a class or method, if it has the decorator. */
const optionsOf = (target: object): SkillOptions | undefined =>
  Reflect.getMetadata(SNODO_SKILL_OPTIONS, target) as SkillOptions | undefined;

/** Frontmatter fields that `@Skill()` has options of its own for. */
const OWN_FIELDS = ['name', 'description', 'metadata'];

/** What the hooks of directory skills name as their handler (no method of the app). */
function skillDirectory(): void {}

/**
 * The frontmatter `@Skill()` options give, or `undefined` when they leave it to the manifest.
 * @throws {Error} when they give it in part, or set a field twice.
 */
function frontmatterOf(options: SkillOptions, where: string): JsonObject | undefined {
  const { name, description, metadata, frontmatter } = options;
  if ([name, description, metadata, frontmatter].every((value) => value === undefined)) {
    return undefined;
  }
  const twice = OWN_FIELDS.find((field) => frontmatter !== undefined && field in frontmatter);
  if (twice !== undefined) throw new Error(NEST_MESSAGES.SKILL_FIELD_TWICE(where, twice));
  if (name === undefined || description === undefined) {
    throw new Error(NEST_MESSAGES.SKILL_NEEDS_NAME(where));
  }
  return { name, description, ...frontmatter, ...(metadata === undefined ? {} : { metadata }) };
}

/** The `skills` option, checked. */
function checkSkillsOption(option: unknown): SnodoSkillsOptions | undefined {
  if (option === undefined) return undefined;
  const valid =
    typeof option === 'object' &&
    option !== null &&
    Object.keys(option).every((key) => key === 'directory' || key === 'path') &&
    typeof (option as SnodoSkillsOptions).directory === 'string' &&
    (option as SnodoSkillsOptions).directory !== '' &&
    ['string', 'undefined'].includes(typeof (option as SnodoSkillsOptions).path);
  if (!valid) throw new Error(NEST_MESSAGES.BAD_SKILLS_OPTION);
  return option as SnodoSkillsOptions;
}

/**
 * Builds the server's skills at bootstrap: the `@Skill()` classes and methods of the providers
 * and controllers it selects (`include`, `tags`; their files asked for once; their guards and interceptors as the hooks of every
 * file) and the skills of the `skills` directory (with the global enhancers marked for Snodo),
 * then registers their files as resources.
 * @internal
 */
@Injectable()
export class SkillExplorer {
  private readonly logger = new Logger('Snodo');

  constructor(
    private readonly selection: ServerSelection,
    private readonly scanner: MetadataScanner,
    private readonly contextCreator: SnodoContextCreator,
    @Inject(SNODO_RESOLVED_OPTIONS) private readonly options: SnodoModuleOptions,
  ) {}

  /**
   * The router with every skill's files registered.
   * @throws {Error} naming the skill, file or option at fault.
   */
  async register(router: Router): Promise<Router> {
    const directory = checkSkillsOption(this.options.skills);
    const skills: TaggedSkill[] = [];
    for (const declared of this.explore())
      skills.push({ skill: await this.build(declared), tags: declared.tags });
    if (directory !== undefined)
      for (const skill of await this.fromDirectory(directory))
        skills.push({ skill, tags: undefined });
    if (skills.length === 0) return router;
    if (this.options.extensions?.[SKILLS_EXTENSION] === undefined) {
      this.logger.warn(NEST_MESSAGES.SKILLS_WITHOUT_EXTENSION(skills.length));
    }
    let registered = router;
    const resources = skillResources(skills.map(({ skill }) => skill));
    for (const resource of taggedResources(resources, skills)) {
      try {
        registered = registered.registerResource(resource);
      } catch (error) {
        const uri = resource.definition.uri!;
        throw new Error(NEST_MESSAGES.SKILL_FILE_NOT_REGISTERED(uri, (error as Error).message));
      }
    }
    return registered;
  }

  /** Every `@Skill()` class and method the server takes, in discovery order. */
  private explore(): DeclaredSkill[] {
    const found: DeclaredSkill[] = [];
    for (const wrapper of this.selection.wrappers()) {
      const declared = this.declaredOn(wrapper).filter(({ tags, where }) =>
        this.selection.takes(tags, where),
      );
      if (declared.length > 0 && !wrapper.isDependencyTreeStatic()) {
        throw new Error(NEST_MESSAGES.SKILL_ON_REQUEST_SCOPED(declared[0]!.where));
      }
      found.push(...declared);
    }
    return found;
  }

  private declaredOn(wrapper: InstanceWrapper): DeclaredSkill[] {
    const { instance, metatype } = wrapper as { instance: unknown; metatype: unknown };
    if (typeof metatype !== 'function' || typeof instance !== 'object' || instance === null) {
      return [];
    }
    const target = instance as DeclaredSkill['instance'];
    const className = (instance.constructor as { name: string }).name;
    const prototype = Object.getPrototypeOf(instance) as Record<string, object>;
    const declared: DeclaredSkill[] = [];
    const onClass = optionsOf(metatype);
    if (onClass !== undefined) {
      if (typeof target.files !== 'function') {
        throw new Error(NEST_MESSAGES.SKILL_CLASS_WITHOUT_FILES(className));
      }
      const tags = checkTags(onClass.tags, className);
      declared.push({
        instance: target,
        method: 'files',
        options: onClass,
        where: className,
        tags,
      });
    }
    for (const method of this.scanner.getAllMethodNames(prototype)) {
      const options = optionsOf(prototype[method]!);
      if (options === undefined) continue;
      const where = `${className}.${method}()`;
      declared.push({
        instance: target,
        method,
        options,
        where,
        tags: checkTags(options.tags, where),
      });
    }
    return declared;
  }

  /** One declared skill: its files asked for, its hooks from its enhancers. */
  private async build({ instance, method, options, where }: DeclaredSkill): Promise<DefinedSkill> {
    const frontmatter = frontmatterOf(options, where);
    let files: SkillFiles;
    try {
      files = (await instance[method]!()) as SkillFiles;
    } catch (error) {
      throw new Error(NEST_MESSAGES.SKILL_FILES_FAILED(where, (error as Error).message));
    }
    const hooks = this.contextCreator.create(instance, method, where);
    return defineSkill({ path: options.path, frontmatter, files }, hooks, where);
  }

  /** The skills of the `skills` directory, with the global enhancers marked for Snodo. */
  private fromDirectory(option: SnodoSkillsOptions): Promise<DefinedSkill[]> {
    const hooks = this.contextCreator.createFor([], [], option, skillDirectory);
    return loadSkills(resolve(option.directory), { path: option.path, hooks });
  }
}
