import { Client as Client110 } from 'mcp-sdk-1-10/client/index.js';
import { StreamableHTTPClientTransport as Http110 } from 'mcp-sdk-1-10/client/streamableHttp.js';
import { Client as Client112 } from 'mcp-sdk-1-12/client/index.js';
import { StreamableHTTPClientTransport as Http112 } from 'mcp-sdk-1-12/client/streamableHttp.js';
import { expectAllValid } from '../helpers/expect-all-valid.js';
import { McpSchemaValidator, type Revision } from '../helpers/mcp-schema.validator.js';
import { JSON_HEADERS, initializeRequest, openSession, raw } from '../helpers/raw-http.js';
import { createRecordingFetch, type RecordedExchange } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { RevisionsAppModule } from '../src/revisions.fixtures.js';

const schemas = new McpSchemaValidator();
const INITIALIZE_ERA: Revision[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

/**
 * The official clients that speak the older revisions: 1.12.x offers 2025-03-26, 1.10.x
 * 2024-11-05. Both use the global fetch (they take no `fetch` option), which the tests replace
 * with a recording one while they drive them.
 */
const CLIENTS = [
  {
    revision: '2025-03-26',
    sdk: '1.12',
    connect: async (url: string) => {
      const client = new Client112({ name: 'sdk-1.12', version: '1' });
      await client.connect(new Http112(new URL(url)));
      return client;
    },
  },
  {
    revision: '2024-11-05',
    sdk: '1.10',
    connect: async (url: string) => {
      const client = new Client110({ name: 'sdk-1.10', version: '1' });
      await client.connect(new Http110(new URL(url)));
      return client;
    },
  },
] as const;

/** The result the server sent for the first request of a method. */
const resultOf = (exchanges: RecordedExchange[], method: string): any =>
  (
    exchanges
      .filter((exchange) => exchange.method === method)
      .flatMap((exchange) => exchange.messages)
      .find((message) => (message as { result?: unknown }).result !== undefined) as {
      result: unknown;
    }
  )?.result;

describe('Initialize-era clients of 2025-03-26 and 2024-11-05', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(RevisionsAppModule.register());
  });

  afterAll(async () => {
    await running.close();
  });

  describe.each(CLIENTS)('sdk $sdk ($revision) over Streamable HTTP', ({ revision, connect }) => {
    let exchanges: RecordedExchange[];
    let client: Awaited<ReturnType<(typeof CLIENTS)[number]['connect']>>;
    const progress: { message?: string }[] = [];

    beforeAll(async () => {
      const original = globalThis.fetch;
      const recording = createRecordingFetch(original);
      exchanges = recording.exchanges;
      globalThis.fetch = recording.fetch;
      try {
        await drive();
      } finally {
        globalThis.fetch = original;
      }
    });

    /** Every request the client makes, recorded. */
    async function drive(): Promise<void> {
      client = await connect(running.url);
      await client.listTools();
      await client.callTool({ name: 'rich', arguments: { text: 'four' } });
      await client.callTool({ name: 'blocks', arguments: {} });
      await client.callTool({ name: 'progressing', arguments: {} }, undefined, {
        onprogress: (p: { message?: string }) => progress.push(p),
      });
      await client.listResources();
      await client.listResourceTemplates();
      await client.readResource({ uri: 'revisions://doc' });
      await client.listPrompts();
      await client.getPrompt({ name: 'mixed', arguments: { topic: 'x' } });
      await client.complete({
        ref: { type: 'ref/prompt', name: 'mixed' },
        argument: { name: 'topic', value: 'a' },
      });
    }

    afterAll(async () => {
      await client.close();
    });

    it('should negotiate the revision the client asks for', () => {
      expect(client.getServerVersion()).toEqual({ name: 'revisions', version: '1.0.0' });
      expect(resultOf(exchanges, 'initialize').protocolVersion).toBe(revision);
    });

    it("should send only messages valid against the revision's schema, with no field it lacks", () => {
      expect(exchanges.filter((exchange) => exchange.messages.length > 0).length).toBeGreaterThan(
        10,
      );
      expectAllValid(exchanges, revision);
    });

    it('should leave out titles, output schemas, icons and _meta of definitions', () => {
      const rich = resultOf(exchanges, 'tools/list').tools.find(
        (tool: { name: string }) => tool.name === 'rich',
      );
      expect(rich).not.toHaveProperty('title');
      expect(rich).not.toHaveProperty('outputSchema');
      expect(rich).not.toHaveProperty('icons');
      expect(rich).not.toHaveProperty('_meta');
      const doc = resultOf(exchanges, 'resources/list').resources[0];
      expect(doc).toEqual({
        uri: 'revisions://doc',
        name: 'doc',
        mimeType: 'text/plain',
        annotations: { audience: ['user'] },
      });
      expect(resultOf(exchanges, 'prompts/list').prompts[0].arguments).toEqual([
        { name: 'topic', description: 'What about', required: true },
      ]);
    });

    it('should carry structured content as its text block only', () => {
      expect(resultOf(exchanges, 'tools/call')).toEqual({
        content: [{ type: 'text', text: '{"length":4}' }],
      });
    });

    it('should turn a resource link into a text block, and keep what the revision has', () => {
      const calls = exchanges.filter((exchange) => exchange.method === 'tools/call');
      const { content } = (calls[1]!.messages[0] as { result: { content: unknown[] } }).result;
      expect(content[0]).toEqual({ type: 'text', text: 'plain', annotations: { priority: 0.5 } });
      expect(content[1]).toEqual({ type: 'text', text: 'with meta' });
      expect(content[2]).toEqual({ type: 'text', text: 'The document: revisions://doc' });
      expect(content[3]).toMatchObject(
        revision === '2025-03-26'
          ? { type: 'audio', mimeType: 'audio/wav' }
          : { type: 'text', text: expect.stringContaining('audio/wav') },
      );
      const messages = resultOf(exchanges, 'prompts/get').messages;
      expect(messages[1].content).toEqual({ type: 'text', text: 'doc: revisions://doc' });
    });

    it('should send a progress message only where the revision has one', () => {
      expect(progress).toHaveLength(2);
      if (revision === '2025-03-26') expect(progress[0]!.message).toBe('half way');
      else expect(progress[0]).not.toHaveProperty('message');
    });

    it('should declare completions only where the revision has the capability', () => {
      const { capabilities, serverInfo } = resultOf(exchanges, 'initialize');
      expect(serverInfo).toEqual({ name: 'revisions', version: '1.0.0' });
      if (revision === '2025-03-26') expect(capabilities.completions).toEqual({});
      else expect(capabilities).not.toHaveProperty('completions');
      expect(resultOf(exchanges, 'completion/complete').completion.values).toEqual([
        'alpha',
        'beta',
      ]);
    });

    it('should refuse elicitation, which the revision does not have', async () => {
      await expect(client.callTool({ name: 'asking', arguments: {} })).rejects.toThrow(
        /elicitation/,
      );
    });
  });

  describe('JSON-RPC batches', () => {
    const post = (sessionId: string | undefined, body: unknown, version?: string) =>
      raw(running.url, {
        body,
        headers: {
          ...JSON_HEADERS,
          ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }),
          ...(version === undefined ? {} : { 'mcp-protocol-version': version }),
        },
      });

    it('should serve a batch in a 2025-03-26 session, as one array of responses', async () => {
      const session = await openSession(running.url, '2025-03-26');
      const response = await post(session, [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'rich', arguments: {} } },
        { jsonrpc: '2.0', id: 3, method: 'nope' },
      ]);
      expect(response.status).toBe(200);
      expect(schemas.validate('2025-03-26', 'JSONRPCBatchResponse', response.json)).toEqual([]);
      expect(response.json).toEqual([
        { jsonrpc: '2.0', id: 1, result: {} },
        {
          jsonrpc: '2.0',
          id: 2,
          result: { content: [{ type: 'text', text: '{"length":0}' }] },
        },
        { jsonrpc: '2.0', id: 3, error: { code: -32601, message: expect.any(String) } },
      ]);
    });

    it('should answer a batch of notifications with 202, and refuse initialize inside one', async () => {
      const session = await openSession(running.url, '2025-03-26');
      const accepted = await post(session, [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
      ]);
      expect(accepted.status).toBe(202);
      const refused = await post(session, [initializeRequest('2025-03-26', 7)]);
      expect(schemas.validate('2025-03-26', 'JSONRPCBatchResponse', refused.json)).toEqual([]);
      expect(refused.json).toEqual([
        {
          jsonrpc: '2.0',
          id: 7,
          error: { code: -32600, message: expect.stringContaining('alone') },
        },
      ]);
    });

    it.each(['2025-11-25', '2025-06-18', '2024-11-05'])(
      'should refuse a batch in a %s session with 400 and -32600',
      async (version) => {
        const session = await openSession(running.url, version);
        const response = await post(session, [{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
        expect(response.status).toBe(400);
        expect(schemas.checkServerMessage(version as Revision, undefined, response.json)).toEqual(
          [],
        );
        expect(response.json.error).toMatchObject({
          code: -32600,
          message: expect.stringContaining('2025-03-26'),
        });
      },
    );

    it('should refuse a batch without a session, and an empty one', async () => {
      const lone = await post(undefined, [{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
      expect(lone.status).toBe(400);
      expect(lone.json.error.code).toBe(-32600);
      // Without a session no revision is agreed: the body is an error of each of them.
      for (const revision of INITIALIZE_ERA) {
        expect(schemas.checkServerMessage(revision, undefined, lone.json)).toEqual([]);
      }
      const session = await openSession(running.url, '2025-03-26');
      const empty = await post(session, []);
      expect(empty.status).toBe(400);
      expect(schemas.checkServerMessage('2025-03-26', undefined, empty.json)).toEqual([]);
      expect(empty.json.error).toMatchObject({
        code: -32600,
        message: expect.stringContaining('at least one'),
      });
    });
  });
});
