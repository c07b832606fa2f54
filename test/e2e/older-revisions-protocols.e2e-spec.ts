// A server narrowed with `protocols` to one older revision serves that revision only: the client
// of that revision works, initialize-era clients that ask for another are offered it (and the one
// that cannot speak it gives up), and 2026-07-28 requests are refused with -32022.
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as Client110 } from 'mcp-sdk-1-10/client/index.js';
import { StreamableHTTPClientTransport as Http110 } from 'mcp-sdk-1-10/client/streamableHttp.js';
import { Client as Client112 } from 'mcp-sdk-1-12/client/index.js';
import { StreamableHTTPClientTransport as Http112 } from 'mcp-sdk-1-12/client/streamableHttp.js';
import { expectAllValid } from '../helpers/expect-all-valid.js';
import { McpSchemaValidator, type Revision } from '../helpers/mcp-schema.validator.js';
import { JSON_HEADERS, modernRequest, openSession, raw } from '../helpers/raw-http.js';
import { createRecordingFetch, type RecordedExchange } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { RevisionsAppModule } from '../src/revisions.fixtures.js';

const schemas = new McpSchemaValidator();

/** What the tests do with a connected client, whichever sdk made it. */
interface DrivenClient {
  listTools(): Promise<{ tools: { name: string; annotations?: unknown }[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<unknown>;
  close(): Promise<void>;
}

/** A client connection, recorded: its exchanges, and the connected client or why it failed. */
interface Connection {
  readonly exchanges: RecordedExchange[];
  readonly client?: DrivenClient;
  readonly error?: unknown;
}

/**
 * Connects an sdk 1.x client, which takes no `fetch` option: the global one is replaced by a
 * recording one until `use` is done with the client.
 */
async function withOlderClient(
  sdk: '1.10' | '1.12',
  url: string,
  use: (connection: Connection) => Promise<void>,
): Promise<RecordedExchange[]> {
  const original = globalThis.fetch;
  const recording = createRecordingFetch(original);
  globalThis.fetch = recording.fetch;
  try {
    const client =
      sdk === '1.12'
        ? new Client112({ name: 'sdk-1.12', version: '1' })
        : new Client110({ name: 'sdk-1.10', version: '1' });
    const transport = sdk === '1.12' ? new Http112(new URL(url)) : new Http110(new URL(url));
    const error = await client.connect(transport).then(
      () => undefined,
      (reason: unknown) => reason ?? new Error('connect failed'),
    );
    await use(
      error === undefined
        ? { exchanges: recording.exchanges, client }
        : { exchanges: recording.exchanges, error },
    );
    if (error === undefined) await client.close();
  } finally {
    globalThis.fetch = original;
  }
  return recording.exchanges;
}

/** Connects client 2.x through a recording fetch, in its default mode or another. */
async function connectV2(
  url: string,
  mode?: 'auto' | { pin: '2026-07-28' },
): Promise<Connection & { v2: ClientV2 }> {
  const { fetch, exchanges } = createRecordingFetch();
  const v2 = new ClientV2(
    { name: 'client-2', version: '1' },
    mode === undefined ? {} : { versionNegotiation: { mode } },
  );
  const error = await v2.connect(new TransportV2(new URL(url), { fetch })).then(
    () => undefined,
    (reason: unknown) => reason ?? new Error('connect failed'),
  );
  return error === undefined
    ? { exchanges, client: v2 as unknown as DrivenClient, v2 }
    : { exchanges, error, v2 };
}

/** Lists and calls a tool, reads a resource and gets a prompt. */
async function exercise(client: DrivenClient): Promise<string[]> {
  const { tools } = await client.listTools();
  await client.callTool({ name: 'rich', arguments: { text: 'four' } });
  await client.callTool({ name: 'blocks', arguments: {} });
  await client.readResource({ uri: 'revisions://doc' });
  await client.getPrompt({ name: 'mixed', arguments: { topic: 'x' } });
  return tools.map((tool) => tool.name);
}

/** The revision the server offered in the recorded `initialize`. */
const offered = (exchanges: RecordedExchange[]): string | undefined =>
  (
    exchanges
      .find((exchange) => exchange.method === 'initialize')
      ?.messages.find((message) => (message as { result?: unknown }).result !== undefined) as
      { result: { protocolVersion: string } } | undefined
  )?.result.protocolVersion;

/** Whether a recorded request was a 2026-07-28 one (it claims the version in its `_meta`). */
const isModern = (exchange: RecordedExchange): boolean =>
  (exchange.requestBody as { params?: { _meta?: Record<string, unknown> } } | undefined)?.params
    ?._meta?.['io.modelcontextprotocol/protocolVersion'] !== undefined;

/** Checks each exchange against the revision it was in: 2026-07-28 probes, the session's rest. */
function expectValidAcrossEras(exchanges: RecordedExchange[], session: Revision): void {
  expectAllValid(exchanges.filter(isModern), '2026-07-28');
  expectAllValid(
    exchanges.filter((exchange) => !isModern(exchange)),
    session,
  );
}

/** Each narrowed server, the sdk that speaks its revision, and the one that speaks the other. */
const SERVERS = [
  { served: '2024-11-05', own: '1.10', other: '1.12' },
  { served: '2025-03-26', own: '1.12', other: '1.10' },
] as const;

describe.each(SERVERS)("A server with protocols: ['$served']", ({ served, own, other }) => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(RevisionsAppModule.register({ protocols: [served] }));
  });

  afterAll(async () => {
    await running.close();
  });

  it(`should serve sdk ${own}, the client of ${served}, with every message valid at ${served}`, async () => {
    let names: string[] = [];
    const exchanges = await withOlderClient(own, running.url, async ({ client, error }) => {
      expect(error).toBeUndefined();
      names = await exercise(client!);
    });
    expect(offered(exchanges)).toBe(served);
    expect(names).toEqual(['asking', 'blocks', 'progressing', 'rich']);
    expect(exchanges.length).toBeGreaterThan(6);
    expectAllValid(exchanges, served);
  });

  if (served === '2024-11-05') {
    it('should offer 2024-11-05 to sdk 1.12, which asks for 2025-03-26, and serve it as 2024-11-05', async () => {
      let tools: { annotations?: unknown }[] = [];
      const exchanges = await withOlderClient(other, running.url, async ({ client, error }) => {
        expect(error).toBeUndefined();
        await exercise(client!);
        tools = (await client!.listTools()).tools;
      });
      const asked = exchanges.find((exchange) => exchange.method === 'initialize')!;
      expect((asked.requestBody as { params: { protocolVersion: string } }).params).toMatchObject({
        protocolVersion: '2025-03-26',
      });
      expect(offered(exchanges)).toBe('2024-11-05');
      // What 2025-03-26 added (annotations, audio, completions) stays out of the session.
      for (const tool of tools) expect(tool).not.toHaveProperty('annotations');
      expectAllValid(exchanges, '2024-11-05');
    });
  } else {
    it('should offer 2025-03-26 to sdk 1.10, which speaks only 2024-11-05 and so gives up', async () => {
      let refusal: unknown;
      const exchanges = await withOlderClient(other, running.url, ({ error }) => {
        refusal = error;
        return Promise.resolve();
      });
      expect(refusal).toBeInstanceOf(Error);
      expect(String(refusal)).toContain("Server's protocol version is not supported: 2025-03-26");
      const asked = exchanges.find((exchange) => exchange.method === 'initialize')!;
      expect((asked.requestBody as { params: { protocolVersion: string } }).params).toMatchObject({
        protocolVersion: '2024-11-05',
      });
      expect(offered(exchanges)).toBe('2025-03-26');
      expect(exchanges.map((exchange) => exchange.method)).toEqual(['initialize']);
      expectAllValid(exchanges, '2025-03-26');
    });
  }

  it(`should offer ${served} to client 2.x, which asks for 2025-11-25, and serve it there`, async () => {
    const { exchanges, client, error, v2 } = await connectV2(running.url);
    expect(error).toBeUndefined();
    expect(v2.getNegotiatedProtocolVersion()).toBe(served);
    await exercise(client!);
    await client!.close();
    expect(
      (
        exchanges.find((exchange) => exchange.method === 'initialize')!.requestBody as {
          params: { protocolVersion: string };
        }
      ).params.protocolVersion,
    ).toBe('2025-11-25');
    expect(
      exchanges
        .filter((exchange) => exchange.method !== 'initialize' && exchange.httpMethod === 'POST')
        .map((exchange) => exchange.requestHeaders['mcp-protocol-version']),
    ).toEqual(expect.arrayContaining([served]));
    expectAllValid(exchanges, served);
  });

  it('should refuse a 2026-07-28 request with 400 and -32022, naming no 2026-07-28 revision', async () => {
    const response = await raw(running.url, modernRequest('tools/list'));
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32022,
        message: 'Unsupported protocol version: 2026-07-28',
        data: { supported: [], requested: '2026-07-28' },
      },
    });
    expect(schemas.checkServerMessage('2026-07-28', 'tools/list', response.json)).toEqual([]);
  });

  it('should make client 2.x pinned to 2026-07-28 fail, and in auto mode fall back to initialize', async () => {
    const pinned = await connectV2(running.url, { pin: '2026-07-28' });
    expect(String(pinned.error)).toContain('did not offer pinned protocol version 2026-07-28');
    expect(pinned.exchanges.map((exchange) => [exchange.method, exchange.status])).toEqual([
      ['server/discover', 400],
    ]);
    expectValidAcrossEras(pinned.exchanges, served);

    const auto = await connectV2(running.url, 'auto');
    expect(auto.error).toBeUndefined();
    expect(auto.v2.getNegotiatedProtocolVersion()).toBe(served);
    await exercise(auto.client!);
    await auto.client!.close();
    expect(auto.exchanges[0]).toMatchObject({ method: 'server/discover', status: 400 });
    expect(offered(auto.exchanges)).toBe(served);
    expectValidAcrossEras(auto.exchanges, served);
  });

  it(
    served === '2025-03-26'
      ? 'should serve a batch, which 2025-03-26 requires'
      : 'should refuse a batch, which 2024-11-05 does not have',
    async () => {
      const session = await openSession(running.url, served);
      const response = await raw(running.url, {
        body: [
          { jsonrpc: '2.0', id: 1, method: 'ping' },
          { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'rich', arguments: {} } },
        ],
        headers: { ...JSON_HEADERS, 'mcp-session-id': session },
      });
      if (served === '2025-03-26') {
        expect(response.status).toBe(200);
        expect(schemas.validate(served, 'JSONRPCBatchResponse', response.json)).toEqual([]);
        expect(response.json.map((message: { id: number }) => message.id)).toEqual([1, 2]);
      } else {
        expect(response.status).toBe(400);
        expect(response.json.error.code).toBe(-32600);
        expect(schemas.checkServerMessage(served, undefined, response.json)).toEqual([]);
      }
    },
  );
});
