import type * as http from 'node:http';
import { NestFactory } from '@nestjs/core';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AppModule } from '../../sample/01-tools/src/app.module.js';
import { bearerCall, bearerSession, startProtectedApp } from '../helpers/authorization-server.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { openProtectedModule } from '../src/oauth-scenarios.module.js';

/** The names of the symbols Snodo added to each POST's Node request while serving it. */
function watchAddedSymbols(server: http.Server): string[][] {
  const added: string[][] = [];
  // The first listener of the server: it sees each request before Express or Snodo touch it.
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method !== 'POST') return;
    const before = new Set(Object.getOwnPropertySymbols(req));
    res.once('finish', () => {
      added.push(
        Object.getOwnPropertySymbols(req)
          .filter((symbol) => !before.has(symbol) && symbol.description?.startsWith('snodo'))
          .map((symbol) => symbol.description!),
      );
    });
  });
  return added;
}

/**
 * On Nest's own Express adapter, Express gives each request its prototype, and V8 makes new hidden
 * classes for every property added to such a request, per request: Snodo keeps everything it needs
 * on a request in one property (request-state.ts, `RequestState`).
 */
describe('what Snodo keeps on a request', () => {
  it("should add one property to each POST's request on Nest's Express adapter, in both eras", async () => {
    const app = await NestFactory.create(AppModule, { logger: false });
    const added = watchAddedSymbols(app.getHttpServer() as http.Server);
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as http.Server).address() as { port: number };
    const url = new URL(`http://127.0.0.1:${port}/mcp`);
    const modern = new Client(
      { name: 'request-state', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const legacy = new ClientV1({ name: 'request-state-v1', version: '1' });
    try {
      await modern.connect(new StreamableHTTPClientTransport(url));
      await legacy.connect(new TransportV1(url));
      for (const client of [modern, legacy as unknown as Client]) {
        const result = await client.callTool({
          name: 'latest_version',
          arguments: { name: 'jason' },
        });
        expect(result.isError).toBeFalsy();
      }
    } finally {
      await modern.close();
      await legacy.close();
      await app.close();
    }
    // Every POST the clients sent (discovery, initialize, initialized, the calls) was served.
    expect(added.length).toBeGreaterThanOrEqual(4);
    for (const symbols of added) expect(symbols).toEqual(['snodo.requestState']);
  });

  it("should add one property to each POST's request with bearer tokens checked, on the platform under test", async () => {
    // The verified caller, and on Fastify the FastifyRequest and its reply, go in the same state.
    const running = await startProtectedApp(openProtectedModule);
    const added = watchAddedSymbols(running.app.getHttpServer() as http.Server);
    const schemas = new McpSchemaValidator();
    try {
      const call = { name: 'open_tool', arguments: {} };
      const modern = await bearerCall(running.url, 'tools/call', call, 'opaque-abc');
      expect(modern.json.result.content).toEqual([{ type: 'text', text: 'open' }]);
      expect(schemas.checkServerMessage('2026-07-28', 'tools/call', modern.json)).toEqual([]);
      const session = await bearerSession(running.url, 'opaque-abc');
      const legacy = await session.send('tools/call', call);
      expect(legacy.json.result.content).toEqual([{ type: 'text', text: 'open' }]);
      expect(schemas.checkServerMessage('2025-11-25', 'tools/call', legacy.json)).toEqual([]);
    } finally {
      await running.close();
    }
    // The call of each era, and the initialize that opened the session.
    expect(added.length).toBeGreaterThanOrEqual(3);
    for (const symbols of added) expect(symbols).toEqual(['snodo.requestState']);
  });
});
