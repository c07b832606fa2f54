// What a session holds is released when it ends (DELETE, expiry) and at shutdown: its GET stream,
// its replay logs and the requests waiting for its client, and the listen streams of the process.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { type CallContext, type JsonObject } from '../../lib/core/index.js';
import { LATEST_LEGACY_VERSION, MESSAGES } from '../../lib/core/internal.js';
import { StdioTransport } from '../../lib/transports/index.js';
import { StreamableHttpTransport } from '../../lib/transports/internal.js';
import { TRANSPORT_MESSAGES } from '../../lib/transports/transport.messages.js';
import { hardeningRouter, hardeningServer } from '../helpers/hardening-fixtures.js';
import { JSON_HEADERS } from '../helpers/raw-http.js';
import { waitFor } from '../helpers/wait-for.js';
import { events, modernMessage } from './hardening.helpers.js';

/** Why the `asker` tool's question went unanswered, each time it was asked. */
const unanswered: string[] = [];

const router = hardeningRouter()
  .registerTool({
    definition: { name: 'asker', inputSchema: { type: 'object' } },
    call: async (_args, context: CallContext) => {
      try {
        await context.elicit({
          message: 'Sure?',
          requestedSchema: { type: 'object', properties: {} },
        });
        return 'answered';
      } catch (error) {
        unanswered.push((error as Error).message);
        throw error;
      }
    },
  })
  .registerTool({
    definition: { name: 'chatty', inputSchema: { type: 'object' } },
    call: (_args, context: CallContext) => {
      context.progress(1, 2);
      return 'done';
    },
  });

/** A transport on a loopback port over a hardening server, with an idle timeout of 1 s. */
async function start() {
  const server = hardeningServer({ router }, { idleTimeoutMs: 1_000 });
  const transport = new StreamableHttpTransport(server.source, {
    hub: server.hub,
    sessionStore: server.sessions,
  });
  const http: Server = createServer((req, res) => void transport.handle(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  const close = () => new Promise<void>((resolve) => http.close(() => resolve()));
  return { server, transport, url, close };
}

/** Opens an initialize-era session whose client takes elicitation requests. */
async function openSession(url: string) {
  const opened = await fetch(url, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: LATEST_LEGACY_VERSION,
        capabilities: { elicitation: {} },
        clientInfo: { name: 'release', version: '1.0.0' },
      },
    }),
  });
  await opened.body?.cancel();
  const id = opened.headers.get('mcp-session-id')!;
  const headers = { ...JSON_HEADERS, 'mcp-session-id': id };
  const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
  await (await fetch(url, { method: 'POST', headers, body: JSON.stringify(initialized) })).text();
  const call = (name: string, meta: JsonObject = {}) =>
    fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name, arguments: {}, _meta: meta },
      }),
    });
  const getStream = () =>
    fetch(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': id } });
  return { id, call, getStream };
}

describe('Hardening: what a session holds is released', () => {
  beforeEach(() => unanswered.splice(0));

  it('should release its GET stream, replay logs and waiting requests when it is deleted', async () => {
    const { transport, server, url, close } = await start();
    try {
      const session = await openSession(url);
      const asking = events(await session.call('asker'));
      expect(await asking.next()).toMatchObject({ method: 'elicitation/create' });
      const get = events(await session.getStream());
      await waitFor(() => transport.stats().openStreams === 2, 'the two streams');
      expect(transport.stats()).toMatchObject({ replayLogs: 1 });
      const deleted = await fetch(url, {
        method: 'DELETE',
        headers: { 'mcp-session-id': session.id },
      });
      expect(deleted.status).toBe(204);
      // The question waiting for the client is settled at once, not at its 60 s timeout.
      expect(await asking.next()).toEqual({
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32603, message: MESSAGES.SESSION_ENDED },
      });
      expect(unanswered).toEqual([MESSAGES.SESSION_ENDED]);
      await get.ended();
      await waitFor(() => transport.stats().openStreams === 0, 'every stream to close');
      expect(transport.stats()).toEqual({ openStreams: 0, replayLogs: 0, replayChars: 0 });
      expect(server.hub.streamCount).toBe(0);
    } finally {
      await close();
    }
  });

  it('should release its replay logs and subscriptions when it expires', async () => {
    const { transport, server, url, close } = await start();
    try {
      const session = await openSession(url);
      const chatty = events(await session.call('chatty', { progressToken: 'p' }));
      expect(await chatty.next()).toMatchObject({ method: 'notifications/progress' });
      expect(await chatty.next()).toMatchObject({ id: 3, result: { content: [{ text: 'done' }] } });
      await server.hub.subscribe(session.id, 'mem://open');
      expect(transport.stats()).toMatchObject({ replayLogs: 1 });
      server.now += 5_000;
      server.sessions.sweep();
      expect(transport.stats()).toMatchObject({ replayLogs: 0, replayChars: 0 });
      await waitFor(() => server.subscriptions.count(session.id) === 0, 'the subscriptions');
    } finally {
      await close();
    }
  });

  it('should release streams, replay logs and waiting requests at shutdown', async () => {
    const { transport, server, url, close } = await start();
    try {
      const session = await openSession(url);
      const asking = events(await session.call('asker'));
      expect(await asking.next()).toMatchObject({ method: 'elicitation/create' });
      const get = events(await session.getStream());
      const listenMessage = modernMessage('subscriptions/listen', { notifications: {} });
      const listen = events(
        await fetch(url, {
          method: 'POST',
          headers: { ...JSON_HEADERS, ...listenMessage.headers },
          body: JSON.stringify(listenMessage.body),
        }),
      );
      expect(await listen.next()).toMatchObject({
        method: 'notifications/subscriptions/acknowledged',
      });
      expect(server.hub.listenCount).toBe(1);
      await transport.shutdown(100);
      expect(await asking.next()).toEqual({
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32603, message: TRANSPORT_MESSAGES.SHUTTING_DOWN },
      });
      await Promise.all([asking.ended(), get.ended(), listen.ended()]);
      await waitFor(() => unanswered.length === 1, 'the waiting question to be settled');
      expect(unanswered).toEqual([MESSAGES.SESSION_ENDED]);
      expect(server.hub.listenCount).toBe(0);
      expect(transport.stats()).toEqual({ openStreams: 0, replayLogs: 0, replayChars: 0 });
    } finally {
      await close();
    }
  });

  it('should release the waiting requests and listen streams of stdio when it closes', async () => {
    const server = hardeningServer({ router });
    const input = new PassThrough();
    const output = new PassThrough();
    const stdio = new StdioTransport(server.source, { hub: server.hub, input, output });
    const served = stdio.serve();
    const lines: JsonObject[] = [];
    output.on('data', (chunk: Buffer) => {
      for (const line of String(chunk).split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as JsonObject);
    });
    const send = (message: unknown) => input.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: LATEST_LEGACY_VERSION,
        capabilities: { elicitation: {} },
        clientInfo: { name: 'stdio', version: '1.0.0' },
      },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'asker', arguments: {} } });
    send(modernMessage('subscriptions/listen', { notifications: {} }, {}, 'listen').body);
    await waitFor(
      () =>
        lines.some((line) => line.method === 'elicitation/create') &&
        lines.some((line) => line.method === 'notifications/subscriptions/acknowledged'),
      'the question and the acknowledgement',
    );
    expect(server.hub.listenCount).toBe(1);
    await stdio.shutdown(50);
    await served;
    expect(lines.find((line) => line.id === 2)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32603, message: TRANSPORT_MESSAGES.SHUTTING_DOWN },
    });
    await waitFor(() => unanswered.length === 1, 'the waiting question to be settled');
    expect(unanswered).toEqual([MESSAGES.SESSION_ENDED]);
    expect(server.hub.listenCount).toBe(0);
  });
});
