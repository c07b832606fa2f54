// What the hardening tests share: a standalone listener over a hardening server, and raw requests.
import { connect as tcpConnect } from 'node:net';
import type { JsonObject } from '../../lib/core/index.js';
import {
  createStreamableHttpServer,
  type StandaloneServerOptions,
} from '../../lib/transports/index.js';
import type { HardeningServer } from '../helpers/hardening-fixtures.js';
import { listenOnLoopback } from '../helpers/loopback-listener.js';
import { JSON_HEADERS, MODERN_META, initializeRequest } from '../helpers/raw-http.js';

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly json: JsonObject;
}

/** A standalone listener on a free loopback port, over a hardening server. */
export async function listen(
  server: HardeningServer,
  options: StandaloneServerOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const http = createStreamableHttpServer(server.source, {
    hub: server.hub,
    sessionStore: server.sessions,
    ...options,
  });
  const { url, close } = await listenOnLoopback(http);
  return { url, close };
}

export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: JSON.parse(text) as JsonObject,
  };
}

/** The body and headers of a 2026-07-28 request (`Mcp-Name` when the name or URI is a string). */
export function modernMessage(
  method: string,
  params: JsonObject,
  headers: Record<string, string> = {},
  id: string | number = 9,
): { body: JsonObject; headers: Record<string, string> } {
  return {
    body: {
      jsonrpc: '2.0',
      id,
      method,
      params: { ...params, _meta: { ...MODERN_META, ...(params._meta as JsonObject | undefined) } },
    },
    headers: {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
      ...(typeof params.uri === 'string' ? { 'mcp-name': params.uri } : {}),
      ...headers,
    },
  };
}

/** A 2026-07-28 request with its standard headers, answered with one JSON response. */
export const modern = (
  url: string,
  method: string,
  params: JsonObject,
  headers: Record<string, string> = {},
) => {
  const message = modernMessage(method, params, headers);
  return post(url, message.body, message.headers);
};

/** Opens an initialize-era session and returns a function that sends requests in it. */
export async function session(url: string, headers: Record<string, string> = {}) {
  const opened = await fetch(url, {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: JSON.stringify(initializeRequest()),
  });
  await opened.body?.cancel();
  const id = opened.headers.get('mcp-session-id')!;
  const send = (method: string, params: JsonObject = {}) =>
    post(url, { jsonrpc: '2.0', id: 3, method, params }, { ...headers, 'mcp-session-id': id });
  return { id, send };
}

/** An answer without its id and the name it is about, to compare two of them. */
export const shape = (answer: Answer, name: string): string =>
  JSON.stringify({ status: answer.status, body: { ...answer.json, id: undefined } }).replaceAll(
    name,
    '<name>',
  );

/** Reads the `data:` lines of an event stream as JSON messages, one at a time. */
export function events(response: Response): {
  next: () => Promise<JsonObject>;
  /** Resolves when the server has ended the stream. */
  ended: () => Promise<void>;
  cancel: () => Promise<void>;
} {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done = false;
  const next = async (): Promise<JsonObject> => {
    for (;;) {
      const match = /data: (.+)\n/.exec(buffer);
      if (match !== null) {
        buffer = buffer.slice(match.index + match[0].length);
        return JSON.parse(match[1]!) as JsonObject;
      }
      if (done) throw new Error('the stream ended');
      const read = await reader.read();
      done = read.done;
      buffer += read.value ?? '';
    }
  };
  const ended = async (): Promise<void> => {
    while (!done) done = (await reader.read()).done;
  };
  return { next, ended, cancel: () => reader.cancel() };
}

/**
 * A client too slow for the server's timeouts: it sends `start`, then `drip` twice, 50 ms apart,
 * then stalls until the server closes; resolves with all the server answered. It stops writing
 * well before the timeout, so that no byte reaches the server after it answered and closed (a
 * byte it cannot read makes its kernel reset the connection, and a reset may drop the answer
 * before this client reads it). A socket error resolves with what came before it: the caller's
 * assertion says what was missing.
 */
export function slowClient(port: number, start: string, drip: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1', () => socket.write(start));
    let data = '';
    socket.on('data', (chunk) => (data += String(chunk)));
    let dripped = 0;
    const timer = setInterval(() => {
      if (++dripped === 2) clearInterval(timer);
      socket.write(drip);
    }, 50);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(data);
    });
  });
}
