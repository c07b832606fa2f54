// The server options of issue 14 through a real Nest app and the official clients: protocols
// (a 2026-07-28-only server refuses initialize, listing what it serves), capabilities and
// extensions (advertised where the revision has them), discoveryCache, instrumentation.
import { Injectable, Module } from '@nestjs/common';
import { Subject } from 'rxjs';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Resource, SnodoModule, Tool, type SnodoModuleOptions } from '../../lib/index.js';
import { type OperationEvent, PROTOCOL_VERSIONS } from '../../lib/core/index.js';
import { waitFor } from '../helpers/wait-for.js';
import { expectAllValid } from '../helpers/expect-all-valid.js';
import { JSON_HEADERS, initializeRequest, modernRequest, raw } from '../helpers/raw-http.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp, createTestApp } from '../helpers/sample-app.js';

const events: OperationEvent[] = [];

@Injectable()
class GreetTools {
  @Tool({
    name: 'greet',
    description: 'Greets someone',
    inputSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
  })
  greet(args: { who: string }): string {
    return `Hello, ${args.who}`;
  }
}

@Module({
  imports: [
    SnodoModule.forRoot({
      name: 'options',
      version: '1.0.0',
      protocols: ['2026-07-28'],
      capabilities: { experimental: { 'com.example/preview': {} } },
      extensions: { 'com.example/audit': { level: 'full' } },
      discoveryCache: { ttlMs: 60_000, scope: 'public' },
      instrumentation: (event) => events.push(event),
    }),
  ],
  providers: [GreetTools],
})
class ModernOnlyModule {}

describe('server options', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(ModernOnlyModule);
  });

  afterAll(async () => {
    await running.close();
  });

  it('should refuse initialize on a 2026-07-28-only server, listing what it serves (sdk 1.x)', async () => {
    const client = new ClientV1({ name: 'old', version: '1.0.0' });
    await expect(client.connect(new TransportV1(new URL(running.url)))).rejects.toThrow(
      /Unsupported protocol version: 2025-11-25/,
    );
    const response = await raw(running.url, {
      headers: JSON_HEADERS,
      body: initializeRequest(),
    });
    expect(response.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32602,
        message: 'Unsupported protocol version: 2025-11-25',
        data: { supported: ['2026-07-28'], requested: '2025-11-25' },
      },
    });
  });

  it('should advertise capabilities and extensions, with the discovery cache hint (client 2.x)', async () => {
    const { fetch, exchanges } = createRecordingFetch();
    const client = new ClientV2(
      { name: 'new', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new TransportV2(new URL(running.url), { fetch }));
    expect(client.getServerCapabilities()).toMatchObject({
      tools: {},
      experimental: { 'com.example/preview': {} },
      extensions: { 'com.example/audit': { level: 'full' } },
    });
    const discover = await raw(running.url, modernRequest('server/discover'));
    expect(discover.json.result).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });

    events.length = 0;
    const result = await client.callTool({ name: 'greet', arguments: { who: 'Ada Secret' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada Secret' }]);
    const missing = await client.callTool({ name: 'nope', arguments: {} }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Error);
    expect(events.map((e) => [e.type, e.operation, e.component, e.outcome ?? null])).toEqual([
      ['start', 'tools/call', 'greet', null],
      ['stop', 'tools/call', 'greet', 'success'],
      ['start', 'tools/call', 'nope', null],
      ['stop', 'tools/call', 'nope', 'error'],
    ]);
    expect(events[1]).toMatchObject({ era: 'modern', transport: 'http', client: 'new' });
    expect(JSON.stringify(events)).not.toContain('Ada Secret');
    await client.close();
    expectAllValid(exchanges, '2026-07-28');
  });
});

const changes = new Subject<unknown>();

@Injectable()
class Notes {
  @Resource({ uri: 'note://today', name: 'today', mimeType: 'text/plain' })
  today(): string {
    return 'Nothing yet';
  }
}

const sourced = (options: Partial<SnodoModuleOptions>) => {
  @Module({
    imports: [SnodoModule.forRoot({ name: 'sourced', version: '1.0.0', ...options })],
    providers: [Notes],
  })
  class SourcedModule {}
  return SourcedModule;
};

describe('subscriptionSource', () => {
  it('should announce every URI the source sends to the clients that subscribed (client 2.x)', async () => {
    const running = await startApp(
      sourced({ resourceSubscriptions: true, subscriptionSource: changes }),
    );
    try {
      const client = new ClientV2(
        { name: 'listener', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      const updates: string[] = [];
      client.setNotificationHandler('notifications/resources/updated', (n) => {
        updates.push(n.params.uri);
      });
      await client.connect(new TransportV2(new URL(running.url)));
      await client.listen({ resourceSubscriptions: ['note://today'] });
      changes.next(42); // not a URI: ignored, with a warning
      changes.next('note://other');
      changes.next('note://today');
      await waitFor(() => updates.length > 0, 'the update');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(updates).toEqual(['note://today']);
      await client.close();
    } finally {
      await running.close();
    }
    expect(changes.observed).toBe(false); // unsubscribed at shutdown
  });

  it.each([
    [
      { resourceSubscriptions: true, subscriptionSource: {} },
      'Snodo: subscriptionSource must be an Observable of resource URIs',
    ],
    [
      { subscriptionSource: changes },
      'Snodo: subscriptionSource needs resourceSubscriptions: true',
    ],
  ])('should stop bootstrap for a bad source: %#', async (options, message) => {
    const app = await createTestApp(sourced(options as Partial<SnodoModuleOptions>), {
      logger: false,
      abortOnError: false,
    });
    await expect(app.init()).rejects.toThrow(message);
    await app.close().catch(() => undefined);
  });
});

describe('logging through Nest', () => {
  it('should log the catalog at bootstrap and, with logOperations, each operation without its arguments', async () => {
    const lines: [string, string][] = [];
    const capture = (level: string) => (message: unknown, context?: unknown) => {
      if (context === 'Snodo') lines.push([level, String(message)]);
    };
    @Module({
      imports: [SnodoModule.forRoot({ name: 'logged', version: '1.0.0', logOperations: true })],
      providers: [GreetTools],
    })
    class LoggedModule {}
    const app = await createTestApp(LoggedModule, {
      logger: {
        log: capture('log'),
        error: capture('error'),
        warn: capture('warn'),
        debug: capture('debug'),
        verbose: capture('verbose'),
      },
    });
    await app.listen(0, '127.0.0.1');
    try {
      const { port } = app.getHttpServer().address() as { port: number };
      const url = `http://127.0.0.1:${port}/mcp`;
      await raw(
        url,
        modernRequest(
          'tools/call',
          { name: 'greet', arguments: { who: 'Ada Secret' } },
          { 'mcp-name': 'greet' },
        ),
      );
      await raw(
        url,
        modernRequest('tools/call', { name: 'nope', arguments: {} }, { 'mcp-name': 'nope' }),
      );
    } finally {
      await app.close();
    }
    expect(lines).toContainEqual([
      'log',
      `MCP catalog ready: 1 tools, 0 resources, 0 prompts; revisions ${PROTOCOL_VERSIONS.join(', ')}`,
    ]);
    const operations = lines.filter(([level]) => level === 'verbose').map(([, m]) => m);
    expect(operations).toHaveLength(2);
    expect(operations[0]).toMatch(
      /^tools\/call greet: success in \d+\.\d ms \(2026-07-28, http\)$/,
    );
    expect(operations[1]).toMatch(
      /^tools\/call nope: error -32602 in \d+\.\d ms \(2026-07-28, http\)$/,
    );
    expect(JSON.stringify(lines)).not.toContain('Ada Secret');
  });

  it('should refuse a logOperations that is not a boolean', async () => {
    @Module({
      imports: [SnodoModule.forRoot({ name: 'x', version: '1', logOperations: 'yes' as never })],
    })
    class BadModule {}
    await expect(createTestApp(BadModule, { logger: false, abortOnError: false })).rejects.toThrow(
      'Snodo: logOperations must be true or false',
    );
  });
});
