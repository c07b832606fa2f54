import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import {
  bearerCall,
  bearerSession,
  startAuthorizationServer,
  startProtectedApp,
  type AuthorizationServer,
  type ProtectedApp,
} from '../helpers/authorization-server.js';
import { oauthScenarioModule, openProtectedModule } from '../src/oauth-scenarios.module.js';

const schemas = new McpSchemaValidator();

const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('@Scopes() on every kind of component (oidc-provider)', () => {
  let as: AuthorizationServer;
  let running: ProtectedApp;
  let nobody: string;
  let reader: string;
  let writer: string;

  beforeAll(async () => {
    as = await startAuthorizationServer();
    running = await startProtectedApp((resource) =>
      oauthScenarioModule(resource, as.issuer, {
        module: {
          toolsCache: { ttlMs: 60_000, scope: 'public' },
          promptsCache: { ttlMs: 60_000, scope: 'public' },
          resourcesCache: { ttlMs: 60_000, scope: 'public' },
        },
      }),
    );
    [nobody, reader, writer] = await Promise.all([
      as.token('nobody', running.url),
      as.token('reader', running.url),
      as.token('writer', running.url),
    ]);
  });

  afterAll(async () => {
    await running.close();
    await as.close();
  });

  /** Expects the scope challenge of a 403, naming exactly `scope`. */
  function expectChallenge(
    refused: { status: number; headers: Headers; json: any },
    scope: string,
    id: number,
  ) {
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toMatch(
      new RegExp(
        `^Bearer resource_metadata="${running.metadataUrl}", error="insufficient_scope", error_description="[^"]+", scope="${scope}"$`,
      ),
    );
    expect(refused.json).toMatchObject({ jsonrpc: '2.0', id, error: { code: -31403 } });
  }

  it.each([
    ['tools/call', { name: 'read_file', arguments: {} }, 'content'],
    ['resources/read', { uri: 'files://index' }, 'contents'],
    ['resources/read', { uri: 'folders://docs' }, 'contents'],
    ['prompts/get', { name: 'review', arguments: { name: 'a.txt' } }, 'messages'],
  ] as const)(
    'should challenge %s %j under-scoped, then serve it to a token with the scope',
    async (method, params, field) => {
      const refused = await bearerCall(running.url, method, params, nobody);
      expectChallenge(refused, 'files:read', 1);
      expect(schemas.checkServerMessage('2026-07-28', method, refused.json)).toEqual([]);
      const served = await bearerCall(running.url, method, params, reader);
      expect(served.status).toBe(200);
      expect(served.json.result[field]).toHaveLength(1);
      expect(schemas.checkServerMessage('2026-07-28', method, served.json)).toEqual([]);
    },
  );

  it('should list a scoped static resource to a token without its scope, and answer its read with the challenge (2026-07-28)', async () => {
    const listed = await bearerCall(running.url, 'resources/list', {}, nobody);
    expect(listed.json.result.resources.map((r: { uri: string }) => r.uri)).toEqual([
      'files://index',
    ]);
    expectChallenge(
      await bearerCall(running.url, 'resources/read', { uri: 'files://index' }, nobody),
      'files:read',
      1,
    );
    const read = await bearerCall(running.url, 'resources/read', { uri: 'files://index' }, reader);
    expect(read.json.result.contents[0].text).toBe('the index');
  });

  it('should hide what a token lacks the scopes for with auth.hideWithoutScopes, and still challenge its run', async () => {
    const hiding = await startProtectedApp((resource) =>
      oauthScenarioModule(resource, as.issuer, { auth: { hideWithoutScopes: true } }),
    );
    try {
      const [nobodyHere, readerHere] = await Promise.all([
        as.token('nobody', hiding.url),
        as.token('reader', hiding.url),
      ]);
      expect(
        (await bearerCall(hiding.url, 'resources/list', {}, nobodyHere)).json.result.resources,
      ).toEqual([]);
      const tools = await bearerCall(hiding.url, 'tools/list', {}, readerHere);
      expect(names(tools.json.result.tools)).toContain('read_file');
      expect(names(tools.json.result.tools)).not.toContain('move_file');
      const refused = await bearerCall(
        hiding.url,
        'tools/call',
        { name: 'move_file', arguments: {} },
        readerHere,
      );
      expect(refused.status).toBe(403);
      expect(refused.headers.get('www-authenticate')).toContain('scope="files:read files:write"');
    } finally {
      await hiding.close();
    }
  });

  it('should answer the completion of a scoped prompt with the challenge, and complete it with the scope', async () => {
    const completion = (token: string) =>
      bearerCall(
        running.url,
        'completion/complete',
        { ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'name', value: '' } },
        token,
      );
    expectChallenge(await completion(nobody), 'files:read', 1);
    const completed = await completion(reader);
    expect(completed.json.result.completion.values).toEqual(['a.txt', 'b.txt']);
  });

  it('should name every scope a component needs (class and method) in its challenge', async () => {
    const listed = await bearerCall(running.url, 'tools/list', {}, reader);
    expect(names(listed.json.result.tools)).toContain('move_file');
    const refused = await bearerCall(
      running.url,
      'tools/call',
      { name: 'move_file', arguments: {} },
      reader,
    );
    // The reader has files:read; the challenge still names the full set, for the step-up.
    expectChallenge(refused, 'files:read files:write', 1);
    expect(refused.json.error.message).toContain('files:read files:write');
    const moved = await bearerCall(
      running.url,
      'tools/call',
      { name: 'move_file', arguments: {} },
      writer,
    );
    expect(moved.json.result.content).toEqual([{ type: 'text', text: 'moved' }]);
  });

  it('should apply scopes to tools, resources and prompts in an initialize-era session', async () => {
    const session = await bearerSession(running.url, nobody);
    const tools = await session.send('tools/list');
    // Listed without their scopes, so that the calls below meet the challenge.
    expect(names(tools.json.result.tools).sort()).toEqual([
      'confirm_delete',
      'move_file',
      'open_tool',
      'read_file',
    ]);
    expect((await session.send('resources/list')).json.result.resources).toHaveLength(1);
    expect(names((await session.send('prompts/list')).json.result.prompts)).toEqual(['review']);
    const call = await session.send('tools/call', { name: 'read_file', arguments: {} });
    expectChallenge(call, 'files:read', call.json.id as number);
    const read = await session.send('resources/read', { uri: 'files://index' });
    expectChallenge(read, 'files:read', read.json.id as number);
    const completion = await session.send('completion/complete', {
      ref: { type: 'ref/prompt', name: 'review' },
      argument: { name: 'name', value: '' },
    });
    expectChallenge(completion, 'files:read', completion.json.id as number);
    expect(schemas.checkServerMessage('2025-11-25', 'tools/call', call.json)).toEqual([]);
    expect(schemas.checkServerMessage('2025-11-25', 'resources/read', read.json)).toEqual([]);
    expect(
      schemas.checkServerMessage('2025-11-25', 'completion/complete', completion.json),
    ).toEqual([]);
    const open = await session.send('tools/call', { name: 'open_tool', arguments: {} });
    expect(open.json.result.content).toEqual([{ type: 'text', text: 'open for nobody' }]);

    const readerSession = await bearerSession(running.url, reader);
    expect(names((await readerSession.send('tools/list')).json.result.tools)).toContain(
      'read_file',
    );
    const allowed = await readerSession.send('resources/read', { uri: 'files://index' });
    expect(allowed.json.result.contents[0].text).toBe('the index');
  });

  it('should send every list under auth with cacheScope "private", even when the option says public', async () => {
    const lists = ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'];
    for (const method of lists) {
      for (const token of [nobody, reader]) {
        const listed = await bearerCall(running.url, method, {}, token);
        expect(listed.status).toBe(200);
        expect(listed.json.result).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
        expect(schemas.checkServerMessage('2026-07-28', method, listed.json)).toEqual([]);
      }
    }
  });

  it('should send lists and reads "private" under auth even when no component is scoped', async () => {
    const open = await startProtectedApp(openProtectedModule);
    try {
      for (const method of ['tools/list', 'resources/list', 'prompts/list']) {
        const listed = await bearerCall(open.url, method, {}, 'opaque-alpha');
        expect(listed.json.result).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
      }
      const read = await bearerCall(
        open.url,
        'resources/read',
        { uri: 'open://readme' },
        'opaque-alpha',
      );
      expect(read.json.result).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
    } finally {
      await open.close();
    }
  });
});
