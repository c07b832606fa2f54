import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Test } from '@nestjs/testing';
import { expectAllValid } from '../helpers/expect-all-valid.js';
import { createRecordingFetch, type RecordedExchange } from '../helpers/recording-fetch.js';
import { JSON_HEADERS, initializeRequest, modernRequest, raw } from '../helpers/raw-http.js';
import { createTestApplication, startApp, type RunningApp } from '../helpers/sample-app.js';
import {
  API_KEY,
  AppGuardModule,
  ApiKeyGuard,
  DomainErrorFilter,
  PipelineAppModule,
  ShoutInterceptor,
  TrimPipe,
  seenMethods,
  signToken,
} from '../src/nest-pipeline.module.js';

type Revision = '2025-11-25' | '2026-07-28';

/** What both official clients offer, as far as these tests use it. */
interface AnyClient {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<any>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: { uriTemplate: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: { text?: string }[] }>;
  listPrompts(): Promise<{ prompts: { name: string }[] }>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<any>;
  complete(params: unknown): Promise<{ completion: { values: string[] } }>;
  close(): Promise<void>;
}

/** An official client of the revision, sending these headers on every request. */
async function connect(
  url: string,
  revision: Revision,
  headers: Record<string, string> = {},
): Promise<{ client: AnyClient; exchanges: RecordedExchange[] }> {
  const { fetch, exchanges } = createRecordingFetch();
  const requestInit = { headers };
  if (revision === '2025-11-25') {
    const client = new ClientV1({ name: 'pipeline-v1', version: '1' });
    await client.connect(new TransportV1(new URL(url), { fetch, requestInit }));
    return { client: client as unknown as AnyClient, exchanges };
  }
  const client = new ClientV2(
    { name: 'pipeline-v2', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new TransportV2(new URL(url), { fetch, requestInit }));
  return { client: client as unknown as AnyClient, exchanges };
}

/** The JSON-RPC error an official client's call failed with. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call was expected to fail');
    },
    (error: { code?: number; message: string }) => error,
  );

const REVISIONS: Revision[] = ['2025-11-25', '2026-07-28'];

/** Everything a caller with access sees and runs of one guarded set. */
async function expectFullAccess(client: AnyClient, prefix: string, user: string) {
  expect((await client.listTools()).tools.map((t) => t.name)).toContain(`${prefix}_tool`);
  expect((await client.listResources()).resources.map((r) => r.uri)).toContain(`${prefix}://doc`);
  expect(
    (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate),
  ).toContain(`${prefix}://items/{id}`);
  expect((await client.listPrompts()).prompts.map((p) => p.name)).toContain(`${prefix}_prompt`);
  const called = await client.callTool({ name: `${prefix}_tool`, arguments: {} });
  expect(called.content).toEqual([{ type: 'text', text: `${prefix} tool for ${user}` }]);
  expect((await client.readResource({ uri: `${prefix}://doc` })).contents[0]!.text).toBe(
    `${prefix} doc`,
  );
  expect((await client.readResource({ uri: `${prefix}://items/7` })).contents[0]!.text).toBe(
    `${prefix} item 7`,
  );
  const prompt = await client.getPrompt({ name: `${prefix}_prompt`, arguments: { topic: 'x' } });
  expect(prompt.messages[0].content.text).toBe(`${prefix} prompt on x`);
  const promptCompletion = await client.complete({
    ref: { type: 'ref/prompt', name: `${prefix}_prompt` },
    argument: { name: 'topic', value: 'ne' },
  });
  expect(promptCompletion.completion.values).toEqual(['nest']);
  const templateCompletion = await client.complete({
    ref: { type: 'ref/resource', uri: `${prefix}://items/{id}` },
    argument: { name: 'id', value: '' },
  });
  expect(templateCompletion.completion.values).toEqual(['1', '2']);
}

/** Nothing of one guarded set is visible or runs, and refusals look like unknown names. */
/**
 * What a caller the guard refuses (it throws UnauthorizedException) sees: none of the guarded
 * components in the lists, and the guard's 401 on every run, as on a REST route.
 */
async function expectNoAccess(client: AnyClient, prefix: string) {
  expect((await client.listTools()).tools.map((t) => t.name)).not.toContain(`${prefix}_tool`);
  expect((await client.listResources()).resources.map((r) => r.uri)).not.toContain(
    `${prefix}://doc`,
  );
  expect(
    (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate),
  ).not.toContain(`${prefix}://items/{id}`);
  expect((await client.listPrompts()).prompts.map((p) => p.name)).not.toContain(`${prefix}_prompt`);
  const refusals = [
    await failure(client.callTool({ name: `${prefix}_tool`, arguments: {} })),
    await failure(client.readResource({ uri: `${prefix}://doc` })),
    await failure(client.readResource({ uri: `${prefix}://items/7` })),
    await failure(client.getPrompt({ name: `${prefix}_prompt`, arguments: { topic: 'x' } })),
    await failure(
      client.complete({
        ref: { type: 'ref/prompt', name: `${prefix}_prompt` },
        argument: { name: 'topic', value: 'ne' },
      }),
    ),
  ];
  for (const refusal of refusals) expect(refusal.message).toMatch(/401|Unauthorized/);
}

describe('The Nest request pipeline on MCP components', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(PipelineAppModule);
  });

  afterAll(async () => {
    await running.close();
  });

  describe.each(REVISIONS)('HTTP guards as they are (%s)', (revision) => {
    it('should apply an API-key guard that reads switchToHttp().getRequest(), to every kind of component', async () => {
      const without = await connect(running.url, revision);
      await expectNoAccess(without.client, 'key');
      await without.client.close();
      const wrongKey = await connect(running.url, revision, { 'x-api-key': 'guess' });
      await expectNoAccess(wrongKey.client, 'key');
      await wrongKey.client.close();
      const { client, exchanges } = await connect(running.url, revision, { 'x-api-key': API_KEY });
      await expectFullAccess(client, 'key', 'nobody');
      await client.close();
      expectAllValid(exchanges, revision);
    });

    it("should apply @nestjs/passport's AuthGuard('jwt') with passport-jwt, the user reaching the handler", async () => {
      const without = await connect(running.url, revision);
      await expectNoAccess(without.client, 'jwt');
      await without.client.close();
      const forged = await connect(running.url, revision, {
        authorization: `Bearer ${signToken('ada').slice(0, -2)}xx`,
      });
      await expectNoAccess(forged.client, 'jwt');
      await forged.client.close();
      const { client, exchanges } = await connect(running.url, revision, {
        authorization: `Bearer ${signToken('ada')}`,
      });
      await expectFullAccess(client, 'jwt', 'ada');
      await client.close();
      expectAllValid(exchanges, revision);
    });
  });

  it.each(REVISIONS)('should give guards the real method in both phases (%s)', async (revision) => {
    const { client } = await connect(running.url, revision);
    seenMethods.length = 0;
    await client.listTools();
    await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    await client.listPrompts();
    await client.getPrompt({ name: 'recorded' });
    await client.complete({
      ref: { type: 'ref/prompt', name: 'recorded' },
      argument: { name: 'topic', value: '' },
    });
    await client.close();
    expect(seenMethods).toContain('discovery tools/list');
    expect(seenMethods).toContain('invocation tools/call');
    expect(seenMethods).toContain('discovery prompts/list');
    expect(seenMethods).toContain('invocation prompts/get');
    expect(seenMethods).toContain('invocation completion/complete');
    expect(seenMethods.filter((seen) => seen.startsWith('invocation')).sort()).toEqual([
      'invocation completion/complete',
      'invocation prompts/get',
      'invocation tools/call',
    ]);
  });

  describe.each(REVISIONS)('pipes, filters and wrappers (%s)', (revision) => {
    let client: AnyClient;
    let exchanges: RecordedExchange[];

    beforeAll(async () => {
      ({ client, exchanges } = await connect(running.url, revision));
    });

    afterAll(async () => {
      await client.close();
      expectAllValid(exchanges, revision);
    });

    it('should run @UsePipes() pipes on the arguments (a transforming pipe)', async () => {
      const result = await client.callTool({ name: 'echo', arguments: { text: '  padded  ' } });
      expect(result.content).toEqual([{ type: 'text', text: '[padded]' }]);
    });

    it("should validate and transform with the app's global ValidationPipe (APP_PIPE)", async () => {
      expect((await client.readResource({ uri: 'numbers://42' })).contents[0]!.text).toBe(
        '42 is a NumberParams',
      );
      const refused = await failure(client.readResource({ uri: 'numbers://forty-two' }));
      expect(refused.code).toBe(-32602);
      expect(refused.message).toContain('id must be a number');
    });

    it('should let an exception filter turn an exception into a tool result', async () => {
      const result = await client.callTool({ name: 'domain_result', arguments: {} });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([
        { type: 'text', text: 'domain rule: no refunds after 30 days' },
      ]);
    });

    it('should let an exception filter turn an exception into a JSON-RPC error', async () => {
      const refused = await failure(client.callTool({ name: 'domain_error', arguments: {} }));
      expect(refused.code).toBe(-32602);
      expect(refused.message).toContain('invalid: the order is closed');
    });

    it('should keep the default mapping for what no filter catches', async () => {
      const result = await client.callTool({ name: 'unfiltered', arguments: {} });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: 'text', text: 'quantity must be positive' }]);
    });

    it('should let an interceptor hand the handler new arguments (replaceParams)', async () => {
      const result = await client.callTool({ name: 'shout', arguments: { text: 'quiet' } });
      expect(result.content).toEqual([{ type: 'text', text: 'QUIET' }]);
    });
  });
});

describe('Refusals on the MCP route', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(AppGuardModule);
  });

  afterAll(async () => {
    await running.close();
  });

  it('should answer an APP_GUARD refusal of a 2026-07-28 request with a JSON-RPC error, its id and 401', async () => {
    const { body, headers } = modernRequest('tools/list');
    const refused = await raw(running.url, { body: { ...(body as object), id: 'r-1' }, headers });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(refused.json).toEqual({
      jsonrpc: '2.0',
      id: 'r-1',
      error: { code: -31401, message: 'send the API key in x-api-key' },
    });
  });

  it('should answer an APP_GUARD refusal of an initialize with a JSON-RPC error, its id and 401', async () => {
    const refused = await raw(running.url, { body: initializeRequest('2025-11-25', 9) });
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -31401, message: 'send the API key in x-api-key' },
    });
  });

  it('should answer a refused GET or a body that is no request without an id', async () => {
    const get = await raw(running.url, {
      method: 'GET',
      headers: { accept: 'text/event-stream' },
    });
    expect(get.status).toBe(401);
    expect(get.json).toEqual({
      jsonrpc: '2.0',
      error: { code: -31401, message: 'send the API key in x-api-key' },
    });
    const notification = await raw(running.url, {
      body: { jsonrpc: '2.0', method: 'notifications/initialized' },
      headers: JSON_HEADERS,
    });
    expect(notification.status).toBe(401);
    expect(notification.json.id).toBeUndefined();
  });

  it.each(REVISIONS)('should serve everything with the key (%s)', async (revision) => {
    const { client, exchanges } = await connect(running.url, revision, { 'x-api-key': API_KEY });
    await expectFullAccess(client, 'key', 'nobody');
    await client.close();
    expectAllValid(exchanges, revision);
  });
});

describe('Testing overrides', () => {
  it('should run the guard, interceptor, pipe and filter that a testing module put in place', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [PipelineAppModule] })
      .overrideGuard(ApiKeyGuard)
      .useValue({ canActivate: () => true })
      .overrideInterceptor(ShoutInterceptor)
      .useValue({ intercept: (_context: unknown, next: { handle(): unknown }) => next.handle() })
      .overridePipe(TrimPipe)
      .useValue({
        // Leaves the second parameter (Snodo's run number, type 'custom') alone, as pipes do.
        transform: (value: unknown, metadata: { type: string }) =>
          metadata.type === 'custom' ? value : { text: 'from the overriding pipe' },
      })
      .overrideFilter(DomainErrorFilter)
      .useValue({ catch: () => 'caught by the overriding filter' })
      .compile();
    const app = await createTestApplication(moduleRef);
    await app.listen(0, '127.0.0.1');
    try {
      const { port } = app.getHttpServer().address() as { port: number };
      const { client } = await connect(`http://127.0.0.1:${port}/mcp`, '2026-07-28');
      const key = await client.callTool({ name: 'key_tool', arguments: {} });
      expect(key.content).toEqual([{ type: 'text', text: 'key tool for nobody' }]);
      const shout = await client.callTool({ name: 'shout', arguments: { text: 'quiet' } });
      expect(shout.content).toEqual([{ type: 'text', text: 'quiet' }]);
      const echo = await client.callTool({ name: 'echo', arguments: { text: 'x' } });
      expect(echo.content).toEqual([{ type: 'text', text: '[from the overriding pipe]' }]);
      const filtered = await client.callTool({ name: 'domain_result', arguments: {} });
      expect(filtered.content).toEqual([{ type: 'text', text: 'caught by the overriding filter' }]);
      await client.close();
    } finally {
      await app.close();
    }
  });

  it('should run a guard replaced with useClass (here one that refuses)', async () => {
    class AlwaysRefuse {
      canActivate(): boolean {
        return false;
      }
    }
    const moduleRef = await Test.createTestingModule({ imports: [PipelineAppModule] })
      .overrideGuard(ApiKeyGuard)
      .useClass(AlwaysRefuse)
      .compile();
    const app = await createTestApplication(moduleRef);
    await app.listen(0, '127.0.0.1');
    try {
      const { port } = app.getHttpServer().address() as { port: number };
      const { client } = await connect(`http://127.0.0.1:${port}/mcp`, '2026-07-28', {
        'x-api-key': API_KEY,
      });
      expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('key_tool');
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('echo');
      await client.close();
    } finally {
      await app.close();
    }
  });
});
