import type { JsonObject, SkillFiles } from '../../core/internal.js';

/**
 * Options of {@link Skill}: where the skill sits in the skill namespace, and its frontmatter when
 * the files' manifest holds only the body.
 *
 * Give `name` and `description` (and any of `metadata` and `frontmatter`) for a manifest that is
 * only Markdown; Snodo writes the YAML frontmatter on top of it. Leave them all out when the
 * manifest begins with a frontmatter block of its own (a skill read from disk with
 * `readSkillDirectory()`).
 * @publicApi
 */
export interface SkillOptions {
  /**
   * The skill's name: 1 to 64 lowercase letters, digits and single hyphens; the last segment of
   * its URI (`skill://<path>/<name>`). @default the manifest's own frontmatter
   */
  name?: string;
  /** What the skill does and when to use it (at most 1024 characters). @default the manifest's */
  description?: string;
  /**
   * The organizational prefix of the skill's path, such as `acme/billing`: the skill is then
   * `skill://acme/billing/<name>`. @default none
   */
  path?: string;
  /**
   * The skill's tags, for selecting it into a server (`SnodoModule.forRoot({ tags })`) and hiding
   * its files at run time (`SnodoRegistry.hideTag()`); not part of its frontmatter. @default none
   */
  tags?: readonly string[];
  /** The frontmatter's `metadata` mapping. @default none */
  metadata?: Record<string, string>;
  /**
   * Further frontmatter fields, verbatim (`license`, `compatibility`, `allowed-tools`, ...); not
   * `name`, `description` or `metadata`, which have options of their own. @default none
   */
  frontmatter?: JsonObject;
}

/**
 * The class form of a skill: a provider decorated with `@Skill({...})` that implements `files`.
 * @example
 * ```ts
 * @Skill({ name: 'git-workflow', description: "Follow the team's Git conventions" })
 * @Injectable()
 * export class GitWorkflowSkill implements SkillHandler {
 *   files() { return { [SKILL_MANIFEST]: '# Git workflow\n\nBranch from main...' }; }
 * }
 * ```
 * @publicApi
 */
export interface SkillHandler {
  /**
   * The skill's files by relative path, the manifest included; called once, at bootstrap.
   * @returns the files, or a promise of them (such as `readSkillDirectory(dir)`).
   */
  files(): SkillFiles | Promise<SkillFiles>;
}

/**
 * The `skills` option of `SnodoModule.forRoot()`: skills served from a directory on disk, each
 * subdirectory (at any depth) that holds a manifest being a skill named after it.
 * @publicApi
 */
export interface SnodoSkillsOptions {
  /** The directory that holds the skills, relative to the working directory or absolute. */
  directory: string;
  /** The prefix of every skill's path, such as `acme`. @default none */
  path?: string;
}
