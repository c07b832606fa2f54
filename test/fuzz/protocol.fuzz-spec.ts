import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import fc from 'fast-check';
import { type JsonObject, type SessionRecord } from '../../lib/core/index.js';
import {
  ProtocolHandler,
  SUBSCRIPTION_ID_META,
  classifyMessage,
  type Exchange,
} from '../../lib/core/internal.js';
import { StdioTransport, createStreamableHttpServer } from '../../lib/transports/index.js';
import { SnodoModule, SnodoRegistry } from '../../lib/index.js';
import { hardeningRouter, hardeningServer } from '../helpers/hardening-fixtures.js';
import { JSON_HEADERS, initializeRequest } from '../helpers/raw-http.js';
import { firstMessage, problemsOf, within } from './answers.js';
import { anyMessage, anyText, expectedId } from './messages.arbitrary.js';
import { topLevelId } from '../../lib/core/wire/id-tokens.js';

/**
 * The fuzz suite: generated and mutated messages of both eras and every method, with hostile
 * values, against the protocol handler in process, the Streamable HTTP transport and the stdio
 * transport. For every message: the process stays up, an answer comes within 5 s, and the answer
 * is JSON-RPC with the request's id (none when it could not be read), never a 5xx without a
 * JSON-RPC body. FUZZ_SEED replays a run; FUZZ_SCALE multiplies the number of messages.
 */
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() : Number(process.env.FUZZ_SEED);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const RUNS = {
  inProcess: 20_000 * SCALE,
  http: 5_000 * SCALE,
  stdio: 5_000 * SCALE,
  nest: 1_000 * SCALE,
};
const counts: Record<string, number> = { inProcess: 0, http: 0, stdio: 0, express: 0, fastify: 0 };

const runs = (numRuns: number) => ({ numRuns, seed: SEED, endOnFailure: true });

afterAll(() => {
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  console.log(
    `fuzz: ${total} messages (in process ${counts.inProcess}, HTTP ${counts.http}, stdio ${counts.stdio}, Nest on Express ${counts.express}, Nest on Fastify ${counts.fastify}); seed ${SEED} (FUZZ_SEED=${SEED} replays it)`,
  );
});

/** A Nest app with the endpoint, for the fuzzing of the platforms' body paths. */
@Module({
  imports: [SnodoModule.forRoot({ name: 'fuzz', version: '1.0.0', resourceSubscriptions: true })],
})
class FuzzModule {}

describe('Fuzz', () => {
  const server = hardeningServer({ requestStateSingleUse: true });
  const session: SessionRecord = {
    id: 'fuzz',
    protocolVersion: '2025-11-25',
    clientCapabilities: { elicitation: {} },
    initialized: true,
  };

  it('should answer every message in process, never throwing', async () => {
    const handler = new ProtocolHandler(server.source, { hub: server.hub });
    await fc.assert(
      fc.asyncProperty(anyMessage, fc.boolean(), async (message, inSession) => {
        counts.inProcess!++;
        const exchange: Exchange = {
          transport: 'in-process',
          ...(inSession ? { session } : {}),
          sendRequest: () => Promise.reject(new Error('the fuzzer answers no requests')),
        };
        const inbound = classifyMessage(message);
        const outcome = await within(handler.handle(inbound, exchange), JSON.stringify(message));
        expect(outcome.status).toBeGreaterThanOrEqual(200);
        if (outcome.status >= 500) expect(outcome.response).toHaveProperty('error');
        if (outcome.response === undefined) return;
        const request = inbound.kind === 'request';
        expect(problemsOf(outcome.response, expectedId(message), request)).toEqual([]);
      }),
      runs(RUNS.inProcess),
    );
  }, 300_000);

  it('should answer every message over Streamable HTTP', async () => {
    const http = createStreamableHttpServer(server.source, {
      hub: server.hub,
      sessionStore: server.sessions,
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    try {
      await fuzzHttp(url, 'http', RUNS.http);
    } finally {
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  }, 600_000);

  it.each(['express', 'fastify'] as const)(
    'should answer every message over the Nest endpoint on %s',
    async (platform) => {
      const app =
        platform === 'fastify'
          ? await NestFactory.create(FuzzModule, new FastifyAdapter(), { logger: false })
          : await NestFactory.create(FuzzModule, { logger: false });
      const registry = app.get(SnodoRegistry);
      for (const tool of ['echo', 'ask', 'secret_tool'])
        registry.addTool(hardeningRouter().findTool(tool)!);
      await app.listen(0, '127.0.0.1');
      const { port } = (app.getHttpServer() as { address(): AddressInfo }).address();
      try {
        await fuzzHttp(`http://127.0.0.1:${port}/mcp`, platform, RUNS.nest);
      } finally {
        await app.close();
      }
    },
    600_000,
  );

  it('should answer every request over stdio, and keep serving', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const stdio = new StdioTransport(server.source, {
      hub: server.hub,
      input,
      output,
      log: () => undefined,
    });
    const served = stdio.serve();
    const waiting = new Map<string, (message: JsonObject) => void>();
    let buffer = '';
    output.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n')) !== -1) {
        const message = JSON.parse(buffer.slice(0, end)) as JsonObject;
        buffer = buffer.slice(end + 1);
        // The server asks the client something (elicitation): the fuzzer refuses.
        if (typeof message.method === 'string' && message.id !== undefined) {
          input.write(
            `${JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -1, message: 'no' } })}\n`,
          );
          continue;
        }
        const id = String(message.id ?? subscriptionOf(message));
        waiting.get(id)?.(message);
        waiting.delete(id);
      }
    });
    let next = 0;
    await fc.assert(
      fc.asyncProperty(anyMessage, async (message) => {
        counts.stdio!++;
        const id = expectedId(message);
        const unique = `fuzz-${next++}`;
        const sent =
          id !== undefined && typeof message === 'object'
            ? { ...(message as object), id: unique }
            : message;
        // A response (to a request the server never sent) gets no answer in a session.
        const expectsAnswer = id !== undefined && classifyMessage(sent).kind !== 'response';
        const answered = expectsAnswer
          ? new Promise<JsonObject>((resolve) => waiting.set(unique, resolve))
          : undefined;
        input.write(`${JSON.stringify(sent)}\n`);
        if (answered === undefined) return;
        const answer = await within(answered, JSON.stringify(sent).slice(0, 300));
        const listenId = subscriptionOf(answer);
        if (listenId !== undefined) return expect(listenId).toBe(unique);
        const request = classifyMessage(sent).kind === 'request';
        expect(problemsOf(answer, unique, request)).toEqual([]);
      }),
      runs(RUNS.stdio),
    );
    input.end();
    stdio.close();
    await served;
  }, 600_000);
});

const subscriptionOf = (message: unknown): unknown =>
  ((message as { params?: { _meta?: JsonObject } } | undefined)?.params?._meta ?? {})[
    SUBSCRIPTION_ID_META
  ];

/**
 * Sends generated and mutated texts to an HTTP endpoint, in and out of an initialize-era session
 * and with or without the 2026-07-28 header: each gets a JSON-RPC answer with its id (or none, when
 * it could not be read), and never a 5xx or 4xx without a JSON-RPC body.
 */
async function fuzzHttp(url: string, counter: string, numRuns: number): Promise<void> {
  const opened = await fetch(url, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(initializeRequest()),
  });
  await opened.body?.cancel();
  const sessionId = opened.headers.get('mcp-session-id')!;
  await fc.assert(
    fc.asyncProperty(anyText, fc.boolean(), fc.boolean(), async (text, withSession, modern) => {
      counts[counter] = (counts[counter] ?? 0) + 1;
      const headers: Record<string, string> = { ...JSON_HEADERS };
      if (withSession) headers['mcp-session-id'] = sessionId;
      if (modern) headers['mcp-protocol-version'] = '2026-07-28';
      const answer = await within(
        (async () => {
          const response = await fetch(url, { method: 'POST', headers, body: text });
          return { status: response.status, body: await firstMessage(response) };
        })(),
        text.slice(0, 300),
      );
      if (answer.status >= 500 || (answer.status >= 400 && answer.body === undefined)) {
        expect(answer.body).toHaveProperty('error');
      }
      if (answer.body === undefined) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: its refusal carries no id, or the one its top level spells out.
        const token = topLevelId(text);
        // An id too large for a number comes back as its token, which JSON.parse rounds again.
        const readable = typeof token === 'object' ? Number(token.token) : token;
        const id = (answer.body as JsonObject).id;
        if (id !== undefined) expect(id).toBe(readable);
        return expect(problemsOf(answer.body, id as string, id !== undefined)).toEqual([]);
      }
      const request = typeof parsed === 'object' && parsed !== null && 'method' in parsed;
      const id = expectedId(parsed);
      const listenId = subscriptionOf(answer.body);
      if (listenId !== undefined) return expect(listenId).toBe(id);
      expect(problemsOf(answer.body, id, request && id !== undefined)).toEqual([]);
    }),
    runs(numRuns),
  );
}
