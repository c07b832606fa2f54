import { createServer, type Server } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';
import { SnodoClient, SnodoClientError } from '../../lib/client/index.js';
import { SnodoRegistry } from '../../lib/index.js';
import { SnodoError } from '../../lib/core/index.js';
import { listenOnLoopback } from '../helpers/loopback-listener.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { API_KEY, ApiKeyAppModule } from '../src/api-key-app.module.js';
import { BULK_TOOLS, CatalogAppModule } from '../src/catalog-app.module.js';

const listen = async (server: Server): Promise<string> => (await listenOnLoopback(server)).url;
const stop = (server: Server) => new Promise((resolve) => server.close(resolve));

/** A server built with the official SDK 1.x (stateless Streamable HTTP, no 2026-07-28). */
function officialSdkServer(): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const server = new McpServer({ name: 'official-sdk', version: '1.0.0' });
        server.registerTool(
          'shout',
          { description: 'Upper-cases a word', inputSchema: { word: z.string() } },
          ({ word }) => ({ content: [{ type: 'text', text: word.toUpperCase() }] }),
        );
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        res.on('close', () => void transport.close());
        await server.connect(transport);
        const body = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString());
        await transport.handleRequest(req, res, body);
      })();
    });
  });
}

describe('SnodoClient', () => {
  describe('against the sample over HTTP', () => {
    let running: RunningApp;

    beforeAll(async () => {
      running = await startApp();
    });

    afterAll(async () => {
      await running.close();
    });

    it('should negotiate 2026-07-28 and use every method', async () => {
      const client = await SnodoClient.connect(running.url);
      expect(client.protocolVersion).toBe('2026-07-28');
      expect(client.serverInfo).toMatchObject({ name: 'packages' });
      const tools = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('search');
      const found = await client.callTool('search', { query: 'json' });
      expect(found.content[0]).toMatchObject({ type: 'text' });
      expect(await client.listResources()).toContainEqual(
        expect.objectContaining({ uri: 'catalog://readme' }),
      );
      expect(await client.listResourceTemplates()).toContainEqual(
        expect.objectContaining({ uriTemplate: 'hex://{name}/info' }),
      );
      const readme = await client.readResource('catalog://readme');
      expect((readme.contents as { text: string }[])[0]!.text).toContain('# Package catalog');
      const prompt = await client.getPrompt('review', { name: 'jason' });
      expect(JSON.stringify(prompt.messages)).toContain('Review jason');
      const completion = await client.complete(
        { type: 'ref/prompt', name: 'review' },
        { name: 'focus', value: 'sec' },
      );
      expect((completion.completion as { values: string[] }).values).toEqual(['security']);
      await client.close();
    });

    it('should speak 2025-11-25 through an initialize session when asked to', async () => {
      const client = await SnodoClient.connect(running.url, { protocolVersion: '2025-11-25' });
      expect(client.protocolVersion).toBe('2025-11-25');
      expect((await client.listPrompts()).map((prompt) => prompt.name)).toContain('review');
      const result = await client.callTool('latest_version', { name: 'jason' });
      expect(result.isError).toBeFalsy();
      await client.close();
    });

    it('should throw JSON-RPC errors as SnodoError with their code', async () => {
      const client = await SnodoClient.connect(running.url);
      const error = await client.callTool('no_such_tool').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SnodoError);
      expect((error as SnodoError).code).toBe(-32602);
      await client.close();
    });
  });

  describe('with request headers, against a component behind an API-key guard', () => {
    let running: RunningApp;

    beforeAll(async () => {
      running = await startApp(ApiKeyAppModule);
    });

    afterAll(async () => {
      await running.close();
    });

    const names = async (client: SnodoClient) =>
      (await client.listTools()).map((tool) => tool.name).sort();
    const textOf = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

    describe.each(['2026-07-28', '2025-11-25'] as const)('%s', (protocolVersion) => {
      it('should hide the guarded tool from a client without the key, and refuse its call as unknown', async () => {
        const client = await SnodoClient.connect(running.url, { protocolVersion });
        expect(await names(client)).toEqual(['open_echo']);
        const error = await client.callTool('keyed_echo', { text: 'hi' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(SnodoError);
        expect((error as SnodoError).code).toBe(-32602);
        expect((error as SnodoError).message).toContain('keyed_echo');
        await client.close();
      });

      it('should list and call it with the key in a header', async () => {
        const client = await SnodoClient.connect(running.url, {
          protocolVersion,
          headers: { 'X-Api-Key': API_KEY, 'X-Trace': 'abc' },
        });
        expect(await names(client)).toEqual(['keyed_echo', 'open_echo']);
        expect(textOf(await client.callTool('keyed_echo', { text: 'hi' }))).toBe(
          'keyed (api key, trace abc): hi',
        );
        await client.close();
      });

      it('should list and call it with the key as a bearer token', async () => {
        const client = await SnodoClient.connect(running.url, {
          protocolVersion,
          bearerToken: API_KEY,
        });
        expect(await names(client)).toEqual(['keyed_echo', 'open_echo']);
        expect(textOf(await client.callTool('keyed_echo', { text: 'hi' }))).toBe(
          'keyed (bearer token): hi',
        );
        await client.close();
      });

      it('should refuse a wrong key as it refuses none', async () => {
        const client = await SnodoClient.connect(running.url, {
          protocolVersion,
          headers: { 'X-Api-Key': `${API_KEY}-not` },
        });
        expect(await names(client)).toEqual(['open_echo']);
        await expect(client.callTool('keyed_echo')).rejects.toBeInstanceOf(SnodoError);
        await client.close();
      });
    });

    it('should ask a headers function before every request', async () => {
      let key = API_KEY;
      const client = await SnodoClient.connect(running.url, {
        headers: async () => Promise.resolve({ 'X-Api-Key': key }),
      });
      expect(textOf(await client.callTool('keyed_echo', { text: 'one' }))).toBe(
        'keyed (api key): one',
      );
      key = 'revoked';
      await expect(client.callTool('keyed_echo', { text: 'two' })).rejects.toBeInstanceOf(
        SnodoError,
      );
      key = API_KEY;
      expect(textOf(await client.callTool('keyed_echo', { text: 'three' }))).toBe(
        'keyed (api key): three',
      );
      await client.close();
    });

    it('should send the headers with every HTTP request of a session, its DELETE included', async () => {
      const original = globalThis.fetch;
      const recording = createRecordingFetch(original);
      globalThis.fetch = recording.fetch;
      try {
        const client = await SnodoClient.connect(running.url, {
          protocolVersion: '2025-11-25',
          headers: { 'X-Api-Key': API_KEY },
          bearerToken: 'also-sent',
        });
        await client.callTool('keyed_echo', { text: 'hi' });
        await client.close();
      } finally {
        globalThis.fetch = original;
      }
      const sent = recording.exchanges.map((exchange) => [
        exchange.httpMethod,
        exchange.method,
        exchange.requestHeaders['x-api-key'],
        exchange.requestHeaders.authorization,
      ]);
      // The GET that opens the session's event stream runs beside the requests: its place varies.
      expect(sent.filter(([method]) => method !== 'GET')).toEqual([
        ['POST', 'initialize', API_KEY, 'Bearer also-sent'],
        ['POST', 'notifications/initialized', API_KEY, 'Bearer also-sent'],
        ['POST', 'tools/call', API_KEY, 'Bearer also-sent'],
        ['DELETE', undefined, API_KEY, 'Bearer also-sent'],
      ]);
      expect(sent.filter(([method]) => method === 'GET')).toEqual([
        ['GET', undefined, API_KEY, 'Bearer also-sent'],
      ]);
      expect(recording.exchanges.at(-1)!.status).toBe(204);
    });

    it('should refuse headers it cannot send before sending anything', async () => {
      const original = globalThis.fetch;
      const recording = createRecordingFetch(original);
      globalThis.fetch = recording.fetch;
      try {
        for (const [options, message] of [
          [{ headers: { 'Mcp-Protocol-Version': '2024-11-05' } }, 'Mcp-Protocol-Version is set by'],
          [{ headers: { Accept: 'text/html' } }, 'the header Accept is set by the client itself'],
          [{ headers: { 'X-Api-Key': 'a\r\nX-Evil: 1' } }, 'without CR, LF'],
          [{ headers: { 'X-Api Key': 'a' } }, 'is not an HTTP token'],
          [{ bearerToken: API_KEY, headers: { authorization: 'x' } }, 'not both'],
        ] as const) {
          const error = await SnodoClient.connect(running.url, options).catch((e: unknown) => e);
          expect(error).toBeInstanceOf(TypeError);
          expect((error as Error).message).toContain(message);
        }
      } finally {
        globalThis.fetch = original;
      }
      expect(recording.exchanges).toEqual([]);
    });
  });

  it('should follow cursors to the end, in process', async () => {
    const app = await NestFactory.createApplicationContext(CatalogAppModule, { logger: false });
    try {
      const client = await SnodoClient.inProcess(app.get(SnodoRegistry));
      const tools = await client.listTools();
      expect(tools.length).toBeGreaterThanOrEqual(BULK_TOOLS);
      expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    } finally {
      await app.close();
    }
  });

  it('should fall back to initialize against a server built with the official SDK', async () => {
    const server = officialSdkServer();
    const url = await listen(server);
    try {
      const client = await SnodoClient.connect(url);
      expect(client.protocolVersion).toBe('2025-11-25');
      expect(client.serverInfo).toMatchObject({ name: 'official-sdk' });
      expect((await client.listTools()).map((tool) => tool.name)).toEqual(['shout']);
      expect((await client.callTool('shout', { word: 'hey' })).content).toEqual([
        { type: 'text', text: 'HEY' },
      ]);
      await client.close();
    } finally {
      await stop(server);
    }
  });

  it('should say so when nothing listens, or the endpoint is not MCP', async () => {
    const refused = await SnodoClient.connect('http://127.0.0.1:9/mcp').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SnodoClientError);
    expect((refused as Error).message).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:9\/mcp: /);

    const html = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hello</h1>');
    });
    const url = await listen(html);
    try {
      const error = await SnodoClient.connect(url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SnodoClientError);
      expect((error as Error).message).toBe(
        `${url} did not answer as an MCP server (HTTP 200, text/html)`,
      );
    } finally {
      await stop(html);
    }
  });
});
