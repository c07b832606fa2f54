import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { MESSAGES } from '../errors/messages.constant.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { findNonJson } from '../results/json-value.js';
import { RESERVED_METADATA_PREFIX } from '../wire/skill-constants.js';

let yamlModule: typeof Yaml | undefined;

/** The yaml package, loaded when a skill is first read or written (not at every app's start). */
const yamlPackage = (): typeof Yaml =>
  (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof Yaml);

/**
 * A skill's frontmatter: the YAML block at the top of its manifest, as JSON. `name` and
 * `description` are required (the Agent Skills specification, https://agentskills.io/specification);
 * every other field (`license`, `compatibility`, `allowed-tools`, `metadata`, fields of later
 * revisions) passes through as the author wrote it.
 * @publicApi
 */
export type SkillFrontmatter = JsonObject & {
  /** The skill's name: the last segment of its path. */
  name: string;
  /** What the skill does and when to use it. */
  description: string;
  /** Further metadata; keys under `io.modelcontextprotocol/` are reserved. */
  metadata?: JsonObject;
};

/** A skill that cannot be served: why, in the words of the message catalog. @internal */
export class SkillDefinitionError extends Error {}

/** The Agent Skills naming rules: lowercase letters, digits, single inner hyphens. */
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_NAME = 64;
const MAX_DESCRIPTION = 1024;

/**
 * The frontmatter block at the top of a manifest: a first line `---`, the YAML, and a line
 * `---` (spaces or tabs may follow it). A byte order mark before it is allowed.
 */
const BLOCK = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** A manifest split into its frontmatter YAML and its body, if it begins with a block. @internal */
export function splitManifest(text: string): { yaml: string; body: string } | undefined {
  const match = BLOCK.exec(text);
  if (match === null) return undefined;
  return { yaml: match[1]!, body: text.slice(match[0].length) };
}

/**
 * Checks frontmatter against the Agent Skills rules this server relies on: a mapping of JSON data
 * with a valid `name`, a `description`, and `metadata` (when present) a mapping without reserved
 * keys.
 * @throws {SkillDefinitionError} naming the rule.
 * @internal
 */
export function checkFrontmatter(value: unknown): SkillFrontmatter {
  if (!isJsonObject(value)) throw new SkillDefinitionError(MESSAGES.SKILL_FRONTMATTER_NOT_OBJECT);
  const reason = findNonJson(value);
  if (reason !== undefined) {
    throw new SkillDefinitionError(MESSAGES.SKILL_FRONTMATTER_NOT_JSON(reason));
  }
  const { name, description, metadata } = value;
  if (typeof name !== 'string' || name.length > MAX_NAME || !NAME.test(name)) {
    throw new SkillDefinitionError(MESSAGES.SKILL_NAME_RULE);
  }
  if (
    typeof description !== 'string' ||
    description.trim() === '' ||
    description.length > MAX_DESCRIPTION
  ) {
    throw new SkillDefinitionError(MESSAGES.SKILL_DESCRIPTION_RULE);
  }
  if (metadata !== undefined) {
    if (!isJsonObject(metadata)) throw new SkillDefinitionError(MESSAGES.SKILL_METADATA_NOT_OBJECT);
    const reserved = Object.keys(metadata).find((key) => key.startsWith(RESERVED_METADATA_PREFIX));
    if (reserved !== undefined) {
      throw new SkillDefinitionError(MESSAGES.SKILL_METADATA_RESERVED(reserved));
    }
  }
  return value as SkillFrontmatter;
}

/**
 * The frontmatter YAML of a manifest, parsed (YAML 1.2 core schema: no dates, no custom tags;
 * duplicate keys refused) and checked.
 * @throws {SkillDefinitionError} when it is not valid YAML or breaks a rule.
 * @internal
 */
export function parseFrontmatter(yaml: string): SkillFrontmatter {
  let value: unknown;
  try {
    value = yamlPackage().parse(yaml, { schema: 'core', uniqueKeys: true, maxAliasCount: 100 });
  } catch (error) {
    throw new SkillDefinitionError(MESSAGES.SKILL_FRONTMATTER_YAML((error as Error).message));
  }
  return checkFrontmatter(value);
}

/**
 * A manifest written from frontmatter and a body. The YAML is parsed back, so that what a client
 * parses from the file is exactly the frontmatter the listing carries.
 * @throws {SkillDefinitionError} when the frontmatter breaks a rule.
 * @internal
 */
export function renderManifest(
  frontmatter: JsonObject,
  body: string,
): { text: string; frontmatter: SkillFrontmatter } {
  const checked = checkFrontmatter(frontmatter);
  const yaml = yamlPackage().stringify(checked, { lineWidth: 0 });
  const text = `---\n${yaml}---\n\n${body.replace(/^\r?\n/, '')}`;
  const parsed = parseFrontmatter(splitManifest(text)!.yaml);
  return { text, frontmatter: parsed };
}

/**
 * The frontmatter of a manifest as a YAML parser reads it, unchecked: what a client compares,
 * field by field, with the `frontmatter` of the skill's entry.
 * @returns the mapping, or `undefined` when the text has no frontmatter block, or its YAML is not
 * valid or not a mapping.
 * @publicApi
 */
export function readManifestFrontmatter(text: string): JsonObject | undefined {
  const block = splitManifest(text);
  if (block === undefined) return undefined;
  try {
    const value: unknown = yamlPackage().parse(block.yaml, {
      schema: 'core',
      uniqueKeys: true,
      maxAliasCount: 100,
    });
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
