import { Module } from '@nestjs/common';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SnodoModule } from '../../lib/index.js';
import { SAMPLE_PROVIDERS } from '../../sample/01-tools/src/app.module.js';
import { McpSchemaValidator, type Revision } from '../helpers/mcp-schema.validator.js';
import { createRecordingFetch, type RecordedExchange } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';

const schemas = new McpSchemaValidator();

/** The sample's tools, served only in 2025-06-18, so that a 2025-11-25 client is offered it. */
@Module({
  imports: [
    SnodoModule.forRoot({
      name: 'packages',
      version: '1.0.0',
      protocols: ['2025-06-18'],
      schemaValidator: 'ajv',
    }),
  ],
  providers: SAMPLE_PROVIDERS,
})
class JuneOnlyModule {}

/** Every server message of the recorded exchanges, checked against the revision in use. */
function expectAllValid(exchanges: RecordedExchange[], revision: Revision): void {
  const problems: string[] = [];
  let checked = 0;
  for (const exchange of exchanges) {
    for (const message of exchange.messages) {
      checked++;
      const errors = schemas.checkServerMessage(revision, exchange.method, message);
      problems.push(...errors.map((e) => `${exchange.method ?? exchange.httpMethod}: ${e}`));
    }
  }
  expect(problems).toEqual([]);
  expect(checked).toBeGreaterThanOrEqual(3);
}

type ToolsClient = {
  listTools(): Promise<{ tools: { name: string; inputSchema: unknown }[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
};
type ToolResult = {
  content: { type: string; text: string }[];
  structuredContent?: unknown;
  isError?: boolean;
};

/** Lists the sample's tools and calls one of each form: inline, full control, concise (@Arg) and DTO. */
async function exerciseTools(client: ToolsClient): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual([
    'audit_packages',
    'echo',
    'latest_version',
    'package_info',
    'place_order',
    'publish_version',
    'reindex',
    'review_package',
    'search',
    'yank_version',
  ]);

  // Inline form, with an argument that is also an Mcp-Param-Registry header for 2026-07-28 clients.
  const search = (await client.callTool({
    name: 'search',
    arguments: { query: 'json', registry: 'hex' },
  })) as ToolResult;
  expect(search.isError).not.toBe(true);
  expect(search.content).toEqual([
    { type: 'text', text: 'jason: A blazing fast JSON parser and generator' },
  ]);

  const info = (await client.callTool({
    name: 'package_info',
    arguments: { name: 'plug' },
  })) as ToolResult;
  expect(info.structuredContent).toEqual({
    name: 'plug',
    description: 'Compose web applications with functions',
    versions: ['1.15.0', '1.16.1'],
  });

  // Full-control form.
  const latest = (await client.callTool({
    name: 'latest_version',
    arguments: { name: 'ecto' },
  })) as ToolResult;
  expect(latest.content[0]!.text).toBe('3.12.5');

  // Concise form: nested @Arg() blocks and an @Output() block.
  const order = (await client.callTool({
    name: 'place_order',
    arguments: { customer: { id: 'c-1' }, lines: [{ sku: 'plug', quantity: 2 }] },
  })) as ToolResult;
  expect(order.structuredContent).toEqual({
    order_id: expect.stringMatching(/^o-\d+$/),
    total: 25,
  });
  const badOrder = (await client.callTool({
    name: 'place_order',
    arguments: { customer: { id: 'c-1' }, lines: [{ sku: 'plug', quantity: 1, note: 'x' }] },
  })) as ToolResult;
  expect(badOrder).toMatchObject({
    isError: true,
    content: [{ text: 'Invalid arguments at /lines/0/note: property is not allowed' }],
  });

  // DTO form: class-validator gives the schema and checks the call.
  const review = tools.find((tool) => tool.name === 'review_package')!;
  expect(review.inputSchema).toMatchObject({ type: 'object', required: ['name', 'scores'] });
  const reviewed = (await client.callTool({
    name: 'review_package',
    arguments: { name: 'plug', scores: [{ aspect: 'docs', stars: 4 }] },
  })) as ToolResult;
  expect(reviewed.content[0]!.text).toBe('plug: 4.0 stars');
  const badReview = (await client.callTool({
    name: 'review_package',
    arguments: { name: 'plug', scores: [{ aspect: 'speed', stars: 4 }] },
  })) as ToolResult;
  expect(badReview.isError).toBe(true);
  expect(badReview.content[0]!.text).toMatch(/^Invalid arguments at \/scores\/0\/aspect: /);
}

describe('Interoperability with the official clients', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp();
  });

  afterAll(async () => {
    await running.close();
  });

  describe('@modelcontextprotocol/client 2.x', () => {
    it('should serve the default (initialize) mode as 2025-11-25', async () => {
      const { fetch, exchanges } = createRecordingFetch();
      const client = new ClientV2({ name: 'interop-v2', version: '1.0.0' });
      await client.connect(new TransportV2(new URL(running.url), { fetch }));
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      expect(client.getServerVersion()).toMatchObject({ name: 'packages', version: '1.0.0' });
      await exerciseTools(client);
      await client.close();

      expect(exchanges[0]!.method).toBe('initialize');
      expectAllValid(exchanges, '2025-11-25');
    });

    it('should serve a client pinned to 2026-07-28 statelessly', async () => {
      const { fetch, exchanges } = createRecordingFetch();
      const client = new ClientV2(
        { name: 'interop-v2-modern', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await client.connect(new TransportV2(new URL(running.url), { fetch }));
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(client.getInstructions()).toContain('search first');
      await exerciseTools(client);
      await client.close();

      expect(exchanges[0]!.method).toBe('server/discover');
      const searchCall = exchanges.find(
        (e) =>
          e.method === 'tools/call' &&
          (e.requestBody as { params: { name: string } }).params.name === 'search',
      )!;
      expect(searchCall.requestHeaders['mcp-param-registry']).toBe('hex');
      expect(searchCall.status).toBe(200);
      expect(exchanges.some((e) => e.method === 'initialize')).toBe(false);
      for (const exchange of exchanges) {
        expect(exchange.requestHeaders['mcp-session-id']).toBeUndefined();
      }
      expectAllValid(exchanges, '2026-07-28');
    });
  });

  describe('@modelcontextprotocol/sdk 1.x', () => {
    it('should negotiate 2025-11-25 and keep the session', async () => {
      const { fetch, exchanges } = createRecordingFetch();
      const client = new ClientV1({ name: 'interop-v1', version: '1.0.0' });
      const transport = new TransportV1(new URL(running.url), { fetch });
      await client.connect(transport);
      expect(transport.protocolVersion).toBe('2025-11-25');
      expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      await exerciseTools(client);
      await transport.terminateSession();
      await client.close();

      const afterInit = exchanges.filter(
        (e) => e.method !== 'initialize' && e.httpMethod === 'POST',
      );
      for (const exchange of afterInit) {
        expect(exchange.requestHeaders['mcp-session-id']).toBeDefined();
      }
      expect(exchanges.at(-1)).toMatchObject({ httpMethod: 'DELETE', status: 204 });
      expectAllValid(exchanges, '2025-11-25');
    });

    it('should negotiate 2025-06-18 with a server that serves only that revision', async () => {
      const june = await startApp(JuneOnlyModule);
      try {
        const { fetch, exchanges } = createRecordingFetch();
        const client = new ClientV1({ name: 'interop-v1-june', version: '1.0.0' });
        const transport = new TransportV1(new URL(june.url), { fetch });
        await client.connect(transport);
        expect(transport.protocolVersion).toBe('2025-06-18');
        await exerciseTools(client);
        await client.close();

        const initialize = exchanges.find((e) => e.method === 'initialize')!;
        expect(
          (initialize.requestBody as { params: { protocolVersion: string } }).params
            .protocolVersion,
        ).toBe('2025-11-25');
        expectAllValid(exchanges, '2025-06-18');
      } finally {
        await june.close();
      }
    });
  });
});
