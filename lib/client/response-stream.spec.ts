import type { JsonObject } from '../core/internal.js';
import { readResponseStream, type StreamReader } from './response-stream.js';

const stream = (text: string) =>
  new Response(text, { headers: { 'content-type': 'text/event-stream' } });
const event = (message: unknown, id?: string) =>
  `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(message)}\n\n`;
const answer = (id: number) => ({ jsonrpc: '2.0', id, result: { ok: id } });

function reader(resumes: (Response | undefined)[] = [], modern = false) {
  const messages: JsonObject[] = [];
  const lastEventIds: string[] = [];
  const value: StreamReader = {
    onMessage: (message) => {
      messages.push(message);
      return Promise.resolve();
    },
    ...(modern
      ? {}
      : {
          resume: (lastEventId: string) => {
            lastEventIds.push(lastEventId);
            return Promise.resolve(resumes.shift());
          },
        }),
  };
  return { value, messages, lastEventIds };
}

describe('readResponseStream()', () => {
  it('should hand the requests and notifications on, in order, until the response to its id', async () => {
    const { value, messages } = reader();
    const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } };
    const ask = { jsonrpc: '2.0', id: 'srv-1', method: 'elicitation/create', params: {} };
    const body = stream(event(progress) + event(answer(9)) + event(ask) + event(answer(3)));
    expect(await readResponseStream(body, 3, value)).toEqual(answer(3));
    expect(messages).toEqual([progress, ask]);
  });

  it('should resume with Last-Event-ID after the retry delay of the stream', async () => {
    const { value, lastEventIds } = reader([stream(event(answer(1), 'e-3'))]);
    const started = Date.now();
    const body = stream('id: e-1\nretry: 60\ndata:\n\n');
    expect(await readResponseStream(body, 1, value)).toEqual(answer(1));
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(lastEventIds).toEqual(['e-1']);
  });

  it('should wait delayMs when the stream gave no retry', async () => {
    const { value } = reader([stream(event(answer(1)))]);
    const started = Date.now();
    await readResponseStream(stream('id: e-1\ndata:\n\n'), 1, value, { delayMs: 40 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('should give up after maxAttempts reconnections that bring no event', async () => {
    const { value, lastEventIds } = reader([stream(''), undefined, stream('')]);
    const body = stream('id: e-1\nretry: 1\ndata:\n\n');
    expect(await readResponseStream(body, 1, value, { maxAttempts: 3 })).toBeUndefined();
    expect(lastEventIds).toEqual(['e-1', 'e-1', 'e-1']);
  });

  it('should not resume a stream without an event id, nor a 2026-07-28 stream', async () => {
    const plain = reader([stream(event(answer(1)))]);
    expect(await readResponseStream(stream('data:\n\n'), 1, plain.value)).toBeUndefined();
    expect(plain.lastEventIds).toEqual([]);
    const modern = reader([], true);
    expect(await readResponseStream(stream('id: e\ndata:\n\n'), 1, modern.value)).toBeUndefined();
  });

  it('should skip data that is not JSON', async () => {
    const { value } = reader();
    expect(
      await readResponseStream(stream('data: {oops\n\n' + event(answer(2))), 2, value),
    ).toEqual(answer(2));
  });
});
