import type { ComponentHooks } from '../components/component-hooks.interface.js';
import type { ResourceComponent, ResourceDefinition } from '../components/resource.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { ResourceContent, type ResourceContents } from '../results/resource-result.js';
import { Result } from '../results/result.js';
import type { Router } from '../router/router.js';
import { SKILL_MANIFEST, SKILL_MANIFEST_SUFFIX, SKILL_SCHEME } from '../wire/skill-constants.js';
import { prepareFiles, type PreparedFile, type SkillFile, type SkillFiles } from './skill-files.js';
import {
  parseFrontmatter,
  renderManifest,
  SkillDefinitionError,
  splitManifest,
  type SkillFrontmatter,
} from './skill-frontmatter.js';

/** Where a skill's manifest resource carries the skill's listing entry. @internal */
export const SKILL_ENTRY = Symbol.for('snodo.skillEntry');

/**
 * What a skill is made of: its files (the manifest at the root, with or without its frontmatter
 * block), where it sits in the server's skill namespace, and its frontmatter when the manifest is
 * only a body.
 * @publicApi
 */
export interface SkillSource {
  /**
   * The organizational prefix of the skill's path, `/`-separated (`acme/billing`): the skill
   * named `refunds` is then `skill://acme/billing/refunds`. Segments are lowercase letters, digits,
   * `.`, `_`, `~` and `-`. @default none: `skill://<name>`
   */
  readonly path?: string;
  /**
   * The frontmatter (`name`, `description`, and any other field), when the manifest holds only
   * the body; the manifest is then written with this frontmatter on top. Leave it out when the
   * manifest begins with its own frontmatter block.
   */
  readonly frontmatter?: JsonObject;
  /** The files by relative path, the manifest included. */
  readonly files: SkillFiles;
}

/** One file of a skill's listing entry. @publicApi */
export interface SkillResourceEntry {
  /** The file's URI: the skill's root URI, then the file's relative path, percent-encoded. */
  readonly uri: string;
  /** `sha256:` and the 64 lowercase hex digits of the SHA-256 of the file's raw bytes. */
  readonly digest: string;
  /** The length of the raw bytes. */
  readonly size: number;
}

/** A skill as `skills/list` and `skills/get` show it. @publicApi */
export interface SkillEntry {
  /** The URI of the skill's manifest. */
  readonly uri: string;
  /** The manifest's frontmatter, as JSON. */
  readonly frontmatter: SkillFrontmatter;
  /** Every file of the skill, the manifest first, each with its digest and size. */
  readonly resources: readonly SkillResourceEntry[];
}

/**
 * A skill ready to be served: built once (digests computed, the manifest written), then turned
 * into resources with `skillResources()` or {@link registerSkills}.
 * @publicApi
 */
export interface DefinedSkill {
  /** The frontmatter's `name`: the last segment of its path. */
  readonly name: string;
  /** The URI of its manifest: `skill://<skill-path>` and the manifest's file name. */
  readonly uri: string;
  /** The URI of its root directory, `skill://<skill-path>`. */
  readonly root: string;
  /** The manifest's frontmatter, frozen. */
  readonly frontmatter: SkillFrontmatter;
  /** What `skills/list` and `skills/get` show of it, frozen. */
  readonly entry: SkillEntry;
  /** Its files as served, the manifest first. @internal */
  readonly files: readonly PreparedFile[];
  /** The hooks every file of the skill gets: who may see and read it, what wraps the reads. */
  readonly hooks: ComponentHooks;
}

const SEGMENT = /^[a-z0-9_~-][a-z0-9._~-]*$/;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The manifest as text, and the file as given (to keep its mime type). */
function manifestOf(files: SkillFiles): { text: string; given: SkillFiles[string] } {
  if (typeof files !== 'object' || files === null || Array.isArray(files)) {
    throw new SkillDefinitionError(MESSAGES.SKILL_FILES_NOT_OBJECT);
  }
  const given = files[SKILL_MANIFEST];
  if (given === undefined) throw new SkillDefinitionError(MESSAGES.SKILL_MANIFEST_MISSING);
  const content =
    typeof given === 'string' || given instanceof Uint8Array
      ? given
      : (given as SkillFile | null)?.content;
  if (typeof content === 'string') return { text: content, given };
  if (!(content instanceof Uint8Array)) {
    throw new SkillDefinitionError(MESSAGES.SKILL_BAD_FILE(SKILL_MANIFEST));
  }
  try {
    return { text: UTF8.decode(content), given };
  } catch {
    throw new SkillDefinitionError(MESSAGES.SKILL_MANIFEST_NOT_TEXT);
  }
}

/** The frontmatter, and the files with the manifest as it is served. */
function withFrontmatter(source: SkillSource): {
  frontmatter: SkillFrontmatter;
  files: SkillFiles;
} {
  const { text, given } = manifestOf(source.files);
  const block = splitManifest(text);
  if (source.frontmatter === undefined) {
    if (block === undefined) throw new SkillDefinitionError(MESSAGES.SKILL_NO_FRONTMATTER);
    return { frontmatter: parseFrontmatter(block.yaml), files: source.files };
  }
  if (block !== undefined) throw new SkillDefinitionError(MESSAGES.SKILL_FRONTMATTER_TWICE);
  const written = renderManifest(source.frontmatter, text);
  const mimeType = typeof given === 'object' ? (given as SkillFile).mimeType : undefined;
  const manifest: SkillFile =
    mimeType === undefined ? { content: written.text } : { content: written.text, mimeType };
  return {
    frontmatter: written.frontmatter,
    files: { ...source.files, [SKILL_MANIFEST]: manifest },
  };
}

/**
 * Builds a skill: checks its frontmatter (the Agent Skills rules), its path and files (safe
 * relative paths, at most 512 files and 16 MiB), writes the manifest when the frontmatter is
 * given apart, and computes the digest and size of every file.
 * @param hooks what every file of the skill gets: `authorize` (who may see the skill and read its
 * files) and `wrap` (around each read).
 * @param where how bootstrap messages name the skill. @default its path and name
 * @throws {Error} naming the skill and the rule it breaks.
 * @publicApi
 */
export function defineSkill(
  source: SkillSource,
  hooks: ComponentHooks = {},
  where?: string,
): DefinedSkill {
  const label = (): string =>
    where ?? `"${[source.path, source.frontmatter?.name].filter(Boolean).join('/') || '?'}"`;
  try {
    const path = source.path ?? '';
    if (typeof path !== 'string' || (path !== '' && !path.split('/').every(isSegment))) {
      throw new SkillDefinitionError(MESSAGES.SKILL_BAD_PATH);
    }
    const { frontmatter, files } = withFrontmatter(source);
    const prepared = prepareFiles(files);
    const root = `${SKILL_SCHEME}${path === '' ? '' : `${path}/`}${frontmatter.name}`;
    const uri = `${root}${SKILL_MANIFEST_SUFFIX}`;
    const manifest = prepared.find((file) => file.path === SKILL_MANIFEST)!;
    const ordered = [manifest, ...prepared.filter((file) => file !== manifest)];
    const entry: SkillEntry = deepFreeze({
      uri,
      frontmatter: structuredClone(frontmatter),
      resources: ordered.map((file) => ({
        uri: `${root}/${file.uriPath}`,
        digest: file.digest,
        size: file.size,
      })),
    });
    return Object.freeze({
      name: frontmatter.name,
      uri,
      root,
      frontmatter: entry.frontmatter,
      entry,
      files: Object.freeze(ordered),
      hooks: Object.freeze({ ...hooks }),
    });
  } catch (error) {
    if (error instanceof SkillDefinitionError) {
      throw new Error(MESSAGES.INVALID_SKILL(label(), error.message));
    }
    throw error;
  }
}

const isSegment = (segment: string): boolean =>
  SEGMENT.test(segment) && segment !== '.' && segment !== '..';

/** The resource of one file of a skill; the manifest's carries the skill's entry. */
function fileResource(skill: DefinedSkill, file: PreparedFile): ResourceComponent {
  const uri = `${skill.root}/${file.uriPath}`;
  const manifest = file.path === SKILL_MANIFEST;
  const definition: ResourceDefinition = manifest
    ? { uri, name: skill.name, description: skill.frontmatter.description }
    : { uri, name: `${skill.root.slice(SKILL_SCHEME.length)}/${file.path}` };
  definition.mimeType = file.mimeType;
  definition.size = file.size;
  const contents: ResourceContents =
    file.text === undefined
      ? ResourceContent.blob(uri, file.blob!, file.mimeType)
      : ResourceContent.text(uri, file.text, file.mimeType);
  const component: ResourceComponent & { [SKILL_ENTRY]?: SkillEntry } = {
    ...skill.hooks,
    definition: Object.freeze(definition),
    read: () => Result.resourceRead([{ ...contents }]),
  };
  if (manifest) component[SKILL_ENTRY] = skill.entry;
  return Object.freeze(component);
}

/**
 * The resources that serve skills: one per file, the manifest's carrying the skill's listing
 * entry (which is how `skills/list` finds it in the router). A file that two skills share (a
 * nested skill's files are files of the enclosing one too) is served once, as the nested skill's
 * when it is its manifest; the two must agree on its content and hooks.
 * @throws {Error} when two skills serve one URI with different contents or hooks.
 * @publicApi
 */
export function skillResources(skills: readonly DefinedSkill[]): ResourceComponent[] {
  const served = new Map<string, { digest: string; hooks: ComponentHooks }>();
  const resources: ResourceComponent[] = [];
  const add = (skill: DefinedSkill, file: PreparedFile): void => {
    const uri = `${skill.root}/${file.uriPath}`;
    const known = served.get(uri);
    if (known !== undefined) {
      if (known.digest === file.digest && sameHooks(known.hooks, skill.hooks)) return;
      throw new Error(MESSAGES.SKILL_FILE_CONFLICT(uri));
    }
    served.set(uri, { digest: file.digest, hooks: skill.hooks });
    resources.push(fileResource(skill, file));
  };
  for (const skill of skills) add(skill, skill.files[0]!);
  for (const skill of skills) for (const file of skill.files.slice(1)) add(skill, file);
  return resources;
}

const sameHooks = (a: ComponentHooks, b: ComponentHooks): boolean =>
  a.authorize === b.authorize && a.wrap === b.wrap;

/**
 * A router with the resources of these skills registered (`skillResources()`).
 * @throws {Error} when a file URI or a resource name is taken, or two skills clash.
 * @publicApi
 */
export function registerSkills(router: Router, skills: readonly DefinedSkill[]): Router {
  return skillResources(skills).reduce(
    (current, resource) => current.registerResource(resource),
    router,
  );
}
