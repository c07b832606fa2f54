import {
  Client as ClientV2,
  ProtocolError,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { waitFor } from '../helpers/wait-for.js';
import { expectAllValid } from '../helpers/expect-all-valid.js';

const LOGO =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type ResourceClient = {
  listResources(): Promise<{ resources: { uri: string; name: string; mimeType?: string }[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: { uriTemplate: string; name: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: Record<string, unknown>[] }>;
};

async function exerciseReads(client: ResourceClient): Promise<void> {
  const { resources } = await client.listResources();
  expect(resources.map((r) => r.uri)).toEqual([
    'catalog://logo.png',
    'catalog://packages',
    'catalog://readme',
  ]);
  expect(resources.find((r) => r.uri === 'catalog://readme')).toMatchObject({
    name: 'readme',
    mimeType: 'text/markdown',
  });
  const { resourceTemplates } = await client.listResourceTemplates();
  expect(resourceTemplates.map((t) => [t.uriTemplate, t.name])).toEqual([
    ['docs://guides/{+path}', 'guide'],
    ['hex://{name}/info', 'package'],
  ]);

  expect((await client.readResource({ uri: 'catalog://readme' })).contents).toEqual([
    {
      uri: 'catalog://readme',
      mimeType: 'text/markdown',
      text: expect.stringContaining('# Package catalog'),
    },
  ]);
  expect((await client.readResource({ uri: 'catalog://logo.png' })).contents).toEqual([
    { uri: 'catalog://logo.png', mimeType: 'image/png', blob: LOGO },
  ]);
  const info = (await client.readResource({ uri: 'hex://plug/info' })).contents[0]!;
  expect(info).toMatchObject({ uri: 'hex://plug/info', mimeType: 'application/json' });
  expect(JSON.parse(info.text as string)).toMatchObject({
    name: 'plug',
    description: 'Compose web applications with functions',
  });
  expect(
    (await client.readResource({ uri: 'docs://guides/publishing/versions.md' })).contents[0],
  ).toMatchObject({
    text: expect.stringContaining('# Publishing versions'),
  });
}

describe('Resources with the official clients', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp();
  });

  afterAll(async () => {
    await running.close();
  });

  describe('@modelcontextprotocol/sdk 1.x, 2025-11-25 session', () => {
    it('should list, read, answer -32002 for a missing resource, and notify subscribers over the GET stream', async () => {
      const { fetch, exchanges } = createRecordingFetch();
      const client = new ClientV1({ name: 'resources-v1', version: '1.0.0' });
      await client.connect(new TransportV1(new URL(running.url), { fetch }));
      expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true });
      await exerciseReads(client);

      for (const uri of ['hex://nope/info', 'docs://guides/../secret.md', 'other://thing']) {
        const error = await client.readResource({ uri }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(McpError);
        expect((error as McpError).code).toBe(-32002);
      }

      const updates: string[] = [];
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
        updates.push(notification.params.uri);
      });
      await waitFor(
        () => exchanges.some((e) => e.httpMethod === 'GET' && e.status === 200),
        'the GET stream',
      );
      expect(await client.subscribeResource({ uri: 'hex://plug/info' })).toEqual({});

      await client.callTool({
        name: 'publish_version',
        arguments: { name: 'plug', version: '1.17.0' },
      });
      await client.callTool({
        name: 'publish_version',
        arguments: { name: 'ecto', version: '3.13.0' },
      });
      await waitFor(() => updates.length > 0, 'the update notification');
      await pause(100);
      expect(updates).toEqual(['hex://plug/info']);

      expect(await client.unsubscribeResource({ uri: 'hex://plug/info' })).toEqual({});
      await client.callTool({
        name: 'publish_version',
        arguments: { name: 'plug', version: '1.18.0' },
      });
      await pause(150);
      expect(updates).toEqual(['hex://plug/info']);
      await client.close();
      expectAllValid(exchanges, '2025-11-25');
    });
  });

  describe('@modelcontextprotocol/client 2.x pinned to 2026-07-28', () => {
    it('should list, read, answer -32602 for a missing resource, and deliver updates on a listen stream', async () => {
      const { fetch, exchanges } = createRecordingFetch();
      const client = new ClientV2(
        { name: 'resources-v2', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await client.connect(new TransportV2(new URL(running.url), { fetch }));
      await exerciseReads(client);

      const error = await client.readResource({ uri: 'hex://nope/info' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProtocolError);
      expect((error as ProtocolError).code).toBe(-32602);

      const updates: unknown[] = [];
      client.setNotificationHandler('notifications/resources/updated', (notification) => {
        updates.push(notification.params);
      });
      const subscription = await client.listen({
        resourceSubscriptions: ['hex://jason/info'],
        toolsListChanged: true,
      });
      expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: ['hex://jason/info'] });

      await client.callTool({
        name: 'publish_version',
        arguments: { name: 'phoenix', version: '1.9.0' },
      });
      await client.callTool({
        name: 'publish_version',
        arguments: { name: 'jason', version: '1.5.0' },
      });
      await waitFor(() => updates.length > 0, 'the update notification');
      await pause(100);
      expect(updates).toEqual([{ uri: 'hex://jason/info', _meta: expect.any(Object) }]);

      const listen = exchanges.find((e) => e.method === 'subscriptions/listen')!;
      const listenId = (listen.requestBody as { id: unknown }).id;
      expect(listen.contentType).toContain('text/event-stream');
      expect(listen.messages[0]).toEqual({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {
          notifications: { resourceSubscriptions: ['hex://jason/info'] },
          _meta: { 'io.modelcontextprotocol/subscriptionId': listenId },
        },
      });
      expect(listen.messages[1]).toMatchObject({
        method: 'notifications/resources/updated',
        params: {
          uri: 'hex://jason/info',
          _meta: { 'io.modelcontextprotocol/subscriptionId': listenId },
        },
      });

      await subscription.close();
      await client.close();
      expectAllValid(exchanges, '2026-07-28');
    });
  });
});
