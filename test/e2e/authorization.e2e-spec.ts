import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpSchemaValidator, type Revision } from '../helpers/mcp-schema.validator.js';
import { createRecordingFetch, type RecordedExchange } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp, createTestApp } from '../helpers/sample-app.js';
import {
  AuthAppModule,
  FailClosedModule,
  HidingAuthAppModule,
  signJwt,
} from '../src/auth-app.module.js';

const schemas = new McpSchemaValidator();
const TOKEN = signJwt({ sub: 'ada' });

interface AnyClient {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: { text?: string }[] }>;
  listPrompts(): Promise<{ prompts: { name: string }[] }>;
  getPrompt(params: { name: string }): Promise<{ messages: unknown[] }>;
  close(): Promise<void>;
}

type Connect = (
  url: string,
  token: string | undefined,
) => Promise<{ client: AnyClient; exchanges: RecordedExchange[]; revision: Revision }>;

const connectors: [string, Connect][] = [
  [
    '@modelcontextprotocol/sdk 1.x (2025-11-25)',
    async (url, token) => {
      const { fetch, exchanges } = createRecordingFetch();
      const client = new ClientV1({ name: 'auth-v1', version: '1' });
      const headers = token === undefined ? undefined : { Authorization: `Bearer ${token}` };
      await client.connect(new TransportV1(new URL(url), { fetch, requestInit: { headers } }));
      return { client: client as unknown as AnyClient, exchanges, revision: '2025-11-25' };
    },
  ],
  [
    '@modelcontextprotocol/client 2.x (2026-07-28)',
    async (url, token) => {
      const { fetch, exchanges } = createRecordingFetch();
      const client = new ClientV2(
        { name: 'auth-v2', version: '1' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      const headers = token === undefined ? undefined : { Authorization: `Bearer ${token}` };
      await client.connect(new TransportV2(new URL(url), { fetch, requestInit: { headers } }));
      return { client: client as unknown as AnyClient, exchanges, revision: '2026-07-28' };
    },
  ],
];

/** The HTTP answer to the last request of a method. */
const lastAnswer = (exchanges: RecordedExchange[], method: string) =>
  exchanges.filter((e) => e.method === method).at(-1)!;

describe('Guards as the authorization policy', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(AuthAppModule);
  });

  afterAll(async () => {
    await running.close();
  });

  describe.each(connectors)('%s', (_label, connect) => {
    it("should show an anonymous caller a reduced catalog and answer a hidden component's run with its guard's 401, as a REST route does", async () => {
      const { client, exchanges, revision } = await connect(running.url, undefined);
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain('secret_echo');
      expect(names).toContain('public_echo');
      for (const [method, attempt] of [
        ['tools/call', () => client.callTool({ name: 'secret_echo', arguments: { text: 'x' } })],
        ['resources/read', () => client.readResource({ uri: 'secret://doc' })],
        ['prompts/get', () => client.getPrompt({ name: 'secret_prompt' })],
      ] as const) {
        await expect(attempt()).rejects.toBeDefined();
        const answer = lastAnswer(exchanges, method);
        expect(answer.status).toBe(401);
        expect(answer.responseHeaders['www-authenticate']).toBe('Bearer realm="mcp"');
        expect(answer.messages[0]).toMatchObject({
          error: { code: -31401, message: 'Unauthorized: a valid bearer token is required' },
        });
        expect((answer.messages[0] as { id?: unknown }).id).toBeDefined();
        expect(schemas.checkServerMessage(revision, method, answer.messages[0])).toEqual([]);
      }
      await client.close().catch(() => undefined);
    });

    it('should show a signed-in caller everything and let it call, read and render', async () => {
      const { client, exchanges, revision } = await connect(running.url, TOKEN);
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('secret_echo');
      expect(
        await client.callTool({ name: 'secret_echo', arguments: { text: 'hi' } }),
      ).toMatchObject({
        content: [{ type: 'text', text: 'secret for ada: hi' }],
      });
      expect((await client.listResources()).resources.map((r) => r.uri)).toContain('secret://doc');
      expect((await client.readResource({ uri: 'secret://doc' })).contents[0]!.text).toBe(
        'the secret document',
      );
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['secret_prompt']);
      expect((await client.getPrompt({ name: 'secret_prompt' })).messages).toHaveLength(1);
      await client.close();
      for (const exchange of exchanges) {
        for (const message of exchange.messages)
          expect(schemas.checkServerMessage(revision, exchange.method, message)).toEqual([]);
      }
    });
  });

  it('should send WWW-Authenticate with the 401 when the guard asks for it on a component the caller may see, and 401 for a bad token', async () => {
    const call = (authorization?: string) =>
      fetch(running.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'members_echo',
          ...(authorization === undefined ? {} : { authorization }),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: {
            name: 'members_echo',
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      });
    const anonymous = await call();
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="mcp"');
    const forged = await call(`Bearer ${TOKEN.slice(0, -2)}xx`);
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toBe(
      'Bearer realm="mcp", error="invalid_token"',
    );
    expect(((await forged.json()) as { error: { code: number } }).error.code).toBe(-31401);
  });

  it('should send lists that depend on the caller as private, whatever the option said', async () => {
    const { client, exchanges } = await connectors[1]![1](running.url, TOKEN);
    await client.listTools();
    expect(lastAnswer(exchanges, 'tools/list').messages[0]).toMatchObject({
      result: { cacheScope: 'private', ttlMs: 1000 },
    });
    await client.close();
  });

  it('should refuse to start when a declared guard cannot be resolved', async () => {
    const app = await createTestApp(FailClosedModule);
    await expect(app.init()).rejects.toThrow(
      'Snodo: TokenRegisteredTools.tool() declares the guard JwtGuard, which Nest could not resolve',
    );
    await app.close().catch(() => undefined);
  });

  describe.each(connectors)('%s, with hideRefusedComponents', (_label, connect) => {
    let hiding: RunningApp;

    beforeAll(async () => {
      hiding = await startApp(HidingAuthAppModule);
    });

    afterAll(async () => {
      await hiding.close();
    });

    it('should show an anonymous caller a reduced catalog and answer for the hidden components exactly as for unknown ones', async () => {
      const { client, exchanges, revision } = await connect(hiding.url, undefined);
      expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('secret_echo');
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('public_echo');
      expect((await client.listResources()).resources.map((r) => r.uri)).not.toContain(
        'secret://doc',
      );
      expect((await client.listPrompts()).prompts).toEqual([]);

      // The same answer, status, code and message (the name aside), so that hidden names
      // cannot be told from unknown ones.
      const answerTo = async (method: string, attempt: () => Promise<unknown>, name: string) => {
        await expect(attempt()).rejects.toBeDefined();
        const answer = lastAnswer(exchanges, method);
        expect(schemas.checkServerMessage(revision, method, answer.messages[0])).toEqual([]);
        const message = { ...(answer.messages[0] as Record<string, unknown>), id: undefined };
        return JSON.stringify({ status: answer.status, message }).replaceAll(name, '<name>');
      };
      for (const [method, attempt] of [
        ['tools/call', (name: string) => client.callTool({ name, arguments: { text: 'x' } })],
        ['resources/read', (name: string) => client.readResource({ uri: `secret://${name}` })],
        ['prompts/get', (name: string) => client.getPrompt({ name })],
      ] as const) {
        const hiddenName =
          method === 'tools/call'
            ? 'secret_echo'
            : method === 'prompts/get'
              ? 'secret_prompt'
              : 'doc';
        const hidden = await answerTo(method, () => attempt(hiddenName), hiddenName);
        const unknown = await answerTo(method, () => attempt('nothing_here'), 'nothing_here');
        expect(hidden).toEqual(unknown);
        expect(hidden).not.toContain('31401');
      }
      await client.close().catch(() => undefined);
    });
  });
});
