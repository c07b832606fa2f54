import {
  Client as ClientV2,
  ProtocolError,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { SnodoRegistry } from '../../lib/index.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { BULK_TOOLS, CatalogAppModule } from '../src/catalog-app.module.js';
import { waitFor } from '../helpers/wait-for.js';

const schemas = new McpSchemaValidator();
const tool = (name: string) => ({
  definition: { name, inputSchema: { type: 'object' } },
  call: () => `${name} ran`,
});

describe('Catalog at scale', () => {
  let running: RunningApp;
  let registry: SnodoRegistry;
  const expected = [
    ...Array.from({ length: BULK_TOOLS }, (_, i) => `bulk_${String(i).padStart(4, '0')}`),
    'echo_size',
    'greet',
  ];

  beforeAll(async () => {
    running = await startApp(CatalogAppModule);
    registry = running.app.get(SnodoRegistry);
  });

  afterAll(async () => {
    await running.close();
  });

  describe('pagination', () => {
    it('should give client 2.x (2026-07-28) every tool once, in order, through its auto-pagination', async () => {
      const { fetch, exchanges } = createRecordingFetch();
      const client = new ClientV2(
        { name: 'pages-v2', version: '1' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await client.connect(new TransportV2(new URL(running.url), { fetch }));
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expected);
      await client.close();

      const pages = exchanges.filter((e) => e.method === 'tools/list');
      expect(pages).toHaveLength(Math.ceil(expected.length / 50));
      for (const page of pages) {
        expect(page.messages[0]).toMatchObject({
          result: { ttlMs: 30_000, cacheScope: 'public', resultType: 'complete' },
        });
        expect(schemas.checkServerMessage('2026-07-28', 'tools/list', page.messages[0])).toEqual(
          [],
        );
      }
    });

    it('should give client 2.x in its default (2025-11-25) mode every tool once, with no cache hints', async () => {
      const { fetch, exchanges } = createRecordingFetch();
      const client = new ClientV2({ name: 'pages-v2-legacy', version: '1' });
      await client.connect(new TransportV2(new URL(running.url), { fetch }));
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(expected);
      await client.close();
      for (const page of exchanges.filter((e) => e.method === 'tools/list')) {
        expect(schemas.checkServerMessage('2025-11-25', 'tools/list', page.messages[0])).toEqual(
          [],
        );
      }
    });

    it('should let sdk 1.x page with nextCursor, and expire its cursor when the catalog changes', async () => {
      const client = new ClientV1({ name: 'pages-v1', version: '1' });
      await client.connect(new TransportV1(new URL(running.url)));
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        names.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      expect(names).toEqual(expected);

      const first = await client.listTools();
      registry.addTool(tool('zz_added_mid_paging'));
      const error = await client.listTools({ cursor: first.nextCursor! }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(-32602);
      expect((error as McpError).message).toContain('Invalid cursor');
      const garbled = await client.listTools({ cursor: 'garbled' }).catch((e: unknown) => e);
      expect((garbled as McpError).code).toBe(-32602);
      registry.removeTool('zz_added_mid_paging');
      await client.close();
    });
  });

  describe('dynamic catalog', () => {
    it('should list and call a tool added at run time, refuse it once removed, and notify a 2025-11-25 session', async () => {
      const client = new ClientV1({ name: 'dynamic-v1', version: '1' });
      const transport = new TransportV1(new URL(running.url));
      await client.connect(transport);
      expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
      let changes = 0;
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        changes++;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));

      registry.addTool(tool('late_v1'));
      await waitFor(() => changes === 1, 'notifications/tools/list_changed');
      expect((await client.callTool({ name: 'late_v1' })).content).toEqual([
        { type: 'text', text: 'late_v1 ran' },
      ]);

      expect(registry.removeTool('late_v1')).toBe(true);
      expect(registry.removeTool('late_v1')).toBe(false);
      await waitFor(() => changes === 2, 'the second notification');
      const error = await client.callTool({ name: 'late_v1' }).catch((e: unknown) => e);
      expect((error as McpError).code).toBe(-32602);
      await client.close();
    });

    it('should do the same for a 2026-07-28 client on a listen stream', async () => {
      const client = new ClientV2(
        { name: 'dynamic-v2', version: '1' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await client.connect(new TransportV2(new URL(running.url)));
      let changes = 0;
      client.setNotificationHandler('notifications/tools/list_changed', () => {
        changes++;
      });
      const subscription = await client.listen({ toolsListChanged: true });
      expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });

      registry.replaceTool(tool('late_v2'));
      await waitFor(() => changes === 1, 'notifications/tools/list_changed');
      const listed = (await client.listTools()).tools.map((t) => t.name);
      expect(listed).toContain('late_v2');
      expect((await client.callTool({ name: 'late_v2' })).content).toEqual([
        { type: 'text', text: 'late_v2 ran' },
      ]);

      registry.removeTool('late_v2');
      await waitFor(() => changes === 2, 'the second notification');
      const error = await client.callTool({ name: 'late_v2' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProtocolError);
      expect((error as ProtocolError).code).toBe(-32602);
      await subscription.close();
      await client.close();
    });
  });
});
