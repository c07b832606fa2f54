import { jest } from '@jest/globals';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { SnodoClient, SnodoClientError } from '../../lib/client/index.js';
import {
  SKILLS_EXTENSION,
  SnodoError,
  type JsonObject,
  type SkillEntry,
} from '../../lib/core/index.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { createRecordingFetch, type RecordedExchange } from '../helpers/recording-fetch.js';
import { modernRequest, raw } from '../helpers/raw-http.js';
import { createTestApp, startApp, type RunningApp } from '../helpers/sample-app.js';
import { SKILL_METHODS, skillMessageProblems } from '../helpers/skills-schema.js';
import { API_KEY } from '../src/api-key-app.module.js';
import {
  FixtureSkills,
  HalfFrontmatterSkill,
  PNG_BYTES,
  ReadCounter,
  RequestScopedSkill,
  SkillsAppModule,
} from '../src/skills-app.module.js';

// Each test boots Nest apps and writes fixtures to disk, which takes a while on a loaded machine.
jest.setTimeout(30_000);

const schemas = new McpSchemaValidator();

/** Every message the server sent: the skills surface by its shapes, the rest by 2026-07-28. */
function problemsOf(exchanges: RecordedExchange[]): string[] {
  return exchanges.flatMap((exchange) =>
    exchange.messages.flatMap((message) => {
      const method = exchange.method ?? '';
      const problems = SKILL_METHODS.has(method)
        ? skillMessageProblems(method, message)
        : schemas.checkServerMessage('2026-07-28', method, message);
      return problems.map((problem) => `${method}: ${problem}`);
    }),
  );
}

const manifest = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n`;

/** Writes files under a directory (paths relative to it). */
async function write(root: string, tree: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(tree)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

const RELEASE_NOTES = manifest('release-notes', 'Write the release notes of a version');

/** The fixtures on disk: a tree of skills (the `skills` option) and one skill read by a method. */
async function fixtures(): Promise<string> {
  const base = await mkdtemp(join(tmpdir(), 'snodo-skills-e2e-'));
  await write(join(base, 'tree'), {
    'refunds/SKILL.md': manifest('refunds', 'Process refund requests per policy'),
    'refunds/examples/email.md': 'Dear customer,\n',
    'refunds/.draft.md': 'never served',
    'team/onboarding/SKILL.md': manifest('onboarding', 'Welcome a new colleague'),
    'README.md': 'not part of any skill',
  });
  await write(join(base, 'solo'), { 'SKILL.md': RELEASE_NOTES, 'notes/template.md': '## v1\n' });
  return base;
}

const OPEN_SKILLS = [
  'skill://code-review/SKILL.md',
  'skill://disk/refunds/SKILL.md',
  'skill://disk/team/onboarding/SKILL.md',
  'skill://git-workflow/SKILL.md',
  'skill://local/release-notes/SKILL.md',
];
const KEY = { 'X-Api-Key': API_KEY };

describe('Skills over Streamable HTTP', () => {
  let base: string;
  let running: RunningApp;
  const original = globalThis.fetch;
  let recording: ReturnType<typeof createRecordingFetch>;

  beforeAll(async () => {
    base = await fixtures();
    running = await startApp(SkillsAppModule.register(base));
  });

  beforeEach(() => {
    recording = createRecordingFetch(original);
    globalThis.fetch = recording.fetch;
  });

  afterEach(() => {
    globalThis.fetch = original;
    expect(problemsOf(recording.exchanges)).toEqual([]);
  });

  afterAll(async () => {
    await running.close();
    await rm(base, { recursive: true, force: true });
  });

  it('should advertise the extension with its settings inline, and the resources capability', async () => {
    const client = await SnodoClient.connect(running.url);
    const capabilities = client.serverCapabilities;
    expect((capabilities.extensions as JsonObject)[SKILLS_EXTENSION]).toEqual({
      directoryRead: true,
    });
    expect(capabilities.resources).toEqual({});
    await client.close();
  });

  describe('skills/list', () => {
    it('should list the skills of every form, following cursors, each entry on one page only', async () => {
      const client = await SnodoClient.connect(running.url);
      const skills = await client.listSkills();
      expect(skills.map((skill) => skill.uri)).toEqual(OPEN_SKILLS);
      const pages = recording.exchanges
        .filter((exchange) => exchange.method === 'skills/list')
        .map(
          (exchange) =>
            (exchange.messages[0] as { result: { skills: SkillEntry[] } }).result.skills,
        );
      expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
      expect(new Set(pages.flat().map((skill) => skill.uri)).size).toBe(OPEN_SKILLS.length);
      await client.close();
    });

    it('should show a guarded skill only to callers its guard lets in', async () => {
      const client = await SnodoClient.connect(running.url, { headers: KEY });
      const skills = await client.listSkills();
      expect(skills.map((skill) => skill.uri)).toEqual([
        'skill://acme/payroll/SKILL.md',
        ...OPEN_SKILLS,
      ]);
      await client.close();
    });

    it('should carry the frontmatter verbatim: decorator options, or the file on disk', async () => {
      const client = await SnodoClient.connect(running.url);
      const byUri = new Map((await client.listSkills()).map((skill) => [skill.uri, skill]));
      expect(byUri.get('skill://code-review/SKILL.md')!.frontmatter).toEqual({
        name: 'code-review',
        description: 'Review a pull request: tests first, then naming, then risk',
        license: 'MIT',
        metadata: { version: '1.0.0', owner: 'platform' },
      });
      expect(byUri.get('skill://local/release-notes/SKILL.md')!.frontmatter).toEqual({
        name: 'release-notes',
        description: 'Write the release notes of a version',
      });
      const refunds = byUri.get('skill://disk/refunds/SKILL.md')!;
      expect(refunds.resources.map((file) => file.uri)).toEqual([
        'skill://disk/refunds/SKILL.md',
        'skill://disk/refunds/examples/email.md',
      ]);
      await client.close();
    });

    it('should answer -32602 for a cursor it did not give, over raw HTTP', async () => {
      const request = modernRequest('skills/list', { cursor: 'not-a-cursor' });
      const response = await raw(running.url, request);
      expect(response.status).toBe(200);
      expect(response.json.error).toMatchObject({ code: -32602, message: 'Invalid cursor' });
    });
  });

  describe('skills/get', () => {
    it('should answer with the entry the listing has, without an Mcp-Name header', async () => {
      const listed = (await raw(running.url, modernRequest('skills/list'))).json.result
        .skills as SkillEntry[];
      const uri = 'skill://code-review/SKILL.md';
      const response = await raw(running.url, modernRequest('skills/get', { uri }));
      expect(response.json.result.skill).toEqual(listed.find((entry) => entry.uri === uri));
      expect(response.json.result).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
      expect(response.json.result).not.toHaveProperty('nextCursor');
    });

    it('should answer -32602 for an unknown skill and for a hidden one', async () => {
      const client = await SnodoClient.connect(running.url);
      for (const uri of ['skill://nowhere/SKILL.md', 'skill://acme/payroll/SKILL.md']) {
        await expect(client.getSkill(uri)).rejects.toMatchObject({ code: -32602, data: { uri } });
      }
      const keyed = await SnodoClient.connect(running.url, { headers: KEY });
      expect((await keyed.getSkill('skill://acme/payroll/SKILL.md')).frontmatter.name).toBe(
        'payroll',
      );
      await Promise.all([client.close(), keyed.close()]);
    });
  });

  describe('the files', () => {
    it('should serve every file of every skill with the size and digest of its entry', async () => {
      const client = await SnodoClient.connect(running.url, { headers: KEY });
      let files = 0;
      for (const entry of await client.listSkills()) {
        for (const { uri } of entry.resources) {
          const file = await client.readSkillFile(entry, uri);
          expect(file.bytes.byteLength).toBe(entry.resources.find((r) => r.uri === uri)!.size);
          files += 1;
        }
      }
      expect(files).toBe(13);
      await client.close();
    });

    it('should write the manifest so that a YAML parser reads the frontmatter of the entry', async () => {
      const client = await SnodoClient.connect(running.url);
      const entry = await client.getSkill('skill://code-review/SKILL.md');
      const { text, mimeType } = await client.readSkillFile(entry);
      expect(mimeType).toBe('text/markdown');
      const block = /^---\n([\s\S]*?)\n---\n/.exec(text!)!;
      expect(parse(block[1]!)).toEqual(entry.frontmatter);
      expect(text!.slice(block[0].length)).toBe(
        '\n# Code review\n\nStart with references/checklist.md.\n',
      );
      await client.close();
    });

    it('should serve bytes that are not text as a blob, and files from disk as they are', async () => {
      const client = await SnodoClient.connect(running.url);
      const review = await client.getSkill('skill://code-review/SKILL.md');
      const logo = await client.readSkillFile(review, 'skill://code-review/assets/logo.png');
      expect(logo).toMatchObject({ mimeType: 'image/png' });
      expect(logo.text).toBeUndefined();
      expect(Buffer.from(logo.bytes).equals(Buffer.from(PNG_BYTES))).toBe(true);
      const notes = await client.getSkill('skill://local/release-notes/SKILL.md');
      expect((await client.readSkillFile(notes)).text).toBe(RELEASE_NOTES);
      await client.close();
    });

    it('should refuse content that does not match the entry, on the client', async () => {
      const client = await SnodoClient.connect(running.url);
      const entry = await client.getSkill('skill://git-workflow/SKILL.md');
      const [first] = entry.resources;
      const wrongDigest = {
        ...entry,
        resources: [{ ...first!, digest: `sha256:${'0'.repeat(64)}` }],
      };
      await expect(client.readSkillFile(wrongDigest)).rejects.toThrow(/does not match the digest/);
      const wrongSize = { ...entry, resources: [{ ...first!, size: first!.size + 1 }] };
      await expect(client.readSkillFile(wrongSize)).rejects.toThrow(SnodoClientError);
      const wrongFrontmatter = { ...entry, frontmatter: { ...entry.frontmatter, name: 'other' } };
      await expect(client.readSkillFile(wrongFrontmatter)).rejects.toThrow(
        /frontmatter .* differs/,
      );
      await expect(client.readSkillFile(entry, 'skill://git-workflow/extra.md')).rejects.toThrow(
        /is not among the files/,
      );
      await client.close();
    });

    it('should hide the files of a guarded skill from resources/list and refuse their reads', async () => {
      const client = await SnodoClient.connect(running.url);
      const listed = (await client.listResources()).map((resource) => resource.uri);
      expect(listed).toContain('skill://code-review/SKILL.md');
      expect(listed.filter((uri) => String(uri).startsWith('skill://acme/'))).toEqual([]);
      await expect(client.readResource('skill://acme/payroll/rates.csv')).rejects.toMatchObject({
        code: -32602,
      });
      const keyed = await SnodoClient.connect(running.url, { headers: KEY });
      const read = await keyed.readResource('skill://acme/payroll/rates.csv');
      expect(read.contents).toEqual([
        {
          uri: 'skill://acme/payroll/rates.csv',
          mimeType: 'text/csv',
          text: 'grade,rate\nA,100\n',
        },
      ]);
      await Promise.all([client.close(), keyed.close()]);
    });

    it("should run the skill's interceptors around each read of its files", async () => {
      const client = await SnodoClient.connect(running.url);
      const before = ReadCounter.reads;
      await client.readResource('skill://code-review/references/checklist.md');
      await client.readResource('skill://git-workflow/SKILL.md');
      expect(ReadCounter.reads - before).toBe(1);
      await client.close();
    });

    it('should serve no hidden file and no file outside a skill', async () => {
      const client = await SnodoClient.connect(running.url);
      const listed = (await client.listResources()).map((resource) => String(resource.uri));
      expect(listed.filter((uri) => uri.includes('draft') || uri.includes('README'))).toEqual([]);
      await expect(client.readResource('skill://disk/refunds/.draft.md')).rejects.toBeInstanceOf(
        SnodoError,
      );
      await client.close();
    });
  });

  describe('resources/directory/read', () => {
    it("should list a skill root's children, subdirectories as inode/directory, across pages", async () => {
      const client = await SnodoClient.connect(running.url);
      const children = await client.readDirectory('skill://code-review');
      expect(children.map((child) => [child.uri, child.mimeType])).toEqual([
        ['skill://code-review/SKILL.md', 'text/markdown'],
        ['skill://code-review/assets', 'inode/directory'],
        ['skill://code-review/references', 'inode/directory'],
        ['skill://code-review/templates', 'inode/directory'],
      ]);
      const pages = recording.exchanges.filter(
        (exchange) => exchange.method === 'resources/directory/read',
      );
      expect(pages).toHaveLength(2);
      const templates = await client.readDirectory('skill://code-review/templates');
      expect(templates.map((child) => child.name)).toEqual(['pull-request.md', 'regional']);
      await client.close();
    });

    it('should list the prefixes above skills, without what the caller may not see', async () => {
      const client = await SnodoClient.connect(running.url);
      const disk = await client.readDirectory('skill://disk');
      expect(disk.map((child) => child.uri)).toEqual(['skill://disk/refunds', 'skill://disk/team']);
      await expect(client.readDirectory('skill://acme')).rejects.toMatchObject({ code: -32602 });
      const keyed = await SnodoClient.connect(running.url, { headers: KEY });
      expect((await keyed.readDirectory('skill://acme')).map((child) => child.uri)).toEqual([
        'skill://acme/payroll',
      ]);
      await Promise.all([client.close(), keyed.close()]);
    });

    it('should answer -32602 for a file or an unknown directory', async () => {
      for (const uri of ['skill://code-review/SKILL.md', 'skill://nowhere']) {
        const response = await raw(running.url, modernRequest('resources/directory/read', { uri }));
        expect(response.json.error).toMatchObject({ code: -32602, data: { uri } });
      }
    });
  });
});

describe('Skills at bootstrap', () => {
  let base: string;

  beforeEach(async () => {
    base = await fixtures();
  });

  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  /** Boots the skills app with other options or providers; resolves with the bootstrap error. */
  async function bootstrapError(
    options: Parameters<typeof SkillsAppModule.register>[1] = {},
    providers?: unknown[],
  ): Promise<Error> {
    const app = await createTestApp(SkillsAppModule.register(base, options, providers));
    try {
      await app.init();
    } catch (error) {
      return error as Error;
    } finally {
      await app.close().catch(() => undefined);
    }
    throw new Error('the app started');
  }

  it('should refuse a symbolic link that leads out of the skills directory', async () => {
    await writeFile(join(base, 'secret.txt'), 'secret');
    await symlink(join(base, 'secret.txt'), join(base, 'tree/refunds/secret.txt'));
    expect((await bootstrapError()).message).toMatch(
      /tree\/refunds\/secret.txt is a symbolic link that leads out of the skills directory/,
    );
  });

  it('should refuse a skill of more than 512 files, naming it', async () => {
    for (let i = 0; i < 512; i++) await writeFile(join(base, 'tree/refunds', `${i}.md`), '');
    expect((await bootstrapError()).message).toMatch(
      /the skill .*tree\/refunds is invalid: it has 514 files; a skill may have at most 512/,
    );
  });

  it.each([
    [
      'a directory that is not a string',
      () => ({ directory: 42 }),
      /skills must be \{ directory: string/,
    ],
    [
      'an unknown key',
      () => ({ directory: 'tree', guards: [] }),
      /skills must be \{ directory: string/,
    ],
    [
      'an invalid path',
      (at: string) => ({ directory: join(at, 'tree'), path: 'Bad Path' }),
      /its path must be/,
    ],
  ])('should refuse a skills option with %s', async (_case, skills, message) => {
    expect((await bootstrapError({ skills: skills(base) as never })).message).toMatch(message);
  });

  it('should refuse a skills directory that does not exist', async () => {
    const missing = join(base, 'missing');
    expect((await bootstrapError({ skills: { directory: missing } })).message).toMatch(
      `Snodo: the skills directory ${missing} cannot be read: ENOENT`,
    );
  });

  it('should refuse a skill on a request-scoped provider', async () => {
    expect((await bootstrapError({}, [RequestScopedSkill])).message).toMatch(
      /RequestScopedSkill.files\(\) declares a skill on a request-scoped provider/,
    );
  });

  it('should refuse @Skill() options that give part of the frontmatter', async () => {
    expect((await bootstrapError({}, [HalfFrontmatterSkill])).message).toMatch(
      /@Skill\(\) on HalfFrontmatterSkill.files\(\) gives part of the frontmatter/,
    );
  });

  it('should serve the files as resources, but no skills/list, without the extension', async () => {
    const running = await startApp(
      SkillsAppModule.register(base, { extensions: {} }, [FixtureSkills]),
    );
    try {
      const client = await SnodoClient.connect(running.url);
      await expect(client.listSkills()).rejects.toMatchObject({ code: -32601 });
      const read = await client.readResource('skill://code-review/SKILL.md');
      expect(read.contents).toMatchObject([{ mimeType: 'text/markdown' }]);
      const listed = (await client.listResources()).map((resource) => resource.uri);
      expect(listed).toContain('skill://code-review/SKILL.md');
      await client.close();
    } finally {
      await running.close();
    }
  });
});
