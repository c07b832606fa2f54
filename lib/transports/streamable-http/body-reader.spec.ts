import fc from 'fast-check';
import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { nestsDeeperThan } from '../../core/protocol/json-depth.js';
import { bytesNestDeeperThan, readBody } from './body-reader.js';

describe('bytesNestDeeperThan()', () => {
  it.each([
    ['[[[1]]]', 2],
    ['[[[1]]]', 3],
    ['{"a":"[[[[[["}', 1],
    ['{"a":"\\"[[[[["}', 1],
    ['{"é€😀":[["ü"]]}', 2],
    ['{"é€😀":[["ü"]]}', 3],
    ['[[[not json', 2],
  ])('should read %s as the text scan does, with the limit %d', (text, max) => {
    expect(bytesNestDeeperThan(Buffer.from(text), max)).toBe(nestsDeeperThan(text, max));
  });

  it('should read any text as the text scan does, with few brackets or many', () => {
    const text = fc.oneof(
      fc.json(),
      fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', 'é', ','), maxLength: 60 }),
    );
    fc.assert(
      fc.property(text, fc.nat({ max: 12 }), (json, max) => {
        expect(bytesNestDeeperThan(Buffer.from(json), max)).toBe(nestsDeeperThan(json, max));
      }),
      { numRuns: 2000 },
    );
  });
});

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
