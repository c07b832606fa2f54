/**
 * One event of a `text/event-stream` body (the WHATWG event-stream format): its `data` lines
 * joined, and the `id`, `event` and `retry` fields it carried.
 * @internal
 */
export interface SseEvent {
  readonly data: string;
  readonly id?: string;
  readonly event?: string;
  /** The reconnection delay the server asked for, in milliseconds. */
  readonly retry?: number;
}

/** The state of one event while its lines are read. */
interface Pending {
  data: string[];
  id?: string;
  event?: string;
  retry?: number;
  fields: number;
}

const fresh = (): Pending => ({ data: [], fields: 0 });

/** Reads one `field: value` line into the pending event (unknown fields and comments are skipped). */
function readLine(line: string, pending: Pending): void {
  if (line.startsWith(':')) return;
  const colon = line.indexOf(':');
  const field = colon === -1 ? line : line.slice(0, colon);
  const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
  switch (field) {
    case 'data':
      pending.data.push(value);
      break;
    case 'id':
      if (!value.includes('\0')) pending.id = value;
      break;
    case 'event':
      pending.event = value;
      break;
    case 'retry':
      if (/^\d+$/.test(value)) pending.retry = Number(value);
      break;
    default:
      return;
  }
  pending.fields += 1;
}

/** The event a blank line ends, or `undefined` when no field was read. */
function dispatch(pending: Pending): SseEvent | undefined {
  if (pending.fields === 0) return undefined;
  return {
    data: pending.data.join('\n'),
    ...(pending.id === undefined ? {} : { id: pending.id }),
    ...(pending.event === undefined ? {} : { event: pending.event }),
    ...(pending.retry === undefined ? {} : { retry: pending.retry }),
  };
}

/**
 * The events of an event-stream body, in order, including those without data (a priming event
 * that only carries an `id` and a `retry`). Lines end with CRLF, LF or CR. The stream is
 * cancelled when the caller stops iterating.
 * @internal
 */
export async function* readSseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let pending = fresh();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      // A CR at the very end may be the first half of a CRLF: it waits for the next chunk.
      const tail = buffer.endsWith('\r') ? '\r' : '';
      const lines = (tail === '' ? buffer : buffer.slice(0, -1)).split(/\r\n|\r|\n/);
      buffer = lines.pop()! + tail;
      for (const line of lines) {
        if (line !== '') {
          readLine(line, pending);
          continue;
        }
        const event = dispatch(pending);
        pending = fresh();
        if (event !== undefined) yield event;
      }
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
