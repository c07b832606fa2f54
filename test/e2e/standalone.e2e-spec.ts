import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Router, createRuntime } from '../../lib/core/index.js';
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
});
