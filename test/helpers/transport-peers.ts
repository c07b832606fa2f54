import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import {
  MODERN_PROTOCOL_VERSION,
  type JsonObject,
  type RuntimeSource,
} from '../../lib/core/index.js';
import {
  LATEST_LEGACY_VERSION,
  SUBSCRIPTION_ID_META,
  type MethodTable,
  type NotificationHub,
} from '../../lib/core/internal.js';
import { StdioTransport, createStreamableHttpServer } from '../../lib/transports/index.js';
import { JSON_HEADERS, MODERN_META } from './raw-http.js';
import type { RecordedExchange } from './recording-fetch.js';

/** The first JSON-RPC message a peer got back for a message, or the HTTP status alone. */
export interface PeerAnswer {
  /** HTTP only. */
  readonly status?: number;
  /** The response to a request, or the first notification of a stream it opened. */
  readonly message?: JsonObject;
}

/** A transport under test, seen from the client's side: one message in, its first answer out. */
export interface TransportPeer {
  /**
   * Sends a request (with an `id`) or a notification, in the 2026-07-28 envelope or in an
   * initialize-era session of `version` (opened on first use).
   */
  send(message: JsonObject, version: string, name?: string): Promise<PeerAnswer>;
  close(): Promise<void>;
}

const INITIALIZE = (version: string): JsonObject => ({
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: {
    protocolVersion: version,
    capabilities: {},
    clientInfo: { name: 'peer', version: '1.0.0' },
  },
});

const withMeta = (message: JsonObject): JsonObject => ({
  ...message,
  params: { ...(message.params as JsonObject | undefined), _meta: MODERN_META },
});

/** The listen request a 2026-07-28 notification belongs to. */
const subscriptionOf = (message: JsonObject): unknown =>
  ((message.params as JsonObject | undefined)?._meta as JsonObject | undefined)?.[
    SUBSCRIPTION_ID_META
  ];

/** Reads an HTTP answer: JSON, or the first message of an event stream (then lets go of it). */
async function firstMessage(response: Response): Promise<JsonObject | undefined> {
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) return (await response.json()) as JsonObject;
  if (!type.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return undefined;
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += value;
      const data = /(?:^|\n)data: ?(.*)\n/.exec(buffer)?.[1];
      if (data !== undefined && data !== '') return JSON.parse(data) as JsonObject;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The Streamable HTTP transport on a loopback port (the standalone listener). */
export async function httpPeer(
  source: RuntimeSource,
  options: { methods?: MethodTable; hub?: NotificationHub } = {},
): Promise<TransportPeer> {
  const server = createStreamableHttpServer(source, options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  const sessions = new Map<string, string>();
  const post = (body: JsonObject, headers: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, ...headers },
      body: JSON.stringify(body),
    });
  const sessionOf = async (version: string): Promise<string> => {
    const known = sessions.get(version);
    if (known !== undefined) return known;
    const response = await post(INITIALIZE(version), {});
    await response.body?.cancel();
    const id = response.headers.get('mcp-session-id')!;
    sessions.set(version, id);
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': id });
    return id;
  };
  return {
    async send(message, version, name) {
      const modern = version === MODERN_PROTOCOL_VERSION;
      const method = String(message.method);
      const headers: Record<string, string> = modern
        ? { 'mcp-protocol-version': version, 'mcp-method': method }
        : method === 'initialize'
          ? {}
          : { 'mcp-session-id': await sessionOf(version), 'mcp-protocol-version': version };
      if (modern && name !== undefined) headers['mcp-name'] = name;
      const response = await post(modern ? withMeta(message) : message, headers);
      return { status: response.status, message: await firstMessage(response) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The stdio transport on in-memory streams: one process, one session. */
export function stdioPeer(
  source: RuntimeSource,
  options: { methods?: MethodTable; hub?: NotificationHub } = {},
): TransportPeer {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new StdioTransport(source, { ...options, input, output });
  const served = transport.serve();
  const waiting: { match: (m: JsonObject) => boolean; resolve: (m: JsonObject) => void }[] = [];
  let buffer = '';
  output.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n')) !== -1) {
      const message = JSON.parse(buffer.slice(0, end)) as JsonObject;
      buffer = buffer.slice(end + 1);
      const index = waiting.findIndex((entry) => entry.match(message));
      if (index !== -1) waiting.splice(index, 1)[0]!.resolve(message);
    }
  });
  const answer = (match: (m: JsonObject) => boolean) =>
    new Promise<JsonObject>((resolve) => waiting.push({ match, resolve }));
  let session: string | undefined;
  const exchange = async (message: JsonObject): Promise<PeerAnswer> => {
    const id = message.id;
    const first = answer((m) => id !== undefined && (m.id === id || subscriptionOf(m) === id));
    input.write(`${JSON.stringify(message)}\n`);
    if (id === undefined) {
      // A notification gets nothing back: a ping after it shows the transport went on.
      const pong = answer((m) => m.id === 'after');
      input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 'after', method: 'ping' })}\n`);
      await pong;
      return {};
    }
    return { message: await first };
  };
  return {
    async send(message, version) {
      const modern = version === MODERN_PROTOCOL_VERSION;
      if (!modern && message.method !== 'initialize' && session !== version) {
        await exchange(INITIALIZE(version));
        session = version;
      }
      return exchange(modern ? withMeta(message) : message);
    },
    async close() {
      input.end();
      transport.close();
      await served;
    },
  };
}

/** The newest revision a method exists in that the server serves: 2026-07-28 if it can. */
export const revisionFor = (revisions: readonly string[]): string =>
  revisions.includes(MODERN_PROTOCOL_VERSION)
    ? MODERN_PROTOCOL_VERSION
    : (revisions[0] ?? LATEST_LEGACY_VERSION);

/**
 * A client transport of an official sdk (its stdio one, say), as far as {@link recordTransport}
 * needs: the client sends through `send` and receives through the `onmessage` it sets.
 */
export interface RecordableTransport {
  send(message: any, options?: any): Promise<void>;
  onmessage?: (message: any, extra?: any) => void;
}

/**
 * Records every message the server sends to a client over a non-HTTP transport (stdio), in the
 * shape of the HTTP recordings, so that `expectAllValid` checks them: one exchange per message,
 * named by the method of the request it answers (notifications and server requests name their
 * own). Call it before `client.connect()`: the transport is patched in place.
 */
export function recordTransport(transport: RecordableTransport): RecordedExchange[] {
  const exchanges: RecordedExchange[] = [];
  const methods = new Map<unknown, string>();
  const send = transport.send.bind(transport);
  transport.send = (message: JsonObject, options?: unknown) => {
    if (message.id !== undefined && typeof message.method === 'string') {
      methods.set(message.id, message.method);
    }
    return send(message, options);
  };
  let handler: RecordableTransport['onmessage'];
  const recording = (message: JsonObject, extra?: unknown): void => {
    const answers = message.method === undefined && message.id !== undefined;
    exchanges.push({
      httpMethod: 'STDIO',
      method: answers ? methods.get(message.id) : (message.method as string | undefined),
      requestBody: undefined,
      requestHeaders: {},
      responseHeaders: {},
      status: 0,
      contentType: null,
      messages: [message],
    });
    handler?.(message, extra);
  };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => (handler === undefined ? undefined : recording),
    set: (value: RecordableTransport['onmessage']) => {
      handler = value;
    },
  });
  return exchanges;
}
