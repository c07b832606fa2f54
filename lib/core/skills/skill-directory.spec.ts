import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SKILL_MANIFEST } from '../wire/skill-constants.js';
import { loadSkills, readSkillDirectory } from './skill-directory.js';

const manifest = (name: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill\n---\n\nBody.\n`;

let root: string;
let outside: string;

/** Writes files under the test's skills directory (paths relative to it). */
async function files(tree: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, content] of Object.entries(tree)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

beforeEach(async () => {
  const base = await mkdtemp(join(tmpdir(), 'snodo-skills-'));
  root = join(base, 'skills');
  outside = join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  await writeFile(join(outside, 'secret.txt'), 'secret');
});

afterEach(async () => {
  await rm(dirname(root), { recursive: true, force: true });
});

describe('loadSkills()', () => {
  it('should find every skill at any depth, its path from the directories above it', async () => {
    await files({
      [`git-workflow/${SKILL_MANIFEST}`]: manifest('git-workflow'),
      'git-workflow/references/branching.md': '# Branching\n',
      [`acme/billing/refunds/${SKILL_MANIFEST}`]: manifest('refunds'),
      'acme/README.md': 'not part of any skill',
      'notes.txt': 'not part of any skill',
    });
    const skills = await loadSkills(root);
    expect(skills.map((skill) => skill.uri).sort()).toEqual([
      'skill://acme/billing/refunds/SKILL.md',
      'skill://git-workflow/SKILL.md',
    ]);
    const git = skills.find((skill) => skill.name === 'git-workflow')!;
    expect(git.entry.resources.map((resource) => resource.uri)).toEqual([
      'skill://git-workflow/SKILL.md',
      'skill://git-workflow/references/branching.md',
    ]);
  });

  it('should put the path option in front of every skill path', async () => {
    await files({ [`refunds/${SKILL_MANIFEST}`]: manifest('refunds') });
    const [skill] = await loadSkills(root, { path: 'acme' });
    expect(skill!.uri).toBe('skill://acme/refunds/SKILL.md');
  });

  it("should count a nested skill's files as files of the enclosing skill too", async () => {
    await files({
      [`outer/${SKILL_MANIFEST}`]: manifest('outer'),
      [`outer/inner/${SKILL_MANIFEST}`]: manifest('inner'),
      'outer/inner/guide.md': 'guide',
    });
    const skills = await loadSkills(root);
    const outer = skills.find((skill) => skill.name === 'outer')!;
    const inner = skills.find((skill) => skill.name === 'inner')!;
    expect(inner.uri).toBe('skill://outer/inner/SKILL.md');
    expect(outer.entry.resources.map((resource) => resource.uri)).toEqual([
      'skill://outer/SKILL.md',
      'skill://outer/inner/SKILL.md',
      'skill://outer/inner/guide.md',
    ]);
  });

  it('should leave hidden files and directories out', async () => {
    await files({
      [`git-workflow/${SKILL_MANIFEST}`]: manifest('git-workflow'),
      'git-workflow/.env': 'TOKEN=secret',
      'git-workflow/.git/config': '[core]',
    });
    const [skill] = await loadSkills(root);
    expect(skill!.entry.resources).toHaveLength(1);
  });

  it('should follow a symbolic link to a file inside the directory', async () => {
    await files({ [`a/${SKILL_MANIFEST}`]: manifest('a'), 'shared/license.txt': 'MIT' });
    await symlink(join(root, 'shared/license.txt'), join(root, 'a/license.txt'));
    const [skill] = await loadSkills(root);
    expect(skill!.entry.resources.map((resource) => resource.uri)).toContain(
      'skill://a/license.txt',
    );
  });

  it('should refuse a symbolic link that leads out of the directory', async () => {
    await files({ [`a/${SKILL_MANIFEST}`]: manifest('a') });
    await symlink(join(outside, 'secret.txt'), join(root, 'a/secret.txt'));
    await expect(loadSkills(root)).rejects.toThrow(
      /a symbolic link that leads out of the skills directory/,
    );
  });

  it('should refuse a relative symbolic link that climbs out with ..', async () => {
    await files({ [`a/${SKILL_MANIFEST}`]: manifest('a') });
    await symlink('../../outside/secret.txt', join(root, 'a/secret.txt'));
    await expect(loadSkills(root)).rejects.toThrow(/leads out of the skills directory/);
  });

  it('should refuse a symbolic link to a directory', async () => {
    await files({ [`a/${SKILL_MANIFEST}`]: manifest('a'), 'b/x.md': 'x' });
    await symlink(join(root, 'b'), join(root, 'a/b'));
    await expect(loadSkills(root)).rejects.toThrow(
      /a symbolic link to a directory, which is not followed/,
    );
  });

  it('should refuse a manifest at the root, and a directory named otherwise than its skill', async () => {
    await files({ [SKILL_MANIFEST]: manifest('root') });
    await expect(loadSkills(root)).rejects.toThrow(/has a SKILL.md of its own/);
    await rm(join(root, SKILL_MANIFEST));
    await files({ [`wrong-name/${SKILL_MANIFEST}`]: manifest('right-name') });
    await expect(loadSkills(root)).rejects.toThrow(
      /is named "right-name" in its frontmatter; a skill's directory must have the skill's name/,
    );
  });

  it('should refuse a directory that does not exist, naming it', async () => {
    await expect(loadSkills(join(root, 'missing'))).rejects.toThrow(
      `Snodo: the skills directory ${join(root, 'missing')} cannot be read`,
    );
  });

  it('should refuse a skill beyond the limits before reading its files', async () => {
    await files({ [`big/${SKILL_MANIFEST}`]: manifest('big') });
    for (let i = 0; i < 512; i++) await writeFile(join(root, 'big', `${i}.txt`), '');
    await expect(loadSkills(root)).rejects.toThrow(
      /it has 513 files; a skill may have at most 512/,
    );
  });
});

describe('readSkillDirectory()', () => {
  it("should give one skill's files by relative path, as bytes", async () => {
    await files({ [SKILL_MANIFEST]: manifest('solo'), 'scripts/run.sh': 'echo\n' });
    const read = await readSkillDirectory(root);
    expect(Object.keys(read).sort()).toEqual([SKILL_MANIFEST, 'scripts/run.sh']);
    expect(Buffer.from(read['scripts/run.sh'] as Uint8Array).toString()).toBe('echo\n');
  });

  it('should refuse a directory without a manifest', async () => {
    await files({ 'readme.md': 'x' });
    await expect(readSkillDirectory(root)).rejects.toThrow(
      /has no SKILL.md; give the directory of one skill/,
    );
  });
});
