import type { JsonObject } from '../core/internal.js';
import type { ReconnectionOptions } from './response-stream.js';
import { readSseEvents } from './sse-events.js';

/** What the stream of an initialize-era session needs from the channel. @internal */
export interface ListenTarget {
  /** Opens the stream: `GET` with `Accept: text/event-stream` (and `Last-Event-ID` to resume). */
  open(lastEventId: string | undefined, signal: AbortSignal): Promise<Response>;
  /** A request or notification of the server met on the stream. */
  onMessage(message: JsonObject): Promise<void>;
}

/** Waits `ms`, or less when the signal aborts first. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

const parse = (data: string): unknown => {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
};

/** Reads one connection of the stream; resolves with how many events it carried. */
async function readConnection(
  response: Response,
  target: ListenTarget,
  cursor: { lastEventId?: string; retryMs?: number },
): Promise<number> {
  let events = 0;
  for await (const event of readSseEvents(response.body!)) {
    events += 1;
    if (event.id !== undefined) cursor.lastEventId = event.id === '' ? undefined : event.id;
    if (event.retry !== undefined) cursor.retryMs = event.retry;
    const message = event.data === '' ? undefined : parse(event.data);
    if (typeof message === 'object' && message !== null && 'method' in message) {
      await target.onMessage(message);
    }
  }
  return events;
}

/**
 * The event stream of an initialize-era session (`GET`), on which the server sends requests
 * and notifications that belong to no client request: it is read until the client closes, and
 * reopened with `Last-Event-ID` after the server's `retry` delay when it ends. A server that
 * answers the `GET` with anything but an event stream (405: it has none) is left alone.
 * @returns a function that closes the stream.
 * @internal
 */
export function listen(target: ListenTarget, reconnection: ReconnectionOptions = {}): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const cursor: { lastEventId?: string; retryMs?: number } = {};
  const maxAttempts = reconnection.maxAttempts ?? 3;
  const loop = async (): Promise<void> => {
    for (let attempts = 0; !signal.aborted;) {
      const response = await target.open(cursor.lastEventId, signal);
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || response.body === null || !/^text\/event-stream/i.test(type)) {
        await response.body?.cancel();
        return;
      }
      const events = await readConnection(response, target, cursor);
      attempts = events > 0 ? 1 : attempts + 1;
      if (signal.aborted || cursor.lastEventId === undefined || attempts > maxAttempts) return;
      await sleep(cursor.retryMs ?? reconnection.delayMs ?? 1_000, signal);
    }
  };
  // The stream ends with the session or the connection: nothing waits for it, nothing to report.
  void loop().catch(() => undefined);
  return () => controller.abort();
}
