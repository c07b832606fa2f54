import type { JsonObject } from '../core/internal.js';
import { listen, type ListenTarget } from './listen-stream.js';

const sse = (text: string) =>
  new Response(text, { headers: { 'content-type': 'text/event-stream' } });

function target(responses: Response[]) {
  const messages: JsonObject[] = [];
  const opened: (string | undefined)[] = [];
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const value: ListenTarget = {
    open: (lastEventId) => {
      opened.push(lastEventId);
      const next = responses.shift();
      if (next === undefined) done();
      return Promise.resolve(next ?? new Response(null, { status: 405 }));
    },
    onMessage: (message) => {
      messages.push(message);
      return Promise.resolve();
    },
  };
  return { value, messages, opened, finished };
}

describe('listen()', () => {
  it("should read the session's stream, and reopen it with Last-Event-ID when it ends", async () => {
    const changed = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const { value, messages, opened, finished } = target([
      sse(`id: s-1\nretry: 5\ndata: ${JSON.stringify(changed)}\n\n`),
      sse(`id: s-2\ndata: ${JSON.stringify(ping)}\n\n`),
    ]);
    const stop = listen(value, { delayMs: 5 });
    await finished;
    stop();
    expect(messages).toEqual([changed, ping]);
    expect(opened).toEqual([undefined, 's-1', 's-2']);
  });

  it('should leave a server alone that answers the GET with 405', async () => {
    const { value, opened, finished } = target([]);
    listen(value);
    await finished;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(opened).toEqual([undefined]);
  });

  it('should stop when closed, and not reopen', async () => {
    const opened: unknown[] = [];
    let release: () => void = () => undefined;
    const value: ListenTarget = {
      open: (_lastEventId, signal) => {
        opened.push(signal);
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('id: s-1\n\n'));
            signal.addEventListener('abort', () => controller.close());
            release();
          },
        });
        return Promise.resolve(
          new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
        );
      },
      onMessage: () => Promise.resolve(),
    };
    const started = new Promise<void>((resolve) => (release = resolve));
    const stop = listen(value, { delayMs: 1 });
    await started;
    stop();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(opened).toHaveLength(1);
    expect((opened[0] as AbortSignal).aborted).toBe(true);
  });
});
