import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { readBody } from './body-reader.js';

describe('readBody()', () => {
  const request = (headers: Record<string, string> = {}) =>
    Object.assign(new PassThrough(), { headers, complete: true }) as unknown as IncomingMessage;

  it('should read a body from the stream it is given, under the limit', async () => {
    const req = request();
    const stream = new PassThrough();
    const read = readBody(req, 10, stream);
    stream.end('{"a":1}');
    expect(await read).toEqual({ ok: true, body: Buffer.from('{"a":1}') });
  });

  it('should stop at the limit, and at once for a declared length over it', async () => {
    const stream = new PassThrough();
    const over = readBody(request(), 4, stream);
    stream.end('{"a":1}');
    expect(await over).toEqual({ ok: false, reason: 'too-large' });
    const declared = request({ 'content-length': '100' });
    expect(await readBody(declared, 4)).toEqual({ ok: false, reason: 'too-large' });
  });
});
