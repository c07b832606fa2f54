import { serializeMessage } from '../../core/internal.js';
import type { ServerResponse } from 'node:http';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';

/** How often a long-lived stream sends an SSE comment so that proxies keep it open. @internal */
export const KEEP_ALIVE_MS = 15_000;

/**
 * One Server-Sent Events response: headers on open, `data:` events, comment keep-alives, and a
 * callback when either side ends it.
 * @internal
 */
export class SseStream {
  private closed = false;
  private readonly keepAlive: NodeJS.Timeout;
  private readonly closeListeners: (() => void)[] = [];

  constructor(
    private readonly res: ServerResponse,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(
      200,
      Object.assign({}, headers, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      }),
    );
    res.flushHeaders();
    this.keepAlive = setInterval(() => this.comment('keep-alive'), KEEP_ALIVE_MS);
    this.keepAlive.unref();
    res.once('close', () => this.finish());
  }

  /** Sends one JSON-RPC message as an event. @throws {Error} when the stream is closed. */
  send(message: unknown): void {
    this.writeEvent(serializeMessage(message as object));
  }

  /** Writes one event: an optional id, then the data (empty data primes a resumable stream). */
  writeEvent(data: string, id?: string, retryMs?: number): void {
    if (this.closed) throw new Error(TRANSPORT_MESSAGES.STREAM_CLOSED);
    const head = `${id === undefined ? '' : `id: ${id}\n`}${retryMs === undefined ? '' : `retry: ${retryMs}\n`}`;
    this.res.write(`${head}data: ${data}\n\n`);
  }

  /** Whether the stream has ended. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Ends the stream from the server side. */
  close(): void {
    if (this.closed) return;
    this.res.end();
    this.finish();
  }

  /** Runs `listener` once, when the stream ends for any reason. */
  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  private comment(text: string): void {
    if (!this.closed) this.res.write(`: ${text}\n\n`);
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepAlive);
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
