import { constants } from 'node:fs';
import { lstat, open, readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { ComponentHooks } from '../components/component-hooks.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SKILL_LIMITS, SKILL_MANIFEST } from '../wire/skill-constants.js';
import type { SkillFiles } from './skill-files.js';
import { defineSkill, type DefinedSkill } from './skill.js';

/** Files and directories walked at most under one skills directory. */
const MAX_ENTRIES = 100_000;
/** Directory levels walked at most under one skills directory. */
const MAX_DEPTH = 32;

/** A regular file found under the directory: its `/`-separated path there, real path and size. */
interface FoundFile {
  readonly path: string;
  readonly real: string;
  readonly size: number;
}

/** Options of {@link loadSkills}. @publicApi */
export interface LoadSkillsOptions {
  /** The prefix of every skill's path, such as `acme`. @default none */
  readonly path?: string;
  /** The hooks every file of these skills gets (see {@link defineSkill}). @default none */
  readonly hooks?: ComponentHooks;
}

const inside = (root: string, target: string): boolean => {
  const path = relative(root, target);
  return path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path));
};

/** The real path of a directory, or the message of why it cannot be served. */
async function realDirectory(directory: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(directory);
  } catch (error) {
    throw new Error(MESSAGES.SKILL_DIRECTORY_UNREADABLE(directory, (error as Error).message));
  }
  if (!(await stat(real)).isDirectory()) throw new Error(MESSAGES.SKILL_NOT_A_DIRECTORY(directory));
  return real;
}

/** What one entry of a directory is: a file to serve, a directory to walk, or nothing (hidden). */
async function classify(
  root: string,
  full: string,
  shown: string,
): Promise<{ file?: { real: string; size: number }; directory?: boolean }> {
  const entry = await lstat(full);
  if (entry.isDirectory()) return { directory: true };
  if (entry.isFile()) return { file: { real: full, size: entry.size } };
  if (!entry.isSymbolicLink()) throw new Error(MESSAGES.SKILL_SPECIAL_FILE(shown));
  const target = await realpath(full);
  if (!inside(root, target)) throw new Error(MESSAGES.SKILL_LINK_OUTSIDE(shown));
  const linked = await stat(target);
  if (linked.isDirectory()) throw new Error(MESSAGES.SKILL_LINK_TO_DIRECTORY(shown));
  if (!linked.isFile()) throw new Error(MESSAGES.SKILL_SPECIAL_FILE(shown));
  return { file: { real: target, size: linked.size } };
}

/**
 * Every regular file under a directory, hidden entries (names starting with `.`) left out.
 * Symbolic links are followed to files inside the directory only; links that lead out of it, links
 * to directories and special files stop the walk, as do more than 100,000 entries or 32 levels.
 */
async function walk(root: string, shownRoot: string): Promise<FoundFile[]> {
  const files: FoundFile[] = [];
  const pending: { real: string; path: string; depth: number }[] = [
    { real: root, path: '', depth: 0 },
  ];
  let seen = 0;
  while (pending.length > 0) {
    const { real, path, depth } = pending.pop()!;
    if (depth > MAX_DEPTH) throw new Error(MESSAGES.SKILL_TREE_TOO_DEEP(MAX_DEPTH));
    for (const name of (await readdir(real)).sort()) {
      if (name.startsWith('.')) continue;
      if (++seen > MAX_ENTRIES) throw new Error(MESSAGES.SKILL_TREE_TOO_LARGE(MAX_ENTRIES));
      const childPath = path === '' ? name : `${path}/${name}`;
      const found = await classify(root, join(real, name), join(shownRoot, childPath));
      if (found.directory === true) {
        pending.push({ real: join(real, name), path: childPath, depth: depth + 1 });
      } else if (found.file !== undefined) {
        files.push({ path: childPath, ...found.file });
      }
    }
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** A file's bytes, read without following a link that appeared since the walk. */
async function readBytes(file: FoundFile, shown: string): Promise<Uint8Array> {
  const handle = await open(file.real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size !== file.size)
      throw new Error(MESSAGES.SKILL_FILE_CHANGED(shown));
    const bytes = await handle.readFile();
    if (bytes.byteLength !== file.size) throw new Error(MESSAGES.SKILL_FILE_CHANGED(shown));
    return bytes;
  } finally {
    await handle.close();
  }
}

/** The files of the skill at `prefix` (`''` for the root), within the limits, read. */
async function filesOf(
  found: readonly FoundFile[],
  prefix: string,
  shown: string,
  read: (file: FoundFile) => Promise<Uint8Array>,
): Promise<SkillFiles> {
  const own = prefix === '' ? found : found.filter((file) => file.path.startsWith(`${prefix}/`));
  const bytes = own.reduce((sum, file) => sum + file.size, 0);
  if (own.length > SKILL_LIMITS.maxFiles) {
    throw new Error(MESSAGES.INVALID_SKILL(shown, MESSAGES.SKILL_TOO_MANY_FILES(own.length)));
  }
  if (bytes > SKILL_LIMITS.maxBytes) {
    throw new Error(MESSAGES.INVALID_SKILL(shown, MESSAGES.SKILL_TOO_LARGE(bytes)));
  }
  const files: Record<string, Uint8Array> = {};
  for (const file of own) {
    files[prefix === '' ? file.path : file.path.slice(prefix.length + 1)] = await read(file);
  }
  return files;
}

/** Reads each file once, however many skills it belongs to. */
function reader(shownRoot: string): (file: FoundFile) => Promise<Uint8Array> {
  const read = new Map<string, Promise<Uint8Array>>();
  return (file) => {
    let bytes = read.get(file.path);
    if (bytes === undefined)
      read.set(file.path, (bytes = readBytes(file, join(shownRoot, file.path))));
    return bytes;
  };
}

/**
 * The files of one skill on disk: every regular file under `directory` (which must hold the
 * manifest), by path relative to it, hidden entries left out. What {@link SkillSource} `files`
 * takes; read once, at bootstrap, so that nothing on disk is touched per request.
 * @throws {Error} when the directory cannot be read, holds no manifest, a symbolic link leads out
 * of it or to a directory, it holds a special file, or the skill is beyond the limits.
 * @publicApi
 */
export async function readSkillDirectory(directory: string): Promise<SkillFiles> {
  const root = await realDirectory(directory);
  const found = await walk(root, directory);
  if (!found.some((file) => file.path === SKILL_MANIFEST)) {
    throw new Error(MESSAGES.SKILL_NOT_IN_DIRECTORY(directory));
  }
  return filesOf(found, '', directory, reader(directory));
}

/**
 * Every skill under a directory: each subdirectory (at any depth) that holds a manifest is a
 * skill named after the subdirectory, its path the directories above it. A skill inside another
 * skill's directory is a nested skill (its files belong to both). Files outside every skill are
 * not served. Everything is read at bootstrap, with the safety rules of
 * {@link readSkillDirectory}.
 * @throws {Error} as {@link readSkillDirectory} does, when the directory itself holds a manifest,
 * or when a skill's frontmatter name differs from its directory's name.
 * @publicApi
 */
export async function loadSkills(
  directory: string,
  options: LoadSkillsOptions = {},
): Promise<DefinedSkill[]> {
  const root = await realDirectory(directory);
  const found = await walk(root, directory);
  const manifests = found.filter(
    (file) => file.path === SKILL_MANIFEST || file.path.endsWith(`/${SKILL_MANIFEST}`),
  );
  if (manifests.some((file) => file.path === SKILL_MANIFEST)) {
    throw new Error(MESSAGES.SKILL_AT_ROOT(directory));
  }
  const read = reader(directory);
  const skills: DefinedSkill[] = [];
  for (const manifest of manifests) {
    const skillPath = manifest.path.slice(0, -SKILL_MANIFEST.length - 1);
    const shown = join(directory, skillPath);
    const segments = skillPath.split('/');
    const name = segments.pop()!;
    const prefix = [options.path ?? '', ...segments].filter((segment) => segment !== '');
    const files = await filesOf(found, skillPath, shown, read);
    const skill = defineSkill({ path: prefix.join('/'), files }, options.hooks, shown);
    if (skill.name !== name) throw new Error(MESSAGES.SKILL_NAME_NOT_DIRECTORY(shown, skill.name));
    skills.push(skill);
  }
  return skills;
}
