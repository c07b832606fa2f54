// Hardening on the Nest endpoint, on the platform under test (PLATFORM=fastify runs it on Fastify):
// the nesting-depth limit before any parser, and the shutdown timeout checked at bootstrap.
import { Module, type INestApplication } from '@nestjs/common';
import { connect, type AddressInfo } from 'node:net';
import { createRuntime } from '../../lib/core/index.js';
import { MESSAGES } from '../../lib/core/internal.js';
import { SnodoModule, SnodoRegistry } from '../../lib/index.js';
import { createStreamableHttpServer } from '../../lib/transports/index.js';
import { TRANSPORT_MESSAGES } from '../../lib/transports/transport.messages.js';
import { hardeningRouter } from '../helpers/hardening-fixtures.js';
import { createTestApp, PLATFORM } from '../helpers/sample-app.js';
import { post } from './hardening.helpers.js';

const MODERN_HEADERS = {
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'echo',
};

/** A tools/call whose arguments hold `inner` (JSON text), as a raw body. */
const callWith = (id: number, inner: string): string =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":{"text":${inner}},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`;

@Module({ imports: [SnodoModule.forRoot({ name: 'depth', version: '1.0.0' })] })
class DepthModule {}

describe(`Hardening on the Nest endpoint (${PLATFORM})`, () => {
  describe('the nesting-depth limit', () => {
    let app: INestApplication;
    let url: string;

    beforeAll(async () => {
      app = await createTestApp(DepthModule);
      app.get(SnodoRegistry).addTool(hardeningRouter().findTool('echo')!);
      await app.listen(0, '127.0.0.1');
      url = `http://127.0.0.1:${(app.getHttpServer() as { address(): AddressInfo }).address().port}/mcp`;
    });

    afterAll(() => app.close());

    it('should refuse a 3.6 MiB nested array with 400, -32600 and the request id', async () => {
      const depth = 1_800_000;
      const answer = await post(url, callWith(21, `${'['.repeat(depth)}${']'.repeat(depth)}`), {
        ...MODERN_HEADERS,
      });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        jsonrpc: '2.0',
        id: 21,
        error: { code: -32600, message: MESSAGES.TOO_DEEP(128) },
      });
    });

    it('should keep the id that comes after the part too deep, as the official SDK orders a request', async () => {
      const depth = 200_000;
      const body = `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"echo","arguments":{"text":${'['.repeat(depth)}${']'.repeat(depth)}}},"id":27}`;
      const answer = await post(url, body, { ...MODERN_HEADERS });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        jsonrpc: '2.0',
        id: 27,
        error: { code: -32600, message: MESSAGES.TOO_DEEP(128) },
      });
    });

    it('should check the depth before anything parses the body: what is not JSON past the limit never reaches a parser', async () => {
      // A parser that ran first would refuse this body as not JSON (-32700, no id); the depth
      // check reads only as far as the 129th bracket.
      const answer = await post(url, callWith(22, `${'['.repeat(200)}this is not JSON`), {
        ...MODERN_HEADERS,
      });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        jsonrpc: '2.0',
        id: 22,
        error: { code: -32600, message: MESSAGES.TOO_DEEP(128) },
      });
    });

    it('should still answer a body that is not JSON within the limit with -32700', async () => {
      const answer = await post(url, callWith(23, `${'['.repeat(10)}this is not JSON`), {
        ...MODERN_HEADERS,
      });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: -32700, message: MESSAGES.PARSE_ERROR } });
    });

    it("should keep the id in every refusal of the body, the platform parser's included", async () => {
      // Fastify's parser refuses a __proto__ key (onProtoPoisoning); Express's path takes it.
      const answer = await post(url, callWith(26, '{"__proto__":{"polluted":true}}'), {
        ...MODERN_HEADERS,
      });
      expect(answer.json).toMatchObject({ jsonrpc: '2.0', id: 26 });
    });

    it('should serve a message nested up to the limit, parsed once by the platform or the transport', async () => {
      // The arguments object is at depth 5 (message, params, arguments, text's array...): 128 in all.
      const inner = `${'['.repeat(125)}"deep"${']'.repeat(125)}`;
      const served = await post(url, callWith(24, inner), { ...MODERN_HEADERS });
      expect(served.status).toBe(200);
      expect(served.json).toMatchObject({ id: 24, result: { content: [{ type: 'text' }] } });
      const over = await post(url, callWith(25, `[${inner}]`), { ...MODERN_HEADERS });
      expect(over.json).toMatchObject({ id: 25, error: { code: -32600 } });
    });

    it('should stay up when a client goes away in the middle of a body, deep or not', async () => {
      const { port } = new URL(url);
      const cutShort = (part: string) =>
        new Promise<void>((resolve) => {
          const socket = connect(Number(port), '127.0.0.1', () => {
            const headers = Object.entries({
              ...MODERN_HEADERS,
              'content-type': 'application/json',
            })
              .map(([name, value]) => `${name}: ${value}\r\n`)
              .join('');
            socket.write(
              `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\naccept: application/json, text/event-stream\r\n${headers}content-length: 100000\r\n\r\n${part}`,
            );
            setTimeout(() => socket.destroy(), 50);
          });
          socket.on('close', () => resolve());
          socket.on('error', () => undefined);
        });
      // Cut short within the depth limit, and after the watch found the body too deep.
      await cutShort('{"jsonrpc":"2.0","id":30,"method":"tools/call"');
      await cutShort(`{"jsonrpc":"2.0","id":31,"params":${'['.repeat(300)}`);
      const after = await post(url, callWith(32, '"still here"'), { ...MODERN_HEADERS });
      expect(after.status).toBe(200);
      expect(after.json).toMatchObject({ id: 32, result: { content: [{ type: 'text' }] } });
    });
  });

  describe('shutdownTimeoutMs', () => {
    it.each([['soon'], [-1], [1.5], [3_600_001], [Number.NaN]])(
      'should stop the app at bootstrap for %p, naming the option',
      async (value) => {
        @Module({
          imports: [
            SnodoModule.forRoot({
              name: 'shutdown',
              version: '1.0.0',
              shutdownTimeoutMs: value as number,
            }),
          ],
        })
        class BadShutdownModule {}
        const created = createTestApp(BadShutdownModule, { abortOnError: false }).then(
          async (app) => {
            await app.init();
            return app;
          },
        );
        await expect(created).rejects.toThrow(TRANSPORT_MESSAGES.BAD_SHUTDOWN_TIMEOUT(3_600_000));
      },
    );

    it('should check it on the standalone listener too, and take 0 (abort at once)', () => {
      const source = {
        runtime: createRuntime({ name: 'x', version: '1.0.0', router: hardeningRouter() }),
      };
      expect(() =>
        createStreamableHttpServer(source, { shutdownTimeoutMs: '10s' as never }),
      ).toThrow(
        'Snodo: shutdownTimeoutMs must be a whole number of milliseconds from 0 to 3600000, such as 10_000 (10 seconds)',
      );
      expect(() => createStreamableHttpServer(source, { shutdownTimeoutMs: 0 })).not.toThrow();
    });
  });
});
