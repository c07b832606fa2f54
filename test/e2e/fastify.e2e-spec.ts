import { Body, Controller, Module, Post, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { JSON_HEADERS, modernRequest, raw } from '../helpers/raw-http.js';
import { AppModule } from '../../sample/01-tools/src/app.module.js';

/** A plain REST route beside the MCP endpoint, to show the rest of the app keeps Fastify's parsing. */
@Controller('plain')
class PlainController {
  @Post()
  echo(@Body() body: { text?: string }): { length: number } {
    return { length: body.text?.length ?? -1 };
  }
}

@Module({ imports: [AppModule], controllers: [PlainController] })
class FastifyAppModule {}

const schemas = new McpSchemaValidator();

/** The Fastify hooks an app registered, in the order they ran, by request path. */
const hooksRun: string[] = [];

/**
 * These run on Fastify whatever PLATFORM says: what is particular to Fastify (the body is read in
 * the endpoint route's preParsing hook, the reply is hijacked). The whole e2e suite runs on Fastify
 * too, with PLATFORM=fastify.
 */
describe('On @nestjs/platform-fastify', () => {
  let app: INestApplication;
  let url: string;
  let base: string;

  beforeAll(async () => {
    const created = await NestFactory.create<NestFastifyApplication>(
      FastifyAppModule,
      new FastifyAdapter(),
      { logger: false, forceCloseConnections: true },
    );
    const fastify = created.getHttpAdapter().getInstance();
    for (const hook of ['onRequest', 'preParsing', 'preHandler', 'onSend', 'onResponse'] as const) {
      fastify.addHook(hook, (request: { url: string }, _reply: unknown, ...rest: unknown[]) => {
        hooksRun.push(`${hook} ${request.url}`);
        const done = rest.at(-1) as (error?: null, value?: unknown) => void;
        // onSend and preParsing pass their payload on.
        if (rest.length === 2) done(null, rest[0]);
        else done();
      });
    }
    await created.listen(0, '127.0.0.1');
    app = created;
    const { port } = app.getHttpServer().address() as { port: number };
    base = `http://127.0.0.1:${port}`;
    url = `${base}/mcp`;
  });

  afterAll(async () => {
    await app.close();
  });

  it('should serve a tool to the official client', async () => {
    const client = new Client({ name: 'fastify', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const result = await client.callTool({ name: 'latest_version', arguments: { name: 'jason' } });
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([
      { type: 'text', text: expect.stringMatching(/^\d+\.\d+\.\d+$/) },
    ]);
    await client.close();
  });

  it('should take MCP bodies up to its own limit (4 MiB), above Fastify bodyLimit (1 MiB)', async () => {
    const { body, headers } = modernRequest('tools/list', { padding: 'x'.repeat(2_000_000) });
    const response = await raw(url, { body, headers });
    expect(response.status).toBe(200);
    expect(response.json.result.tools.length).toBeGreaterThan(0);
  });

  it('should answer a body over its limit with 413 and a JSON-RPC error', async () => {
    const { body, headers } = modernRequest('tools/list', { padding: 'x'.repeat(5_000_000) });
    const response = await raw(url, { body, headers });
    expect(response.status).toBe(413);
    expect(response.json.error).toMatchObject({ code: -32600 });
    expect(response.json.error.message).toContain('4194304');
  });

  it('should answer malformed JSON with -32700 and 400', async () => {
    const response = await raw(url, { body: '{"jsonrpc":', headers: JSON_HEADERS });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe(-32700);
    expect(schemas.checkServerMessage('2025-11-25', undefined, response.json)).toEqual([]);
  });

  it.each([['text/plain'], ['application/xml'], ['application/x-www-form-urlencoded']])(
    'should answer Content-Type %s with 415 and a JSON-RPC error, where Fastify has no parser or another',
    async (contentType) => {
      const response = await raw(url, {
        body: '{}',
        headers: { ...JSON_HEADERS, 'content-type': contentType },
      });
      expect(response.status).toBe(415);
      expect(response.json.error.message).toContain('Content-Type: application/json');
    },
  );

  it("should keep Fastify's JSON parser settings: a __proto__ key is refused (onProtoPoisoning)", async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"__proto__":{"x":1}}}';
    const response = await raw(url, { body, headers: JSON_HEADERS });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe(-32700);
  });

  it('should leave the rest of the app to Fastify: its parser and its 1 MiB limit', async () => {
    const small = await raw(`${base}/plain`, { body: { text: 'hello' } });
    expect(small.status).toBe(201);
    expect(small.json).toEqual({ length: 5 });
    const large = await raw(`${base}/plain`, { body: { text: 'x'.repeat(2_000_000) } });
    expect(large.status).toBe(413);
    expect(large.json.jsonrpc).toBeUndefined();
  });

  it("should run the app's Fastify hooks on the endpoint, except onSend (the reply is hijacked)", async () => {
    hooksRun.length = 0;
    const { body, headers } = modernRequest('tools/list');
    expect((await raw(url, { body, headers })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hooksRun).toEqual([
      'onRequest /mcp',
      'preParsing /mcp',
      'preHandler /mcp',
      'onResponse /mcp',
    ]);
  });
});
