import type { JsonObject, JsonRpcResponse } from '../core/internal.js';
import { readSseEvents } from './sse-events.js';

/**
 * How the client resumes an event stream that ended before the response (initialize-era
 * sessions, SEP-1699): it waits for the delay of the stream's last `retry` field (or
 * `delayMs`), then reconnects with `GET` and `Last-Event-ID`.
 * @publicApi
 */
export interface ReconnectionOptions {
  /** The wait before reconnecting when the server gave no `retry` field. @default 1_000 */
  delayMs?: number;
  /**
   * Reconnections tried in a row without receiving an event; `0` turns resumption off.
   * @default 3
   */
  maxAttempts?: number;
}

/** What reading a response stream needs from the channel. @internal */
export interface StreamReader {
  /** A request or notification of the server, met on the stream. */
  onMessage(message: JsonObject): Promise<void>;
  /**
   * Reconnects with `GET` and `Last-Event-ID`; `undefined` when the stream cannot be resumed
   * (2026-07-28 has no resumability).
   */
  readonly resume?: (lastEventId: string) => Promise<Response | undefined>;
}

/** Whether a value is a JSON-RPC response (a result or an error). @internal */
export function isResponse(value: unknown): value is JsonRpcResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as JsonObject).jsonrpc === '2.0' &&
    ('result' in value || 'error' in value)
  );
}

const parse = (data: string): unknown => {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined; // not JSON-RPC: the caller reports "did not answer as an MCP server"
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where one pass over a stream left off. */
interface Pass {
  response?: JsonRpcResponse;
  lastEventId?: string;
  retryMs?: number;
  events: number;
}

/** Reads one stream until the response to `id` or its end, handing other messages on. */
async function readPass(
  response: Response,
  id: unknown,
  reader: StreamReader,
  pass: Pass,
): Promise<void> {
  if (response.body === null) return;
  for await (const event of readSseEvents(response.body)) {
    pass.events += 1;
    if (event.id !== undefined) pass.lastEventId = event.id === '' ? undefined : event.id;
    if (event.retry !== undefined) pass.retryMs = event.retry;
    const message = event.data === '' ? undefined : parse(event.data);
    if (isResponse(message) && message.id === id) {
      pass.response = message;
      return;
    }
    if (typeof message === 'object' && message !== null && 'method' in message) {
      await reader.onMessage(message);
    }
  }
}

/**
 * Reads an event stream until the response to `id`: requests and notifications of the server
 * go to `reader.onMessage`. A stream that ends first is resumed with `GET` and `Last-Event-ID`
 * when it carried an event id, after the delay its `retry` field asked for.
 * @returns the response, or `undefined` when the stream ended without it and could not resume.
 * @internal
 */
export async function readResponseStream(
  response: Response,
  id: unknown,
  reader: StreamReader,
  reconnection: ReconnectionOptions = {},
): Promise<JsonRpcResponse | undefined> {
  const pass: Pass = { events: 0 };
  const maxAttempts = reconnection.maxAttempts ?? 3;
  let current: Response | undefined = response;
  let attempts = 0;
  for (;;) {
    pass.events = 0;
    if (current !== undefined) await readPass(current, id, reader, pass);
    if (pass.response !== undefined) return pass.response;
    attempts = pass.events > 0 ? 1 : attempts + 1;
    if (reader.resume === undefined || pass.lastEventId === undefined || attempts > maxAttempts)
      return undefined;
    await sleep(pass.retryMs ?? reconnection.delayMs ?? 1_000);
    current = await reader.resume(pass.lastEventId).catch(() => undefined);
  }
}
