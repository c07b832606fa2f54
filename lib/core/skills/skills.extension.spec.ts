import { createHash } from 'node:crypto';
import type { CallContext } from '../components/call-context.interface.js';
import { serverMethods } from '../protocol/server-methods.js';
import type { Exchange } from '../exchange/exchange.js';
import { classifyMessage } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { ProtocolHandler } from '../protocol/protocol-handler.js';
import type { AuthorizationPolicy } from '../components/authorization-policy.interface.js';
import { Router } from '../router/router.js';
import { Runtime } from '../runtime/runtime.js';
import { LEGACY_VERSIONS, MODERN_VERSIONS } from '../wire/protocol-version.js';
import { SKILLS_EXTENSION, SKILL_MANIFEST } from '../wire/skill-constants.js';
import { defineSkill, registerSkills, type DefinedSkill } from './skill.js';

const manifest = (name: string, description = `The ${name} skill`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n`;

/** A caller may see a `staff` skill only with the header `x-staff: yes`. */
const staffOnly = {
  authorize: (_phase: unknown, context: CallContext) =>
    (context.request as { headers?: Record<string, string> } | undefined)?.headers?.['x-staff'] ===
    'yes',
};

function skills(guarded = true): DefinedSkill[] {
  const payroll = defineSkill(
    { path: 'acme', files: { [SKILL_MANIFEST]: manifest('payroll'), 'rates.csv': 'a,b\n' } },
    staffOnly,
  );
  return [
    ...(guarded ? [payroll] : []),
    defineSkill({
      files: {
        [SKILL_MANIFEST]: manifest('code-review'),
        'references/checklist.md': '- tests\n',
        'templates/pr.md': '## PR\n',
        'templates/regional/eu.md': '## EU\n',
        'scripts/lint.sh': 'echo lint\n',
      },
    }),
    defineSkill({ path: 'acme/billing', files: { [SKILL_MANIFEST]: manifest('refunds') } }),
    defineSkill({ path: 'acme/support', files: { [SKILL_MANIFEST]: manifest('escalation') } }),
    defineSkill({ files: { [SKILL_MANIFEST]: manifest('git-workflow') } }),
  ];
}

function setup(
  options: {
    settings?: JsonObject;
    pageSize?: number;
    authorization?: AuthorizationPolicy;
    guarded?: boolean;
  } = {},
) {
  const runtime = new Runtime({
    name: 'skills-test',
    version: '1.0.0',
    router: registerSkills(Router.empty(), skills(options.guarded)),
    extensions: { [SKILLS_EXTENSION]: options.settings ?? { directoryRead: true } },
    pagination: { pageSize: options.pageSize ?? 100 },
    authorization: options.authorization,
  });
  return { handler: new ProtocolHandler({ runtime }), runtime };
}

let nextId = 1;
async function send(
  handler: ProtocolHandler,
  method: string,
  params: JsonObject = {},
  options: { staff?: boolean; version?: string } = {},
) {
  const exchange: Exchange = {
    transport: 'stdio',
    request: { headers: options.staff === true ? { 'x-staff': 'yes' } : {} },
  };
  const meta = {
    'io.modelcontextprotocol/protocolVersion': options.version ?? '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const message = { jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: meta } };
  const outcome = await handler.handle(classifyMessage(message), exchange);
  const response = outcome.response as
    | { result?: JsonObject; error?: { code: number; message: string; data?: JsonObject } }
    | undefined;
  return { outcome, result: response?.result, error: response?.error };
}

/** Every page of a list method, following cursors. */
async function pages(
  handler: ProtocolHandler,
  method: string,
  key: string,
  params: JsonObject = {},
  staff = false,
) {
  const seen: JsonObject[][] = [];
  let cursor: unknown;
  do {
    const next = cursor === undefined ? params : { ...params, cursor };
    const { result, error } = await send(handler, method, next, { staff });
    if (error !== undefined) throw new Error(error.message);
    seen.push(result![key] as JsonObject[]);
    cursor = result!.nextCursor;
  } while (cursor !== undefined);
  return seen;
}

const uris = (items: JsonObject[]) => items.map((item) => item.uri);

describe('The skills extension', () => {
  describe('declaration', () => {
    it('should advertise its settings inline and serve resources even without skills', async () => {
      const runtime = new Runtime({
        name: 'empty',
        version: '1.0.0',
        extensions: { [SKILLS_EXTENSION]: {} },
      });
      const handler = new ProtocolHandler({ runtime });
      const { result } = await send(handler, 'server/discover');
      const capabilities = result!.capabilities as JsonObject;
      expect(capabilities.extensions).toEqual({ [SKILLS_EXTENSION]: {} });
      expect(capabilities.resources).toEqual({});
      const listed = await send(handler, 'skills/list');
      expect(listed.result).toMatchObject({ skills: [], ttlMs: 0, cacheScope: 'private' });
    });

    it('should serve resources/directory/read only with directoryRead: true', () => {
      const on = serverMethods({ runtime: setup().runtime });
      expect(on.request('resources/directory/read')).toBeDefined();
      const off = serverMethods({ runtime: setup({ settings: {} }).runtime });
      expect(off.request('skills/list')).toBeDefined();
      expect(off.request('skills/get')).toBeDefined();
      expect(off.request('resources/directory/read')).toBeUndefined();
    });

    it('should answer -32601 for resources/directory/read without directoryRead', async () => {
      const { handler } = setup({ settings: { directoryRead: false } });
      const { error } = await send(handler, 'resources/directory/read', {
        uri: 'skill://git-workflow',
      });
      expect(error?.code).toBe(-32601);
    });

    it.each([
      [{ directoryRead: 'yes' }, /directoryRead setting .* must be true or false/],
      [{ directoryread: true }, /have no "directoryread"/],
    ])('should refuse the settings %j at bootstrap', (settings, message) => {
      expect(() => serverMethods({ runtime: setup({ settings }).runtime })).toThrow(message);
    });

    it('should serve its methods in the stateless revision only', () => {
      const table = serverMethods({ runtime: setup().runtime });
      for (const method of ['skills/list', 'skills/get', 'resources/directory/read']) {
        expect(table.request(method)?.revisions).toEqual(MODERN_VERSIONS);
      }
      expect(MODERN_VERSIONS.some((version) => LEGACY_VERSIONS.includes(version))).toBe(false);
    });
  });

  describe('skills/list', () => {
    it('should list the skills a caller may see, sorted by URI, with the cache hint', async () => {
      const { handler } = setup();
      const { result } = await send(handler, 'skills/list');
      expect(uris(result!.skills as JsonObject[])).toEqual([
        'skill://acme/billing/refunds/SKILL.md',
        'skill://acme/support/escalation/SKILL.md',
        'skill://code-review/SKILL.md',
        'skill://git-workflow/SKILL.md',
      ]);
      expect(result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
      expect(result).not.toHaveProperty('nextCursor');
      const staff = await send(handler, 'skills/list', {}, { staff: true });
      expect(uris(staff.result!.skills as JsonObject[])).toContain('skill://acme/payroll/SKILL.md');
    });

    it('should page by whole entries, and every cursor should lead to the next page', async () => {
      const { handler } = setup({ pageSize: 2 });
      const seen = await pages(handler, 'skills/list', 'skills');
      expect(seen.map((page) => page.length)).toEqual([2, 2]);
      const all = seen.flat();
      expect(new Set(uris(all)).size).toBe(4);
      for (const entry of all) {
        expect(entry).toEqual({
          uri: expect.any(String),
          frontmatter: expect.any(Object),
          resources: expect.any(Array),
        });
        expect((entry.resources as JsonObject[])[0]!.uri).toBe(entry.uri);
      }
      const staffPages = await pages(handler, 'skills/list', 'skills', {}, true);
      expect(staffPages.map((page) => page.length)).toEqual([2, 2, 1]);
      expect(uris(staffPages.flat())).toContain('skill://acme/payroll/SKILL.md');
    });

    it('should serve the same pages again when everyone sees every skill', async () => {
      const { handler } = setup({ pageSize: 3, guarded: false });
      const first = await pages(handler, 'skills/list', 'skills');
      expect(first.map((page) => page.length)).toEqual([3, 1]);
      expect(await pages(handler, 'skills/list', 'skills')).toEqual(first);
      const { result } = await send(handler, 'skills/list');
      expect(result).toMatchObject({ resultType: 'complete', nextCursor: expect.any(String) });
    });

    it('should answer -32602 for a cursor it did not give', async () => {
      const { handler } = setup({ pageSize: 2 });
      const { error } = await send(handler, 'skills/list', { cursor: 'bm90IGEgY3Vyc29y' });
      expect(error).toMatchObject({ code: -32602, message: 'Invalid cursor' });
    });

    it('should leave out what the server-wide policy refuses', async () => {
      const authorization: AuthorizationPolicy = {
        authorize: (_phase, ref) => !ref.name.startsWith('git'),
      };
      const { handler } = setup({ authorization });
      const { result } = await send(handler, 'skills/list', {}, { staff: true });
      expect(uris(result!.skills as JsonObject[])).not.toContain('skill://git-workflow/SKILL.md');
      const { error } = await send(handler, 'skills/get', { uri: 'skill://git-workflow/SKILL.md' });
      expect(error?.code).toBe(-32602);
    });
  });

  describe('skills/get', () => {
    it('should answer with the listed entry, the cache hint and no cursor', async () => {
      const { handler } = setup();
      const listed = (await send(handler, 'skills/list')).result!.skills as JsonObject[];
      const { result } = await send(handler, 'skills/get', { uri: 'skill://code-review/SKILL.md' });
      expect(result!.skill).toEqual(
        listed.find((entry) => entry.uri === 'skill://code-review/SKILL.md'),
      );
      expect(result).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
      expect(result).not.toHaveProperty('nextCursor');
    });

    it.each([
      ['an unknown skill', 'skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md'],
      ['a supporting file', 'skill://code-review/references/checklist.md'],
      ['a skill root', 'skill://code-review'],
      ['a skill the caller may not see', 'skill://acme/payroll/SKILL.md'],
    ])('should answer -32602 for %s', async (_case, uri) => {
      const { handler } = setup();
      const { error } = await send(handler, 'skills/get', { uri });
      expect(error).toMatchObject({ code: -32602, data: { uri } });
    });

    it('should answer -32602 without a URI', async () => {
      const { handler } = setup();
      const { error } = await send(handler, 'skills/get', {});
      expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('params.uri') });
    });

    it('should show a guarded skill to a caller its guard lets in', async () => {
      const { handler } = setup();
      const { result } = await send(
        handler,
        'skills/get',
        { uri: 'skill://acme/payroll/SKILL.md' },
        { staff: true },
      );
      expect((result!.skill as JsonObject).uri).toBe('skill://acme/payroll/SKILL.md');
    });
  });

  describe('the files, through resources/list and resources/read', () => {
    it('should list the manifest as the skill and read every file as its digest says', async () => {
      const { handler } = setup();
      const listed = (await send(handler, 'resources/list')).result!.resources as JsonObject[];
      expect(listed.find((resource) => resource.uri === 'skill://code-review/SKILL.md')).toEqual({
        uri: 'skill://code-review/SKILL.md',
        name: 'code-review',
        description: 'The code-review skill',
        mimeType: 'text/markdown',
        size: Buffer.byteLength(manifest('code-review')),
      });
      expect(uris(listed)).not.toContain('skill://acme/payroll/SKILL.md');
      const entry = (await send(handler, 'skills/get', { uri: 'skill://code-review/SKILL.md' }))
        .result!.skill as { resources: { uri: string; digest: string; size: number }[] };
      for (const file of entry.resources) {
        const { result } = await send(handler, 'resources/read', { uri: file.uri });
        const [contents] = result!.contents as { text: string }[];
        const bytes = Buffer.from(contents!.text, 'utf8');
        expect(bytes.byteLength).toBe(file.size);
        expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(file.digest);
      }
    });

    it('should read a guarded skill file only for a caller its guard lets in', async () => {
      const { handler } = setup();
      const uri = 'skill://acme/payroll/rates.csv';
      expect((await send(handler, 'resources/read', { uri })).error?.code).toBe(-32602);
      const { result } = await send(handler, 'resources/read', { uri }, { staff: true });
      expect(result!.contents).toEqual([{ uri, mimeType: 'text/csv', text: 'a,b\n' }]);
    });
  });

  describe('resources/directory/read', () => {
    const read = async (uri: string, options: { staff?: boolean; pageSize?: number } = {}) => {
      const { handler } = setup({ pageSize: options.pageSize });
      return send(handler, 'resources/directory/read', { uri }, options);
    };

    it("should list a skill root's direct children, subdirectories as inode/directory", async () => {
      const { result } = await read('skill://code-review');
      expect(result!.resources).toEqual([
        {
          uri: 'skill://code-review/SKILL.md',
          name: 'SKILL.md',
          description: 'The code-review skill',
          mimeType: 'text/markdown',
          size: Buffer.byteLength(manifest('code-review')),
        },
        { uri: 'skill://code-review/references', name: 'references', mimeType: 'inode/directory' },
        { uri: 'skill://code-review/scripts', name: 'scripts', mimeType: 'inode/directory' },
        { uri: 'skill://code-review/templates', name: 'templates', mimeType: 'inode/directory' },
      ]);
      expect(result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    });

    it('should descend into subdirectories', async () => {
      const { result } = await read('skill://code-review/templates');
      expect(uris(result!.resources as JsonObject[])).toEqual([
        'skill://code-review/templates/pr.md',
        'skill://code-review/templates/regional',
      ]);
      const deeper = await read('skill://code-review/templates/regional');
      expect(uris(deeper.result!.resources as JsonObject[])).toEqual([
        'skill://code-review/templates/regional/eu.md',
      ]);
    });

    it('should list a prefix above skills with the directories the caller may see', async () => {
      const { result } = await read('skill://acme');
      expect(uris(result!.resources as JsonObject[])).toEqual([
        'skill://acme/billing',
        'skill://acme/support',
      ]);
      const staff = await read('skill://acme', { staff: true });
      expect(uris(staff.result!.resources as JsonObject[])).toEqual([
        'skill://acme/billing',
        'skill://acme/payroll',
        'skill://acme/support',
      ]);
    });

    it.each([
      ['a file', 'skill://code-review/SKILL.md'],
      ['an unknown URI', 'skill://nowhere'],
      ['a trailing slash', 'skill://code-review/'],
      ['the directory of a skill the caller may not see', 'skill://acme/payroll'],
    ])('should answer -32602 for %s', async (_case, uri) => {
      const { error } = await read(uri);
      expect(error).toMatchObject({ code: -32602, data: { uri } });
    });

    it('should page the children and honour its cursors', async () => {
      const { handler } = setup({ pageSize: 3 });
      const seen = await pages(handler, 'resources/directory/read', 'resources', {
        uri: 'skill://code-review',
      });
      expect(seen.map((page) => page.length)).toEqual([3, 1]);
      expect(uris(seen.flat())).toHaveLength(4);
    });
  });
});
