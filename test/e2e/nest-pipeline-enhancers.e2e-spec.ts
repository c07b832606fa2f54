import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Test } from '@nestjs/testing';
import { createSnodoTestClient } from '../../lib/index.js';
import { expectAllValid } from '../helpers/expect-all-valid.js';
import { createRecordingFetch, type RecordedExchange } from '../helpers/recording-fetch.js';
import { createTestApplication, startApp, type RunningApp } from '../helpers/sample-app.js';
import { API_KEY, ApiKeyAppModule, ApiKeyGuard } from '../src/api-key-app.module.js';
import { GlobalEnhancersModule, roleChecks } from '../src/global-enhancers.module.js';

type Revision = '2025-11-25' | '2026-07-28';
const REVISIONS: Revision[] = ['2025-11-25', '2026-07-28'];

/** What both official clients offer, as far as these tests use it. */
interface AnyClient {
  listTools(): Promise<{ tools: { name: string; inputSchema: Record<string, unknown> }[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<any>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: { text?: string }[] }>;
  listPrompts(): Promise<{ prompts: { name: string }[] }>;
  getPrompt(params: { name: string }): Promise<any>;
  close(): Promise<void>;
}

async function connect(
  url: string,
  revision: Revision,
  headers: Record<string, string> = {},
): Promise<{ client: AnyClient; exchanges: RecordedExchange[] }> {
  const { fetch, exchanges } = createRecordingFetch();
  const requestInit = { headers };
  if (revision === '2025-11-25') {
    const client = new ClientV1({ name: 'enhancers-v1', version: '1' });
    await client.connect(new TransportV1(new URL(url), { fetch, requestInit }));
    return { client: client as unknown as AnyClient, exchanges };
  }
  const client = new ClientV2(
    { name: 'enhancers-v2', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new TransportV2(new URL(url), { fetch, requestInit }));
  return { client: client as unknown as AnyClient, exchanges };
}

const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call was expected to fail');
    },
    (error: { code?: number; message: string }) => error,
  );

const text = (result: { content: { type: string; text?: string }[] }) =>
  result.content.map((item) => item.text).join('');

describe('Global enhancers and pipes on MCP components', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(GlobalEnhancersModule);
  });

  afterAll(async () => {
    await running.close();
  });

  describe.each(REVISIONS)('%s', (revision) => {
    it('should run a global guard marked with @SnodoEnhancer() for each component, reading its metadata', async () => {
      roleChecks.length = 0;
      const guest = await connect(running.url, revision);
      expect((await guest.client.listTools()).tools.map((t) => t.name)).not.toContain('restock');
      expect((await guest.client.listResources()).resources).toEqual([]);
      expect((await guest.client.listPrompts()).prompts).toEqual([]);
      const call = await failure(guest.client.callTool({ name: 'restock', arguments: {} }));
      expect(call.code).toBe(-32602);
      expect(text(await guest.client.callTool({ name: 'catalog', arguments: {} }))).toBe(
        'three products',
      );
      await guest.client.close();

      const { client, exchanges } = await connect(running.url, revision, { 'x-role': 'admin' });
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('restock');
      expect(text(await client.callTool({ name: 'restock', arguments: {} }))).toBe('restocked');
      expect((await client.readResource({ uri: 'shop://ledger' })).contents[0]!.text).toBe(
        'the ledger',
      );
      expect((await client.getPrompt({ name: 'audit' })).messages).toHaveLength(1);
      await client.close();
      expectAllValid(exchanges, revision);
      // On the route (the controller's handler), and per component with its own method.
      expect(roleChecks).toContain('http serve');
      expect(roleChecks).toContain('snodo restock');
      expect(roleChecks).toContain('snodo ledger');
      expect(roleChecks).toContain('snodo audit');
    });

    it('should validate and transform tool arguments with @UsePipes(ValidationPipe) and a DTO', async () => {
      const { client, exchanges } = await connect(running.url, revision);
      const order = (await client.listTools()).tools.find((t) => t.name === 'order')!;
      // The DTO is also the tool's schema (one source of arguments; see docs/authorization.md).
      expect(order.inputSchema).toMatchObject({
        type: 'object',
        properties: { sku: { type: 'string' }, quantity: { type: 'integer' } },
      });
      const placed = await client.callTool({
        name: 'order',
        arguments: { sku: 'mug', quantity: 2 },
      });
      expect(text(placed)).toBe('2 × mug (an OrderDto)');
      // The DTO path checks the DTO first, before the pipe runs.
      const tooMany = await client.callTool({
        name: 'order',
        arguments: { sku: 'mug', quantity: 11 },
      });
      expect(tooMany.isError).toBe(true);
      expect(text(tooMany)).toContain('quantity');
      // What only the pipe refuses (forbidNonWhitelisted): a tool error with its message.
      const extra = await client.callTool({
        name: 'order',
        arguments: { sku: 'mug', quantity: 2, discount: 99 },
      });
      expect(extra.isError).toBe(true);
      expect(text(extra)).toBe('property discount should not exist');
      await client.close();
      expectAllValid(exchanges, revision);
    });

    it('should run ValidationPipe with expectedType on a tool with a hand-written inputSchema', async () => {
      const { client } = await connect(running.url, revision);
      const refunded = await client.callTool({ name: 'refund', arguments: { order: 'o-1' } });
      expect(text(refunded)).toBe('refunded o-1 (a RefundDto)');
      const refused = await client.callTool({ name: 'refund', arguments: { order: 42 } });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toBe('order must be a string');
      await client.close();
    });

    it("should let the app's global filter (APP_FILTER) turn a component's exception into a result", async () => {
      const { client } = await connect(running.url, revision);
      const result = await client.callTool({ name: 'checkout', arguments: {} });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('shop rule: the basket is empty');
      await client.close();
    });
  });
});

describe('overrideProvider() of an enhancer', () => {
  it('should run the guard that replaced a provider guard, in process and over HTTP', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [ApiKeyAppModule] })
      .overrideProvider(ApiKeyGuard)
      .useValue({ canActivate: () => true })
      .compile();
    const inProcess = await createSnodoTestClient(moduleRef);
    expect((await inProcess.listTools()).map((tool) => tool.name)).toContain('keyed_echo');
    const echoed = await inProcess.callTool('keyed_echo', { text: 'hi' });
    expect(echoed.content).toEqual([{ type: 'text', text: 'keyed (?): hi' }]);
    await inProcess.close();
    const app = await createTestApplication(moduleRef);
    await app.listen(0, '127.0.0.1');
    try {
      const { port } = app.getHttpServer().address() as { port: number };
      const { client } = await connect(`http://127.0.0.1:${port}/mcp`, '2026-07-28');
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('keyed_echo');
      await client.close();
    } finally {
      await app.close();
    }
  });

  it('should run a refusing class put in place with useClass, even for a caller with the key', async () => {
    class Refuse {
      canActivate(): boolean {
        return false;
      }
    }
    const moduleRef = await Test.createTestingModule({ imports: [ApiKeyAppModule] })
      .overrideProvider(ApiKeyGuard)
      .useClass(Refuse)
      .compile();
    const client = await createSnodoTestClient(moduleRef, { headers: { 'x-api-key': API_KEY } });
    const names = (await client.listTools()).map((tool) => tool.name);
    expect(names).toContain('open_echo');
    expect(names).not.toContain('keyed_echo');
    await client.close();
    await moduleRef.close();
  });
});
