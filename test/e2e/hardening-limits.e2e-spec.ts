// The limits on listen streams: URIs per stream, streams per process, and streams per client (its
// verified caller, else its remote address), over HTTP and stdio.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { type JsonObject, type ServerLimits } from '../../lib/core/index.js';
import { MESSAGES } from '../../lib/core/internal.js';
import { StdioTransport } from '../../lib/transports/index.js';
import { StreamableHttpTransport, requestState } from '../../lib/transports/internal.js';
import { TRANSPORT_MESSAGES } from '../../lib/transports/transport.messages.js';
import { hardeningServer, type HardeningServer } from '../helpers/hardening-fixtures.js';
import { JSON_HEADERS } from '../helpers/raw-http.js';
import { waitFor } from '../helpers/wait-for.js';
import { modernMessage } from './hardening.helpers.js';

interface OpenedListen {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  /** The acknowledgement of an open stream, or the error body of a refusal. */
  readonly first: JsonObject;
  /** Ends the stream from the client's side. */
  close(): void;
}

/** An HTTP server over a transport that takes the `x-user` header as the verified caller. */
async function serve(
  server: HardeningServer,
): Promise<{ port: number; transport: StreamableHttpTransport; close: () => Promise<void> }> {
  const transport = new StreamableHttpTransport(server.source, { hub: server.hub });
  const http: Server = createServer((req, res) => {
    const user = req.headers['x-user'];
    if (typeof user === 'string')
      requestState(req).auth = { subject: user, scopes: [], claims: {} };
    void transport.handle(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    port: (http.address() as AddressInfo).port,
    transport,
    close: async () => {
      transport.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Opens a listen stream from a given local address (127.0.0.x are distinct clients on loopback). */
function openListen(
  port: number,
  id: string,
  options: { from?: string; user?: string; uris?: readonly string[] } = {},
): Promise<OpenedListen> {
  const message = modernMessage(
    'subscriptions/listen',
    { notifications: { resourceSubscriptions: [...(options.uris ?? ['mem://open'])] } },
    options.user === undefined ? {} : { 'x-user': options.user },
    id,
  );
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        localAddress: options.from ?? '127.0.0.1',
        headers: { ...JSON_HEADERS, ...message.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          const data = /data: (.+)\n/.exec(text)?.[1];
          if (data !== undefined) done(JSON.parse(data) as JsonObject);
        });
        res.on('end', () => done(JSON.parse(text) as JsonObject));
        let settled = false;
        const done = (first: JsonObject) => {
          if (settled) return;
          settled = true;
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            first,
            close: () => req.destroy(),
          });
        };
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(message.body));
  });
}

const ACKNOWLEDGED = { method: 'notifications/subscriptions/acknowledged' };

describe('Hardening: listen streams', () => {
  const running: { close: () => Promise<void> }[] = [];
  const opened: OpenedListen[] = [];
  afterEach(async () => {
    for (const stream of opened.splice(0)) stream.close();
    for (const server of running.splice(0)) await server.close();
  });

  async function start(limits: ServerLimits) {
    const server = hardeningServer({ limits });
    const http = await serve(server);
    running.push(http);
    const open = async (id: string, options?: Parameters<typeof openListen>[2]) => {
      const stream = await openListen(http.port, id, options);
      opened.push(stream);
      return stream;
    };
    return { server, open };
  }

  it('should refuse a listen stream that asks for more URIs than maxListenUris', async () => {
    const { open } = await start({ maxListenUris: 2 });
    expect((await open('two', { uris: ['mem://a', 'mem://b'] })).first).toMatchObject(ACKNOWLEDGED);
    const three = await open('three', { uris: ['mem://a', 'mem://b', 'mem://c'] });
    expect(three.first).toEqual({
      jsonrpc: '2.0',
      id: 'three',
      error: { code: -32602, message: MESSAGES.LISTEN_URIS_TOO_MANY(2) },
    });
  });

  it('should hold at most maxListenStreams in the process: 503 and Retry-After, then room once one closes', async () => {
    const { server, open } = await start({ maxListenStreams: 2 });
    const first = await open('a');
    expect(first.first).toMatchObject(ACKNOWLEDGED);
    expect((await open('b', { from: '127.0.0.2' })).first).toMatchObject(ACKNOWLEDGED);
    const full = await open('c', { from: '127.0.0.3' });
    expect(full.status).toBe(503);
    expect(full.headers['retry-after']).toBe('5');
    expect(full.first).toEqual({
      jsonrpc: '2.0',
      id: 'c',
      error: { code: -32603, message: MESSAGES.LISTEN_STREAMS_FULL },
    });
    first.close();
    await waitFor(() => server.hub.listenCount === 1, 'the closed stream to be released');
    expect((await open('d', { from: '127.0.0.3' })).first).toMatchObject(ACKNOWLEDGED);
  });

  it('should not let concurrent listen requests open more than maxListenStreams', async () => {
    const { server, open } = await start({ maxListenStreams: 3 });
    const all = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((id, index) => open(id, { from: `127.0.0.${index + 1}` })),
    );
    expect(all.filter((stream) => stream.status === 200)).toHaveLength(3);
    expect(all.filter((stream) => stream.status === 503)).toHaveLength(3);
    expect(server.hub.listenCount).toBe(3);
  });

  it('should hold at most maxListenStreamsPerClient for one remote address: 429 that says what to do', async () => {
    const { server, open } = await start({ maxListenStreamsPerClient: 2 });
    const first = await open('a');
    await open('b');
    const over = await open('c');
    expect(over.status).toBe(429);
    expect(over.first).toEqual({
      jsonrpc: '2.0',
      id: 'c',
      error: { code: -32600, message: TRANSPORT_MESSAGES.CLIENT_LISTEN_STREAMS_FULL(2) },
    });
    expect(over.first).toMatchObject({
      error: { message: expect.stringContaining('close one') as string },
    });
    // Another client is not affected; the first one may open again once it closed a stream.
    expect((await open('d', { from: '127.0.0.2' })).first).toMatchObject(ACKNOWLEDGED);
    first.close();
    await waitFor(() => server.hub.listenCount === 2, 'the closed stream to be released');
    expect((await open('e')).first).toMatchObject(ACKNOWLEDGED);
  });

  it('should count the streams of a verified caller apart from others at the same address', async () => {
    const { open } = await start({ maxListenStreamsPerClient: 1 });
    expect((await open('a', { user: 'alice' })).first).toMatchObject(ACKNOWLEDGED);
    expect((await open('b', { user: 'alice' })).status).toBe(429);
    expect((await open('c', { user: 'bob' })).first).toMatchObject(ACKNOWLEDGED);
    expect((await open('d')).first).toMatchObject(ACKNOWLEDGED);
  });

  it('should apply the per-client limit to the one client of a stdio server', async () => {
    const server = hardeningServer({ limits: { maxListenStreamsPerClient: 1 } });
    const input = new PassThrough();
    const output = new PassThrough();
    const stdio = new StdioTransport(server.source, { hub: server.hub, input, output });
    const served = stdio.serve();
    const lines: JsonObject[] = [];
    output.on('data', (chunk: Buffer) => {
      for (const line of String(chunk).split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as JsonObject);
    });
    for (const id of ['a', 'b']) {
      const message = modernMessage('subscriptions/listen', { notifications: {} }, {}, id);
      input.write(`${JSON.stringify(message.body)}\n`);
    }
    await waitFor(() => lines.length === 2, 'the acknowledgement and the refusal');
    expect(lines[0]).toMatchObject(ACKNOWLEDGED);
    expect(lines[1]).toEqual({
      jsonrpc: '2.0',
      id: 'b',
      error: { code: -32600, message: TRANSPORT_MESSAGES.CLIENT_LISTEN_STREAMS_FULL(1) },
    });
    input.end();
    stdio.close();
    await served;
    expect(server.hub.listenCount).toBe(0);
  });

  it('should check maxListenStreamsPerClient at bootstrap', () => {
    expect(() => hardeningServer({ limits: { maxListenStreamsPerClient: 0 } })).toThrow(
      'Snodo: limits.maxListenStreamsPerClient must be a whole number of 1 or more',
    );
  });
});
