import { Module } from '@nestjs/common';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SnodoModule, SnodoRegistry } from '../../lib/index.js';
import { SnodoClient } from '../../lib/client/index.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { startApp, createTestApp } from '../helpers/sample-app.js';
import {
  BadBlockTools,
  DtoAndArgTools,
  DtoTools,
  JSON_SCHEMA_2020_12,
  JsonSchemaTools,
  OutputBlockClashTools,
  RepeatedNameTools,
  TwiceDeclaredTools,
  TwoOutputsTools,
} from '../src/declaration-fixtures.js';

const moduleWith = (...providers: unknown[]) => {
  @Module({
    imports: [SnodoModule.forRoot({ name: 'declarations', version: '1', schemaValidator: 'ajv' })],
    providers: providers as never[],
  })
  class DeclarationsModule {}
  return DeclarationsModule;
};

async function bootError(...providers: unknown[]): Promise<string> {
  const app = await createTestApp(moduleWith(...providers));
  try {
    await app.init();
  } catch (error) {
    return (error as Error).message;
  } finally {
    await app.close().catch(() => undefined);
  }
  throw new Error('the app started');
}

describe('Tool declarations', () => {
  describe('bootstrap errors', () => {
    it.each([
      [
        TwiceDeclaredTools,
        'Snodo: TwiceDeclaredTools.twice() declares its arguments more than once (inputSchema, @Arg()); declare them one way',
      ],
      [
        DtoAndArgTools,
        'Snodo: DtoAndArgTools.both() declares its arguments more than once (@Arg(), the class-validator DTO PageDto)',
      ],
      [TwoOutputsTools, 'Snodo: TwoOutputsTools.twice() declares a second output schema'],
      [
        BadBlockTools,
        'Snodo: BadBlockTools.order(): argument "lines.sku": a nested block needs type "object" or "object[]", not "string"',
      ],
      [
        RepeatedNameTools,
        'Snodo: RepeatedNameTools.order(): argument "customer.id": the name is declared twice in the same block',
      ],
      [
        OutputBlockClashTools,
        'Snodo: OutputBlockClashTools.order(): argument "lines": schema cannot set "items", which the nested block generates',
      ],
    ])('should refuse %p, naming where', async (provider, message) => {
      expect(await bootError(provider)).toContain(message);
    });
  });

  describe('class-validator DTOs', () => {
    it('should advertise the DTO as the input schema and hand the handler a validated instance', async () => {
      const app = await createTestApp(moduleWith(DtoTools));
      await app.init();
      try {
        const registry = app.get(SnodoRegistry);
        expect(registry.listTools()[0]!.inputSchema).toEqual({
          type: 'object',
          properties: { query: { type: 'string' }, page: { type: 'integer', minimum: 1 } },
          required: ['query', 'page'],
        });
        const client = await SnodoClient.inProcess(registry);
        expect((await client.callTool('page', { query: 'x', page: 2 })).content).toEqual([
          { type: 'text', text: 'x page 2 (a PageDto)' },
        ]);
        expect(await client.callTool('page', { query: 'x', page: 0 })).toMatchObject({
          isError: true,
          content: [
            { type: 'text', text: 'Invalid arguments at /page: page must not be less than 1' },
          ],
        });
        expect((await client.callTool('page', { page: 1 })).content).toEqual([
          { type: 'text', text: 'Missing required arguments: query' },
        ]);
      } finally {
        await app.close();
      }
    });
  });

  describe('the JSON Schema 2020-12 tool of the conformance suite', () => {
    const schemas = new McpSchemaValidator();

    it('should reach both official clients with its schema untouched', async () => {
      const running = await startApp(moduleWith(JsonSchemaTools));
      try {
        const modern = new Client(
          { name: 'c', version: '1' },
          { versionNegotiation: { mode: { pin: '2026-07-28' } } },
        );
        const { fetch, exchanges } = createRecordingFetch();
        await modern.connect(new StreamableHTTPClientTransport(new URL(running.url), { fetch }));
        const listed = await modern.listTools();
        expect(listed.tools[0]!.inputSchema).toEqual(JSON_SCHEMA_2020_12);
        const echoed = await modern.callTool({
          name: 'json_schema_2020_12_tool',
          arguments: { name: 'Ada', address: { street: 'Main', city: 'Paris' } },
        });
        expect(echoed.content).toEqual([
          { type: 'text', text: '{"name":"Ada","address":{"street":"Main","city":"Paris"}}' },
        ]);
        const refused = await modern.callTool({
          name: 'json_schema_2020_12_tool',
          arguments: { address: { city: 7 } },
        });
        expect(refused).toMatchObject({
          isError: true,
          content: [
            {
              text: 'Invalid arguments at /address/city: value is not one of the declared JSON types',
            },
          ],
        });
        await modern.close();
        for (const exchange of exchanges) {
          for (const message of exchange.messages)
            expect(schemas.checkServerMessage('2026-07-28', exchange.method, message)).toEqual([]);
        }

        const legacy = new ClientV1({ name: 'c', version: '1' });
        await legacy.connect(new TransportV1(new URL(running.url)));
        expect((await legacy.listTools()).tools[0]!.inputSchema).toEqual(JSON_SCHEMA_2020_12);
        await legacy.close();
      } finally {
        await running.close();
      }
    });
  });
});
