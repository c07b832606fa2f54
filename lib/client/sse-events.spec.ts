import { readSseEvents, type SseEvent } from './sse-events.js';

/** A body that arrives in the given chunks. */
const body = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

async function events(...chunks: string[]): Promise<SseEvent[]> {
  const read: SseEvent[] = [];
  for await (const event of readSseEvents(body(...chunks))) read.push(event);
  return read;
}

describe('readSseEvents()', () => {
  it('should read data, id, event and retry fields, one event per blank line', async () => {
    expect(await events('id: 1\nevent: message\nretry: 500\ndata: {"a":1}\n\n')).toEqual([
      { data: '{"a":1}', id: '1', event: 'message', retry: 500 },
    ]);
  });

  it('should join data lines with a line feed and drop one space after the colon', async () => {
    expect(await events('data:first\ndata:  second\n\n')).toEqual([{ data: 'first\n second' }]);
  });

  it('should keep an event without data, such as a priming event', async () => {
    expect(await events('id: prime-1\nretry: 1000\ndata:\n\n')).toEqual([
      { data: '', id: 'prime-1', retry: 1000 },
    ]);
  });

  it('should read CRLF, CR and LF line ends, across chunk boundaries', async () => {
    expect(await events('data: a\r', '\n\r\ndata: b\r\rdata: c\n', '\n')).toEqual([
      { data: 'a' },
      { data: 'b' },
      { data: 'c' },
    ]);
  });

  it('should skip comments, unknown fields, a retry that is not a number and an id with NUL', async () => {
    expect(await events(': keep-alive\n\nfoo: bar\nretry: soon\nid: a\0b\ndata: x\n\n')).toEqual([
      { data: 'x' },
    ]);
  });

  it('should drop an event the stream ends in the middle of', async () => {
    expect(await events('data: done\n\ndata: cut')).toEqual([{ data: 'done' }]);
  });
});
