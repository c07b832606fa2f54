import { jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import { parse } from 'yaml';
import type { CallContext } from '../components/call-context.interface.js';
import type { ResourceComponent } from '../components/resource.interface.js';
import { Router } from '../router/router.js';
import { SKILL_LIMITS, SKILL_MANIFEST } from '../wire/skill-constants.js';
import { splitManifest } from './skill-frontmatter.js';
import { defineSkill, registerSkills, skillResources, type SkillSource } from './skill.js';

const sha256 = (bytes: string | Uint8Array) =>
  `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

const MANIFEST = `---
name: pdf-processing
description: Extract, fill, and assemble PDF documents
license: Apache-2.0
metadata:
  version: "2.1.0"
---

# PDF processing

Use the templates in templates/.
`;

const source = (extra: Partial<SkillSource> = {}): SkillSource => ({
  files: { [SKILL_MANIFEST]: MANIFEST, 'references/forms.md': '# Forms\n' },
  ...extra,
});

const context = {} as CallContext;

async function read(resource: ResourceComponent) {
  return (await resource.read({ uri: resource.definition.uri! }, context)) as {
    contents: { uri: string; mimeType?: string; text?: string; blob?: string }[];
  };
}

describe('defineSkill()', () => {
  describe('with a manifest that carries its frontmatter', () => {
    it('should take the frontmatter verbatim, as a YAML parser reads the file', () => {
      const skill = defineSkill(source());
      expect(skill.frontmatter).toEqual(parse(splitManifest(MANIFEST)!.yaml));
      expect(skill.frontmatter).toEqual({
        name: 'pdf-processing',
        description: 'Extract, fill, and assemble PDF documents',
        license: 'Apache-2.0',
        metadata: { version: '2.1.0' },
      });
    });

    it('should give the skill:// URIs, the manifest first, with the digest and size of every file', () => {
      const skill = defineSkill(source({ path: 'acme/docs' }));
      expect(skill.uri).toBe('skill://acme/docs/pdf-processing/SKILL.md');
      expect(skill.root).toBe('skill://acme/docs/pdf-processing');
      expect(skill.entry).toEqual({
        uri: skill.uri,
        frontmatter: skill.frontmatter,
        resources: [
          {
            uri: 'skill://acme/docs/pdf-processing/SKILL.md',
            digest: sha256(MANIFEST),
            size: Buffer.byteLength(MANIFEST),
          },
          {
            uri: 'skill://acme/docs/pdf-processing/references/forms.md',
            digest: sha256('# Forms\n'),
            size: 8,
          },
        ],
      });
      for (const resource of skill.entry.resources)
        expect(resource.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    });

    it('should freeze the entry so that no response can change it', () => {
      const skill = defineSkill(source());
      expect(Object.isFrozen(skill.entry)).toBe(true);
      expect(Object.isFrozen(skill.entry.frontmatter.metadata)).toBe(true);
      expect(Object.isFrozen(skill.entry.resources[0])).toBe(true);
    });

    it('should accept a byte order mark and CRLF line ends before the block', () => {
      const crlf = `\uFEFF---\r\nname: crlf\r\ndescription: Windows line ends\r\n---\r\nbody\r\n`;
      const skill = defineSkill({ files: { [SKILL_MANIFEST]: crlf } });
      expect(skill.frontmatter).toEqual({ name: 'crlf', description: 'Windows line ends' });
      expect(skill.entry.resources[0]!.digest).toBe(sha256(crlf));
    });
  });

  describe('with the frontmatter given apart', () => {
    it('should write the manifest so that its parsed frontmatter equals the entry', async () => {
      const tricky = 'Colons: yes, "quotes", #hash, and\na second line';
      const skill = defineSkill({
        frontmatter: { name: 'git-workflow', description: tricky, metadata: { team: 'no' } },
        files: { [SKILL_MANIFEST]: '# Git workflow\n' },
      });
      const [manifest] = skillResources([skill]);
      const text = (await read(manifest!)).contents[0]!.text!;
      expect(parse(splitManifest(text)!.yaml)).toEqual(skill.entry.frontmatter);
      expect(skill.frontmatter).toEqual({
        name: 'git-workflow',
        description: tricky,
        metadata: { team: 'no' },
      });
      expect(splitManifest(text)!.body).toBe('\n# Git workflow\n');
      expect(skill.entry.resources[0]).toEqual({
        uri: 'skill://git-workflow/SKILL.md',
        digest: sha256(text),
        size: Buffer.byteLength(text),
      });
    });

    it('should refuse a manifest that has a frontmatter block as well', () => {
      expect(() =>
        defineSkill({
          frontmatter: { name: 'twice', description: 'd' },
          files: { [SKILL_MANIFEST]: MANIFEST },
        }),
      ).toThrow(/the frontmatter is given twice/);
    });
  });

  describe('refusals', () => {
    const withManifest = (text: string) => ({ files: { [SKILL_MANIFEST]: text } });
    const block = (yaml: string) => `---\n${yaml}\n---\nbody\n`;

    it.each([
      ['an upper-case name', 'name: PDF\ndescription: d', /naming rules/],
      ['a name with a leading hyphen', 'name: -pdf\ndescription: d', /naming rules/],
      ['a name with two hyphens in a row', 'name: pdf--tools\ndescription: d', /naming rules/],
      ['a name of 65 characters', `name: ${'a'.repeat(65)}\ndescription: d`, /naming rules/],
      ['a missing description', 'name: pdf', /frontmatter.description/],
      ['an empty description', 'name: pdf\ndescription: "  "', /frontmatter.description/],
      ['a description over 1024 characters', `name: pdf\ndescription: ${'d'.repeat(1025)}`, /1024/],
      [
        'metadata that is a list',
        'name: pdf\ndescription: d\nmetadata: [a]',
        /metadata must be a mapping/,
      ],
      [
        'a reserved metadata key',
        'name: pdf\ndescription: d\nmetadata:\n  io.modelcontextprotocol/x: "1"',
        /reserve/,
      ],
      ['a value JSON cannot carry', 'name: pdf\ndescription: d\nsize: .inf', /non-finite number/],
      ['a list instead of a mapping', '- name', /mapping of fields/],
      ['a duplicate key', 'name: pdf\nname: other\ndescription: d', /not valid YAML/],
    ])('should refuse %s', (_case, yaml, message) => {
      expect(() => defineSkill(withManifest(block(yaml)))).toThrow(message);
    });

    it('should refuse a manifest without a frontmatter block, naming the skill', () => {
      expect(() => defineSkill(withManifest('# no block\n'), {}, 'Docs.pdf()')).toThrow(
        'Snodo: the skill Docs.pdf() is invalid: its SKILL.md must begin with a YAML frontmatter block',
      );
    });

    it('should refuse a skill without a manifest, or with one that is not UTF-8', () => {
      expect(() => defineSkill({ files: { 'readme.md': 'x' } })).toThrow(/has no SKILL.md/);
      expect(() =>
        defineSkill({ files: { [SKILL_MANIFEST]: new Uint8Array([0xff, 0xfe, 0x00]) } }),
      ).toThrow(/must be UTF-8 text/);
    });

    it.each([
      '../escape.md',
      '/absolute.md',
      'a//b.md',
      './here.md',
      'back\\slash.md',
      'nul\0.md',
      'dir/..',
    ])('should refuse the file path %j', (path) => {
      expect(() =>
        defineSkill(source({ files: { [SKILL_MANIFEST]: MANIFEST, [path]: 'x' } })),
      ).toThrow(/must be relative/);
    });

    it('should refuse a path that is a file and a directory at once', () => {
      const files = { [SKILL_MANIFEST]: MANIFEST, a: 'x', 'a-b': 'y', 'a/b.md': 'z' };
      expect(() => defineSkill({ files })).toThrow(/is a file and the directory/);
    });

    it.each(['Acme', 'acme//billing', '../acme', 'acme/..', '.hidden', 'acme billing'])(
      'should refuse the skill path %j',
      (path) => {
        expect(() => defineSkill(source({ path }))).toThrow(/its path must be/);
      },
    );

    it('should refuse a manifest that is neither text nor bytes', () => {
      const files = { [SKILL_MANIFEST]: { content: 42 } } as never;
      expect(() => defineSkill({ files })).toThrow(/the file "SKILL.md" must be a string/);
    });

    it('should refuse a file that is neither text nor bytes', () => {
      const files = { [SKILL_MANIFEST]: MANIFEST, 'data.json': { content: 42 } } as never;
      expect(() => defineSkill({ files })).toThrow(/the file "data.json" must be a string/);
    });

    it(`should refuse more than ${SKILL_LIMITS.maxFiles} files, the manifest counted`, () => {
      const files: Record<string, string> = { [SKILL_MANIFEST]: MANIFEST };
      for (let i = 0; i < SKILL_LIMITS.maxFiles - 1; i++) files[`f/${i}.txt`] = '';
      expect(defineSkill({ files }).entry.resources).toHaveLength(SKILL_LIMITS.maxFiles);
      files['one-more.txt'] = '';
      expect(() => defineSkill({ files })).toThrow(/a skill may have at most 512/);
    });

    it('should refuse more than 16 MiB of files', () => {
      const half = new Uint8Array(SKILL_LIMITS.maxBytes / 2);
      const files = { [SKILL_MANIFEST]: MANIFEST, 'a.bin': half, 'b.bin': half };
      expect(() => defineSkill({ files })).toThrow(/a skill may hold at most 16777216/);
    });
  });
});

describe('skillResources()', () => {
  it('should describe the manifest as the skill, and every other file by its path', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const skill = defineSkill({
      files: {
        [SKILL_MANIFEST]: MANIFEST,
        'scripts/extract.py': 'print(1)\n',
        'assets/logo.png': png,
        'data/raw': { content: 'x', mimeType: 'text/csv' },
      },
    });
    const definitions = skillResources([skill]).map((resource) => resource.definition);
    expect(definitions).toEqual([
      {
        uri: 'skill://pdf-processing/SKILL.md',
        name: 'pdf-processing',
        description: 'Extract, fill, and assemble PDF documents',
        mimeType: 'text/markdown',
        size: Buffer.byteLength(MANIFEST),
      },
      {
        uri: 'skill://pdf-processing/assets/logo.png',
        name: 'pdf-processing/assets/logo.png',
        mimeType: 'image/png',
        size: 4,
      },
      {
        uri: 'skill://pdf-processing/data/raw',
        name: 'pdf-processing/data/raw',
        mimeType: 'text/csv',
        size: 1,
      },
      {
        uri: 'skill://pdf-processing/scripts/extract.py',
        name: 'pdf-processing/scripts/extract.py',
        mimeType: 'text/x-python',
        size: 9,
      },
    ]);
  });

  it('should read text as text and bytes that are not text as a blob, each matching its digest', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00]);
    const utf8 = new TextEncoder().encode('héllo\n');
    const skill = defineSkill({
      files: { [SKILL_MANIFEST]: MANIFEST, 'logo.png': png, 'notes.txt': utf8 },
    });
    const [, logo, notes] = skillResources([skill]);
    const blob = (await read(logo!)).contents[0]!;
    expect(blob).toEqual({
      uri: 'skill://pdf-processing/logo.png',
      mimeType: 'image/png',
      blob: Buffer.from(png).toString('base64'),
    });
    expect(sha256(Buffer.from(blob.blob!, 'base64'))).toBe(skill.entry.resources[1]!.digest);
    const text = (await read(notes!)).contents[0]!;
    expect(text.text).toBe('héllo\n');
    expect(sha256(text.text!)).toBe(skill.entry.resources[2]!.digest);
  });

  it('should percent-encode file names in URIs', () => {
    const skill = defineSkill({ files: { [SKILL_MANIFEST]: MANIFEST, 'my notes/ü.md': 'x' } });
    expect(skill.entry.resources[1]!.uri).toBe('skill://pdf-processing/my%20notes/%C3%BC.md');
  });

  it('should give every file the hooks of its skill', async () => {
    const authorize = jest.fn(() => false);
    const skill = defineSkill(source(), { authorize });
    const router = registerSkills(Router.empty(), [skill]);
    expect(router.hasComponentPolicies).toBe(true);
    for (const resource of router.listResources()) {
      expect(await router.canSeeResource(resource.definition.uri!, context)).toBe(false);
    }
    expect(authorize).toHaveBeenCalledTimes(2);
  });

  it('should serve a file that a nested skill shares with its enclosing skill once, as the nested manifest', () => {
    const nested = '---\nname: inner\ndescription: The inner skill\n---\n';
    const outer = defineSkill({ files: { [SKILL_MANIFEST]: MANIFEST, 'inner/SKILL.md': nested } });
    const inner = defineSkill({ path: 'pdf-processing', files: { [SKILL_MANIFEST]: nested } });
    const resources = skillResources([outer, inner]);
    expect(
      resources.map((resource) => [resource.definition.uri, resource.definition.name]),
    ).toEqual([
      ['skill://pdf-processing/SKILL.md', 'pdf-processing'],
      ['skill://pdf-processing/inner/SKILL.md', 'inner'],
    ]);
    expect(outer.entry.resources.map((resource) => resource.uri)).toContain(inner.uri);
  });

  it('should refuse two skills that serve one URI with different contents or guards', () => {
    const one = defineSkill({ files: { [SKILL_MANIFEST]: MANIFEST, 'a.md': 'one' } });
    const two = defineSkill({ files: { [SKILL_MANIFEST]: MANIFEST, 'a.md': 'two' } });
    expect(() => skillResources([one, two])).toThrow(
      'Snodo: the skill file skill://pdf-processing/a.md belongs to two skills',
    );
    const guarded = defineSkill(
      { files: { [SKILL_MANIFEST]: MANIFEST, 'a.md': 'one' } },
      { authorize: () => true },
    );
    expect(() => skillResources([one, guarded])).toThrow(/belongs to two skills/);
  });
});
