import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  InMemorySessionStore,
  Router,
  createRuntime,
  type SessionRecord,
  type SessionStore,
} from '../../lib/core/index.js';
import { createStreamableHttpServer } from '../../lib/transports/index.js';

describe('Standalone Streamable HTTP server (no Nest)', () => {
  const router = Router.empty().registerTool({
    definition: {
      name: 'add',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
    },
    call: (args) => ({ sum: (args.a as number) + (args.b as number) }),
  });
  const server = createStreamableHttpServer({
    runtime: createRuntime({ name: 'plain', version: '1.0.0', router }),
  });
  let url: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('should serve both official clients with the same transport as the Nest controller', async () => {
    const modern = new Client(
      { name: 'plain', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await modern.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect(
      (await modern.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).structuredContent,
    ).toEqual({ sum: 5 });
    await modern.close();

    const legacy = new ClientV1({ name: 'plain', version: '1' });
    await legacy.connect(new TransportV1(new URL(url)));
    expect(
      (await legacy.callTool({ name: 'add', arguments: { a: 1, b: 1 } })).structuredContent,
    ).toEqual({ sum: 2 });
    await legacy.close();
  });

  it('should answer other paths with 404 and a JSON-RPC body, and apply the same checks', async () => {
    const other = await fetch(url.replace('/mcp', '/other'), { method: 'POST' });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe(
      'Not found: the MCP endpoint is /mcp',
    );
    const malformed = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it('should serve sessions from a store that answers every call with a promise, as shared stores do', async () => {
    const kept = new InMemorySessionStore();
    const later = <T>(value: T): Promise<T> =>
      new Promise((resolve) => setImmediate(() => resolve(value)));
    const store: SessionStore = {
      create: (record) => later(kept.create(record)),
      get: (id) => later(kept.get(id)),
      update: (record) => later(kept.update(record)),
      delete: (id) => later(kept.delete(id)),
    };
    const withStore = createStreamableHttpServer(
      { runtime: createRuntime({ name: 'plain', version: '1.0.0', router }) },
      { sessionStore: store },
    );
    await new Promise<void>((resolve) => withStore.listen(0, '127.0.0.1', resolve));
    const storeUrl = `http://127.0.0.1:${(withStore.address() as AddressInfo).port}/mcp`;
    try {
      const transport = new TransportV1(new URL(storeUrl));
      const legacy = new ClientV1({ name: 'plain', version: '1' });
      await legacy.connect(transport);
      expect(
        (await legacy.callTool({ name: 'add', arguments: { a: 4, b: 5 } })).structuredContent,
      ).toEqual({ sum: 9 });
      const record = (await store.get(transport.sessionId!)) as SessionRecord;
      expect(record.initialized).toBe(true);
      await legacy.close();

      const unknown = await fetch(storeUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': 'no-such-session',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping' }),
      });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ id: 5, error: { code: -32001 } });
    } finally {
      await new Promise((resolve) => withStore.close(resolve));
    }
  });

  it('should find sessions in a store that answers get() with a thenable that is not a native promise', async () => {
    const kept = new InMemorySessionStore();
    const store: SessionStore = {
      create: (record) => kept.create(record),
      get: (id) =>
        ({
          then: (resolve: (record: SessionRecord | undefined) => void) => resolve(kept.get(id)),
        }) as unknown as Promise<SessionRecord | undefined>,
      update: (record) => kept.update(record),
      delete: (id) => kept.delete(id),
    };
    const withStore = createStreamableHttpServer(
      { runtime: createRuntime({ name: 'plain', version: '1.0.0', router }) },
      { sessionStore: store },
    );
    await new Promise<void>((resolve) => withStore.listen(0, '127.0.0.1', resolve));
    const storeUrl = `http://127.0.0.1:${(withStore.address() as AddressInfo).port}/mcp`;
    try {
      const legacy = new ClientV1({ name: 'plain', version: '1' });
      await legacy.connect(new TransportV1(new URL(storeUrl)));
      expect(
        (await legacy.callTool({ name: 'add', arguments: { a: 2, b: 2 } })).structuredContent,
      ).toEqual({ sum: 4 });
      await legacy.close();
    } finally {
      await new Promise((resolve) => withStore.close(resolve));
    }
  });
});
