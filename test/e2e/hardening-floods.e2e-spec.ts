// Floods that cannot hold the door shut (issue 53, item 6): the default rate limit on
// `initialize`, the per-client share of the session store, and both checked at bootstrap. The
// flooding client and the others really differ by remote address: their sockets are bound to
// 127.0.0.1 and 127.0.0.2 (Linux routes all of 127.0.0.0/8 to the loopback interface).
import { Module } from '@nestjs/common';
import { ErrorCode } from '../../lib/core/index.js';
import { MESSAGES } from '../../lib/core/internal.js';
import { SnodoModule } from '../../lib/index.js';
import { createStreamableHttpServer } from '../../lib/transports/index.js';
import { DEFAULT_INITIALIZE_RATE_LIMIT } from '../../lib/transports/internal.js';
import { TRANSPORT_MESSAGES } from '../../lib/transports/transport.messages.js';
import { hardeningServer } from '../helpers/hardening-fixtures.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { clientAt, statuses, type Reply } from '../helpers/loopback-client.js';
import { initializeRequest } from '../helpers/raw-http.js';
import { createTestApp } from '../helpers/sample-app.js';
import { listen } from './hardening.helpers.js';

const schemas = new McpSchemaValidator();

/** Every distinct answer, checked against the 2025-11-25 schema of `initialize`. */
const expectValid = (replies: readonly Reply[]): void => {
  const distinct = new Set(replies.map((reply) => JSON.stringify({ ...reply.json, id: 0 })));
  for (const text of distinct) {
    expect(schemas.checkServerMessage('2025-11-25', 'initialize', JSON.parse(text))).toEqual([]);
  }
};

const retryAfter = (reply: Reply): number => Number(reply.headers['retry-after']);

describe('Hardening: floods cannot hold the door shut', () => {
  const flooder = clientAt('127.0.0.1');
  const newcomer = clientAt('127.0.0.2');
  afterAll(() => {
    flooder.close();
    newcomer.close();
  });

  it('should refuse a one-address flood with the default rate limit, and let another address initialize (Nest)', async () => {
    // The defaults, but a store of 1,000 sessions, so that a flood of 2,000 would fill it.
    @Module({
      imports: [
        SnodoModule.forRoot({ name: 'floods', version: '1.0.0', sessions: { maxSessions: 1_000 } }),
      ],
    })
    class FloodModule {}
    const app = await createTestApp(FloodModule);
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}/mcp`;
    try {
      const replies = await flooder.flood(url, 2_000);
      const { limit, windowMs } = DEFAULT_INITIALIZE_RATE_LIMIT;
      // The rate limit on its own refuses the flood: the share (100) is never reached.
      expect(statuses(replies)).toEqual({ 200: limit, 429: 2_000 - limit });
      const refused = replies.find((reply) => reply.status === 429)!;
      expect(refused.json).toMatchObject({
        error: {
          code: ErrorCode.InvalidRequest,
          message: TRANSPORT_MESSAGES.TOO_MANY_SESSIONS(limit, windowMs),
        },
      });
      expect(typeof refused.json.id).toBe('number');
      expect(retryAfter(refused)).toBeGreaterThan(0);
      expect(retryAfter(refused)).toBeLessThanOrEqual(windowMs / 1_000);

      const welcome = await newcomer.post(url, initializeRequest('2025-11-25', 9_001));
      expect(welcome.status).toBe(200);
      expect(welcome.headers['mcp-session-id']).toEqual(expect.any(String));
      const ping = await newcomer.post(
        url,
        { jsonrpc: '2.0', id: 2, method: 'ping' },
        { 'mcp-session-id': welcome.headers['mcp-session-id'] as string },
      );
      expect(ping.json).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
      expectValid([...replies, welcome]);
    } finally {
      await app.close();
    }
  }, 120_000);

  it("should hold a flood the rate limit lets through to the address's share, and let other addresses in", async () => {
    // No rate limit: the share (default 100) alone, in a store of 150.
    const server = hardeningServer({}, { maxSessions: 150, evictionGraceMs: 60_000 });
    const running = await listen(server, { initializeRateLimit: false });
    try {
      const flood = await flooder.flood(running.url, 400);
      expect(statuses(flood)).toEqual({ 200: 100, 429: 300 });
      const refused = flood.find((reply) => reply.status === 429)!;
      expect(refused.json).toMatchObject({
        error: { code: ErrorCode.InvalidRequest, message: MESSAGES.CLIENT_SESSIONS_FULL(100) },
      });
      expect(retryAfter(refused)).toBe(60);
      expect(server.sessions.size).toBe(100);

      const others = await newcomer.flood(running.url, 50);
      expect(statuses(others)).toEqual({ 200: 50 });
      // The store is full now, and every session in it was used within the grace period.
      const full = await newcomer.post(running.url, initializeRequest('2025-11-25', 9_002));
      expect(full.status).toBe(503);

      // Past the grace period, the flooder's own oldest session makes room for its next one;
      // the newcomer's sessions, used meanwhile, stay.
      server.now = 61_000;
      const ids = others.map((reply) => reply.headers['mcp-session-id'] as string);
      for (const id of ids) {
        const ping = await newcomer.post(
          running.url,
          { jsonrpc: '2.0', id: 1, method: 'ping' },
          { 'mcp-session-id': id },
        );
        expect(ping.status).toBe(200);
      }
      const again = await flooder.post(running.url, initializeRequest('2025-11-25', 9_003));
      expect(again.status).toBe(200);
      expect(server.sessions.size).toBe(150);
      expectValid([...flood, ...others, full, again]);
    } finally {
      await running.close();
    }
  }, 60_000);

  it('should count the share by the key of initializeRateLimit behind a proxy', async () => {
    const server = hardeningServer({}, { maxSessionsPerClient: 2 });
    const running = await listen(server, {
      initializeRateLimit: { key: (req) => String(req.headers['x-forwarded-for']) },
    });
    try {
      const proxied = (client: string, id: number) =>
        flooder.post(running.url, initializeRequest('2025-11-25', id), {
          'x-forwarded-for': client,
        });
      expect((await proxied('203.0.113.1', 1)).status).toBe(200);
      expect((await proxied('203.0.113.1', 2)).status).toBe(200);
      const over = await proxied('203.0.113.1', 3);
      expect(over.status).toBe(429);
      expect(over.json).toMatchObject({
        id: 3,
        error: { code: ErrorCode.InvalidRequest, message: MESSAGES.CLIENT_SESSIONS_FULL(2) },
      });
      expect((await proxied('203.0.113.2', 4)).status).toBe(200);
    } finally {
      await running.close();
    }
  });

  describe('at bootstrap', () => {
    it.each([
      [
        'sessions.maxSessionsPerClient 0',
        { sessions: { maxSessionsPerClient: 0 } },
        MESSAGES.BAD_MAX_SESSIONS_PER_CLIENT,
      ],
      [
        'initializeRateLimit.limit 0',
        { initializeRateLimit: { limit: 0 } },
        TRANSPORT_MESSAGES.BAD_INITIALIZE_LIMIT,
      ],
      [
        'initializeRateLimit.windowMs 1.5',
        { initializeRateLimit: { windowMs: 1.5 } },
        TRANSPORT_MESSAGES.BAD_INITIALIZE_LIMIT,
      ],
    ])('should stop the app for %s, naming the option', async (_name, options, message) => {
      @Module({
        imports: [SnodoModule.forRoot({ name: 'floods', version: '1.0.0', ...options })],
      })
      class BadFloodModule {}
      const created = createTestApp(BadFloodModule, { abortOnError: false }).then(async (app) => {
        await app.init();
        return app;
      });
      await expect(created).rejects.toThrow(message);
    });

    it('should check the options on the standalone listener too', () => {
      const source = { runtime: hardeningServer().source.runtime };
      expect(() =>
        createStreamableHttpServer(source, {
          initializeRateLimit: { key: 'x-forwarded-for' as never },
        }),
      ).toThrow(TRANSPORT_MESSAGES.BAD_INITIALIZE_KEY);
      expect(() =>
        createStreamableHttpServer(source, { initializeRateLimit: { limit: -1, windowMs: 1_000 } }),
      ).toThrow(TRANSPORT_MESSAGES.BAD_INITIALIZE_LIMIT);
      expect(() =>
        createStreamableHttpServer(source, { initializeRateLimit: false }),
      ).not.toThrow();
    });
  });
});
