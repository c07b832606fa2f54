import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect as tcpConnect, type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { Module } from '@nestjs/common';
import { SnodoClient } from '../../lib/client/index.js';
import { ErrorCode, createRuntime, type JsonObject } from '../../lib/core/index.js';
import { LATEST_LEGACY_VERSION, MESSAGES } from '../../lib/core/internal.js';
import { SnodoModule, SnodoRegistry } from '../../lib/index.js';
import { StdioTransport } from '../../lib/transports/index.js';
import { StreamableHttpTransport } from '../../lib/transports/internal.js';
import {
  SIGNED_IN,
  hardeningRouter,
  hardeningServer,
  stubbornStarts,
} from '../helpers/hardening-fixtures.js';
import { JSON_HEADERS, MODERN_META, initializeRequest } from '../helpers/raw-http.js';
import { createTestApp } from '../helpers/sample-app.js';
import { events, listen, modern, post, session, shape, slowClient } from './hardening.helpers.js';

const CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

describe('Hardening', () => {
  describe('1. bounded subscriptions, released with their session', () => {
    it('should cap the subscriptions of a session, the URI length and the total', async () => {
      const server = hardeningServer({
        limits: { maxSubscriptionsPerSession: 2, maxSubscriptions: 3, maxUriLength: 40 },
      });
      const running = await listen(server);
      try {
        const a = await session(running.url);
        const b = await session(running.url);
        expect((await a.send('resources/subscribe', { uri: 'mem://items/1' })).json).toHaveProperty(
          'result',
        );
        expect((await a.send('resources/subscribe', { uri: 'mem://items/2' })).json).toHaveProperty(
          'result',
        );
        // Subscribing again to a URI it holds is fine; a third URI is over the session's limit.
        expect((await a.send('resources/subscribe', { uri: 'mem://items/2' })).json).toHaveProperty(
          'result',
        );
        const third = await a.send('resources/subscribe', { uri: 'mem://items/3' });
        expect(third.json).toMatchObject({
          error: {
            code: -32602,
            message: expect.stringContaining('at most 2 subscriptions') as string,
          },
        });
        const long = await b.send('resources/subscribe', { uri: `mem://items/${'x'.repeat(40)}` });
        expect(long.json).toMatchObject({
          error: { code: -32602, message: expect.stringContaining('longer than 40') as string },
        });
        expect((await b.send('resources/subscribe', { uri: 'mem://items/4' })).json).toHaveProperty(
          'result',
        );
        const full = await b.send('resources/subscribe', { uri: 'mem://items/5' });
        expect(full.status).toBe(503);
        expect(full.headers.get('retry-after')).toBe('5');
        expect(full.json).toMatchObject({ id: 3, error: { code: ErrorCode.InternalError } });
        expect(server.subscriptions.size()).toBe(3);
      } finally {
        await running.close();
      }
    });

    it('should drop what a session held when it expires, is evicted or is deleted', async () => {
      const server = hardeningServer(
        {},
        { idleTimeoutMs: 1_000, maxSessions: 2, evictionGraceMs: 100 },
      );
      const running = await listen(server);
      try {
        const expiring = await session(running.url);
        await expiring.send('resources/subscribe', { uri: 'mem://items/1' });
        server.now = 5_000;
        expect((await expiring.send('ping')).status).toBe(404);
        expect(server.subscriptions.count(expiring.id)).toBe(0);

        const evicted = await session(running.url);
        await evicted.send('resources/subscribe', { uri: 'mem://items/2' });
        const kept = await session(running.url);
        server.now += 500;
        await kept.send('ping');
        await session(running.url); // the store is full: the idle one makes room
        expect(server.subscriptions.count(evicted.id)).toBe(0);
        expect(
          (await kept.send('resources/subscribe', { uri: 'mem://items/3' })).json,
        ).toHaveProperty('result');
        await fetch(running.url, { method: 'DELETE', headers: { 'mcp-session-id': kept.id } });
        expect(server.subscriptions.size()).toBe(0);
      } finally {
        await running.close();
      }
    });
  });

  describe('2. a JSON-RPC answer for crafted input', () => {
    const crafted: [string, JsonObject][] = [
      ['tools/call', { name: { toString: 0 }, arguments: {} }],
      ['prompts/get', { name: { toString: 0 } }],
      ['resources/read', { uri: { toString: 0 } }],
    ];

    it.each(crafted)(
      'should answer %s with an object for a name over HTTP, with the id',
      async (method, params) => {
        const running = await listen(hardeningServer());
        try {
          const answer = await modern(running.url, method, params);
          expect(answer.status).toBeLessThan(500);
          expect(answer.json).toMatchObject({ id: 9, error: { code: -32602 } });
        } finally {
          await running.close();
        }
      },
    );

    it.each(crafted)(
      'should answer %s with an object for a name over stdio',
      async (method, params) => {
        const server = hardeningServer();
        const input = new PassThrough();
        const output = new PassThrough();
        const stdio = new StdioTransport(server.source, { input, output, log: () => undefined });
        const served = stdio.serve();
        input.end(
          `${JSON.stringify({ jsonrpc: '2.0', id: 4, method, params: { ...params, _meta: MODERN_META } })}\n`,
        );
        await served;
        expect(JSON.parse(String(output.read()))).toMatchObject({ id: 4, error: { code: -32602 } });
      },
    );

    it('should answer -32603 with the id when a component throws outside its run, and report it', async () => {
      const reported: string[] = [];
      const router = hardeningRouter().registerTool({
        definition: { name: 'dto', inputSchema: { type: 'object' } },
        // What class-transformer does with arguments nested 100,000 deep.
        prepareArguments: () => {
          throw new RangeError('Maximum call stack size exceeded');
        },
        call: () => 'never',
      });
      const runtime = createRuntime({
        name: 'crafted',
        version: '1.0.0',
        router,
        onInternalError: (error, method) => reported.push(`${method}: ${(error as Error).name}`),
      });
      const client = await SnodoClient.inProcess(runtime);
      await expect(client.callTool('dto', { deep: [] })).rejects.toMatchObject({ code: -32603 });
      // requestState with deeply nested arguments: the digest is computed safely, or answered.
      let deep: unknown = 0;
      for (let i = 0; i < 100_000; i++) deep = [deep];
      const answer = client.request('tools/call', {
        name: 'ask',
        arguments: { deep },
        requestState: 'x.y',
      });
      await expect(answer).rejects.toMatchObject({ code: -32603, message: MESSAGES.INTERNAL });
      expect(reported).toContain('tools/call: RangeError');
    });
  });

  describe('3. a session flood cannot evict a live session', () => {
    it('should keep an established session through 10,000 new initialize requests', async () => {
      // The store itself under a flood that fills it: one address may take every place here (the
      // per-client share and the rate limit, which stop that by default, are in
      // hardening-floods.e2e-spec.ts).
      const server = hardeningServer({}, { maxSessionsPerClient: 20_000 });
      const running = await listen(server, { initializeRateLimit: false });
      try {
        const established = await session(running.url);
        let refused = 0;
        let opened = 0;
        const flood = async () => {
          for (let i = 0; i < 10_000 / 25; i++) {
            const response = await fetch(running.url, {
              method: 'POST',
              headers: JSON_HEADERS,
              body: JSON.stringify(initializeRequest()),
            });
            await response.body?.cancel();
            if (response.status === 503) refused++;
            else opened++;
          }
        };
        server.now = 2_000; // the established session has been idle for the flood's two seconds
        await Promise.all(Array.from({ length: 25 }, flood));
        expect(opened + refused).toBe(10_000);
        expect(refused).toBeGreaterThan(0);
        expect((await established.send('ping')).status).toBe(200);
      } finally {
        await running.close();
      }
    }, 60_000);

    it('should limit how many sessions one client opens, with 429 and Retry-After', async () => {
      const running = await listen(hardeningServer(), {
        initializeRateLimit: { limit: 3, windowMs: 60_000 },
      });
      try {
        for (let i = 0; i < 3; i++) await session(running.url);
        const over = await post(running.url, initializeRequest(LATEST_LEGACY_VERSION, 5));
        expect(over.status).toBe(429);
        expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(over.json).toMatchObject({ id: 5, error: { code: ErrorCode.InvalidRequest } });
      } finally {
        await running.close();
      }
    });
  });

  describe('4. subscriptions honour the authorization policy', () => {
    it('should refuse a subscription to a hidden resource as if it did not exist', async () => {
      const running = await listen(hardeningServer());
      try {
        const anonymous = await session(running.url);
        const hidden = await anonymous.send('resources/subscribe', { uri: 'secret://doc' });
        const missing = await anonymous.send('resources/subscribe', { uri: 'secret://none' });
        expect(hidden.json).toMatchObject({ error: { code: -32002 } });
        expect(shape(hidden, 'secret://doc')).toBe(shape(missing, 'secret://none'));
        expect(
          (await anonymous.send('resources/subscribe', { uri: 'mem://open' })).json,
        ).toHaveProperty('result');
      } finally {
        await running.close();
      }
    });

    it('should honour on a listen stream only the URIs the caller may see, and deliver only those', async () => {
      const server = hardeningServer();
      const running = await listen(server);
      try {
        const response = await fetch(running.url, {
          method: 'POST',
          headers: {
            ...JSON_HEADERS,
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'subscriptions/listen',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 'listen',
            method: 'subscriptions/listen',
            params: {
              notifications: { resourceSubscriptions: ['secret://doc', 'mem://open'] },
              _meta: MODERN_META,
            },
          }),
        });
        const stream = events(response);
        expect(await stream.next()).toMatchObject({
          method: 'notifications/subscriptions/acknowledged',
          params: { notifications: { resourceSubscriptions: ['mem://open'] } },
        });
        await server.hub.resourceUpdated('secret://doc');
        await server.hub.resourceUpdated('mem://open');
        expect(await stream.next()).toMatchObject({
          method: 'notifications/resources/updated',
          params: { uri: 'mem://open' },
        });
        await stream.cancel();
      } finally {
        await running.close();
      }
    });
  });

  describe('5. hidden names cannot be told from unknown ones', () => {
    it.each([
      ['a call', 'tools/call', (name: string) => ({ name, arguments: {} })],
      [
        'a call with arguments that are not an object',
        'tools/call',
        (name: string) => ({ name, arguments: 'x' }),
      ],
      [
        'a prompt with an argument that is not a string',
        'prompts/get',
        (name: string) => ({ name, arguments: { topic: 1 } }),
      ],
      ['a read', 'resources/read', (name: string) => ({ uri: `secret://${name}` })],
    ])(
      'should answer %s on a hidden component as on an unknown one',
      async (_case, method, params) => {
        const running = await listen(hardeningServer());
        try {
          const hiddenName =
            method === 'prompts/get'
              ? 'secret_prompt'
              : method === 'tools/call'
                ? 'secret_tool'
                : 'doc';
          const hidden = await modern(running.url, method, params(hiddenName));
          const unknown = await modern(running.url, method, params('nothing'));
          expect(shape(hidden, hiddenName)).toBe(shape(unknown, 'nothing'));
          // The one who may see it gets the real answer.
          const seen = await modern(running.url, method, params(hiddenName), {
            authorization: SIGNED_IN,
          });
          expect(shape(seen, hiddenName)).not.toBe(shape(unknown, 'nothing'));
        } finally {
          await running.close();
        }
      },
    );

    it('should check the Mcp-Param headers of a hidden tool only after it is seen', async () => {
      const running = await listen(hardeningServer());
      try {
        const mismatched = { 'mcp-param-region': 'north' };
        const hidden = await modern(
          running.url,
          'tools/call',
          { name: 'secret_tool', arguments: { region: 'south' } },
          mismatched,
        );
        const unknown = await modern(
          running.url,
          'tools/call',
          { name: 'nothing', arguments: { region: 'south' } },
          mismatched,
        );
        expect(shape(hidden, 'secret_tool')).toBe(shape(unknown, 'nothing'));
        const seen = await modern(
          running.url,
          'tools/call',
          { name: 'secret_tool', arguments: { region: 'south' } },
          { ...mismatched, authorization: SIGNED_IN },
        );
        expect(seen.json).toMatchObject({ error: { code: ErrorCode.HeaderMismatch } });
      } finally {
        await running.close();
      }
    });
  });

  describe('6. a bounded shutdown', () => {
    it('should answer what still runs at the deadline and close within the timeout', async () => {
      const server = hardeningServer();
      const transport = new StreamableHttpTransport(server.source, { hub: server.hub });
      const http: Server = createServer((req, res) => void transport.handle(req, res));
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
      const inFlight = stubbornStarts();
      const running = modern(url, 'tools/call', { name: 'stubborn', arguments: {} });
      await inFlight;
      const started = Date.now();
      const shutdown = transport.shutdown(300);
      const late = await modern(url, 'tools/call', { name: 'echo', arguments: {} });
      expect(late.status).toBe(503);
      expect(late.json).toMatchObject({ id: 9, error: { code: ErrorCode.InternalError } });
      await shutdown;
      const answer = await running;
      expect(Date.now() - started).toBeLessThan(1_300);
      expect(answer.status).toBe(503);
      expect(answer.json).toMatchObject({ id: 9, error: { code: ErrorCode.InternalError } });
      await new Promise<void>((resolve) => http.close(() => resolve()));
    });

    it('should hand the answers of aborted requests to the OS before shutdown() resolves, so that cutting the connections next loses none', async () => {
      const server = hardeningServer();
      const transport = new StreamableHttpTransport(server.source, { hub: server.hub });
      const http: Server = createServer((req, res) => void transport.handle(req, res));
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
      const inFlight = Promise.all([1, 2, 3].map(() => stubbornStarts()));
      const running = [1, 2, 3].map(() =>
        modern(url, 'tools/call', { name: 'stubborn', arguments: {} }),
      );
      await inFlight;
      await transport.shutdown(50);
      // What a framework's close with forceCloseConnections does next, in the same turn.
      http.closeAllConnections();
      for (const answer of await Promise.all(running)) {
        expect(answer.status).toBe(503);
        expect(answer.json).toMatchObject({ id: 9, error: { code: ErrorCode.InternalError } });
      }
      await new Promise<void>((resolve) => http.close(() => resolve()));
    });

    it('should close a Nest app within shutdownTimeoutMs plus a second, whatever its handlers do', async () => {
      @Module({
        imports: [
          SnodoModule.forRoot({ name: 'stubborn', version: '1.0.0', shutdownTimeoutMs: 300 }),
        ],
      })
      class StubbornModule {}
      const app = await createTestApp(StubbornModule);
      app.get(SnodoRegistry).addTool(hardeningRouter().findTool('stubborn')!);
      await app.listen(0, '127.0.0.1');
      const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`;
      const inFlight = stubbornStarts();
      const running = modern(url, 'tools/call', { name: 'stubborn', arguments: {} });
      await inFlight;
      const started = Date.now();
      await app.close();
      expect(Date.now() - started).toBeLessThan(1_300);
      expect((await running).json).toMatchObject({
        id: 9,
        error: { code: ErrorCode.InternalError },
      });
    });

    it('should close a Nest app within shutdownTimeoutMs plus a second while clients hold connections that sent no request or half of one', async () => {
      @Module({
        imports: [SnodoModule.forRoot({ name: 'held', version: '1.0.0', shutdownTimeoutMs: 300 })],
      })
      class HeldModule {}
      const app = await createTestApp(HeldModule, { forceCloseConnections: false });
      await app.listen(0, '127.0.0.1');
      const { port } = app.getHttpServer().address() as AddressInfo;
      const connect = async (bytes: string) => {
        const socket = tcpConnect(port, '127.0.0.1');
        // The cut resets the connection; that is the point.
        socket.on('error', () => undefined);
        await new Promise((resolve) => socket.once('connect', resolve));
        if (bytes !== '') socket.write(bytes);
        return socket;
      };
      // Node's server.close() ends idle keep-alive connections, not these: without a cut, the
      // close waits for headersTimeout (a minute).
      const silent = await connect('');
      const halfway = await connect(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
      const ended = Promise.all(
        [silent, halfway].map((socket) => new Promise((resolve) => socket.once('close', resolve))),
      );
      const started = Date.now();
      try {
        const closed = await Promise.race([
          app.close().then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3_000).unref()),
        ]);
        expect(closed).toBe(true);
        expect(Date.now() - started).toBeLessThan(1_300);
        await ended;
      } finally {
        silent.destroy();
        halfway.destroy();
      }
    });

    it('should answer what runs on stdio when it shuts down', async () => {
      const server = hardeningServer();
      const input = new PassThrough();
      const output = new PassThrough();
      const stdio = new StdioTransport(server.source, { input, output });
      const served = stdio.serve();
      const inFlight = stubbornStarts();
      input.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'stubborn', _meta: MODERN_META } })}\n`,
      );
      await inFlight;
      const started = Date.now();
      await stdio.shutdown(200);
      await served;
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(JSON.parse(String(output.read()))).toMatchObject({
        id: 6,
        error: { code: ErrorCode.InternalError },
      });
    });
  });

  describe('7. a nesting-depth limit', () => {
    it('should refuse a 3.6 MiB nested array with 400 and -32600 before parsing it', async () => {
      const running = await listen(hardeningServer());
      try {
        const depth = 1_800_000;
        const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"x":${'['.repeat(depth)}${']'.repeat(depth)}}}}`;
        const answer = await post(running.url, body, {
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
        });
        expect(answer.status).toBe(400);
        expect(answer.json).toMatchObject({
          error: { code: -32600, message: expect.stringContaining('deeper than 128') as string },
        });
      } finally {
        await running.close();
      }
    });

    it('should take its limit from the limits option, checked at bootstrap', async () => {
      expect(() => hardeningServer({ limits: { maxJsonDepth: 0 } })).toThrow(
        'limits.maxJsonDepth must be a whole number of 1 or more',
      );
      expect(() => hardeningServer({ limits: { maxDepth: 3 } as never })).toThrow(
        'limits.maxDepth is not a limit',
      );
      const running = await listen(hardeningServer({ limits: { maxJsonDepth: 4 } }));
      try {
        const answer = await modern(running.url, 'tools/call', {
          name: 'echo',
          arguments: { text: [[1]] },
        });
        expect(answer.status).toBe(400);
      } finally {
        await running.close();
      }
    });
  });

  describe('8. a stronger requestState', () => {
    const ask = (
      url: string,
      args: JsonObject,
      extra: JsonObject = {},
      headers: Record<string, string> = {},
    ) =>
      modern(
        url,
        'tools/call',
        { name: 'ask', arguments: args, ...extra, _meta: { [CAPABILITIES]: { elicitation: {} } } },
        headers,
      );

    it('should not take inputResponses without the requestState they answer: it asks again', async () => {
      const running = await listen(hardeningServer());
      try {
        const answer = await ask(running.url, {}, { inputResponses: { e0: { action: 'accept' } } });
        expect(answer.json).toMatchObject({
          result: {
            resultType: 'input_required',
            inputRequests: { e0: { method: 'elicitation/create' } },
          },
        });
      } finally {
        await running.close();
      }
    });

    it('should bind a state to its arguments in any key order, and to the caller’s credentials', async () => {
      const running = await listen(hardeningServer({ requestStateSingleUse: true }));
      try {
        const first = await ask(running.url, { a: 1, b: 2 }, {}, { authorization: 'Bearer alice' });
        expect(first.json).toMatchObject({ result: { resultType: 'input_required' } });
        const state = (first.json.result as JsonObject).requestState as string;
        const retry = { requestState: state, inputResponses: { e0: { action: 'accept' } } };
        const stolen = await ask(running.url, { b: 2, a: 1 }, retry, {
          authorization: 'Bearer mallory',
        });
        expect(stolen.json).toMatchObject({ error: { code: -32602 } });
        const done = await ask(running.url, { b: 2, a: 1 }, retry, {
          authorization: 'Bearer alice',
        });
        expect(done.json).toMatchObject({ result: { content: [{ text: 'answered accept' }] } });
        // Single use: the same state does not work twice.
        const replayed = await ask(running.url, { a: 1, b: 2 }, retry, {
          authorization: 'Bearer alice',
        });
        expect(replayed.json).toMatchObject({ error: { code: -32602 } });
      } finally {
        await running.close();
      }
    });

    it('should refuse a secret shorter than 32 bytes at bootstrap', () => {
      expect(() => hardeningServer({ requestStateSecret: 'too-short' })).toThrow(
        /at least 32 bytes/,
      );
    });
  });

  describe('9. details', () => {
    it.each(['PUT', 'PATCH', 'OPTIONS'])(
      'should answer %s on the Nest endpoint with 405, Allow and a JSON-RPC body',
      async (method) => {
        @Module({ imports: [SnodoModule.forRoot({ name: 'methods', version: '1.0.0' })] })
        class MethodsModule {}
        const app = await createTestApp(MethodsModule);
        await app.listen(0, '127.0.0.1');
        try {
          const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`;
          const response = await fetch(url, { method });
          expect(response.status).toBe(405);
          expect(response.headers.get('allow')).toBe('POST, DELETE');
          expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
        } finally {
          await app.close();
        }
      },
    );

    it.each(['[::1]evil', 'localhost.evil.example', 'user@localhost', 'localhost:80/x'])(
      'should refuse the Host header %s',
      async (host) => {
        const running = await listen(hardeningServer());
        try {
          const { port } = new URL(running.url);
          const status = await new Promise<number>((resolve, reject) => {
            const req = httpRequest(
              {
                host: '127.0.0.1',
                port,
                path: '/mcp',
                method: 'POST',
                headers: { ...JSON_HEADERS, host },
              },
              (res) => {
                res.resume();
                resolve(res.statusCode!);
              },
            );
            req.on('error', reject);
            req.end(JSON.stringify(initializeRequest()));
          });
          expect(status).toBe(403);
        } finally {
          await running.close();
        }
      },
    );

    it('should cut a client that sends its headers too slowly on the standalone listener', async () => {
      const running = await listen(hardeningServer(), { headersTimeout: 300 });
      try {
        const { port } = new URL(running.url);
        const started = Date.now();
        const reply = await slowClient(
          Number(port),
          'POST /mcp HTTP/1.1\r\nHost: localhost\r\n',
          'X-Slow: 1\r\n',
        );
        expect(reply).toMatch(/^HTTP\/1\.1 408/);
        expect(Date.now() - started).toBeLessThan(3_000);
      } finally {
        await running.close();
      }
    });
  });
});
