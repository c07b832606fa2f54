import fc from 'fast-check';
import { PassThrough } from 'node:stream';
import { MESSAGES } from '../../core/internal.js';
import { nestsDeeperThan } from '../../core/wire/json-depth.js';
import { bracketText, splitAt, splitTextAt } from '../../../test/helpers/byte-chunks.js';
import { BODY_TOO_DEEP, BodyWatch, watchBody, type BodyWatchEnd } from './body-watch.js';

/** What a parser reading the stream as Fastify's does saw: its bytes, or the error that stopped it. */
function readAsParser(stream: PassThrough): Promise<{ body?: string; error?: Error }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)));
    stream.on('end', () => resolve({ body: Buffer.concat(chunks).toString() }));
    stream.on('error', (error) => resolve({ error }));
    stream.resume();
  });
}

const ended = (watchOutcome: (outcome: BodyWatchEnd) => void) => ({
  watchedBodyRead: watchOutcome,
});

/** Whether a watch given these chunks (bytes, or text) one by one finds them too deep. */
function watchedTooDeep(chunks: (Buffer | string)[], max: number): boolean {
  const stream = new PassThrough();
  const watch = new BodyWatch(1 << 20, max);
  for (const chunk of chunks) watch.take(stream, chunk);
  return watch.tooDeep;
}

describe('the depth check of a watched body', () => {
  it.each([
    ['[[[1]]]', 2],
    ['[[[1]]]', 3],
    ['{"a":"[[[[[["}', 1],
    ['{"a":"\\"[[[[["}', 1],
    ['{"é€😀":[["ü"]]}', 2],
    ['{"é€😀":[["ü"]]}', 3],
    ['[[[not json', 2],
  ])('should read %s as the text scan does, with the limit %d', (text, max) => {
    expect(watchedTooDeep([Buffer.from(text)], max)).toBe(nestsDeeperThan(text, max));
  });

  it('should read any text as the text scan does, with few brackets or many, however it is cut', () => {
    fc.assert(
      fc.property(
        bracketText(),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.nat({ max: 12 }),
        (json, cuts, max) => {
          const chunks = splitAt(Buffer.from(json), cuts);
          expect(watchedTooDeep(chunks, max)).toBe(nestsDeeperThan(json, max));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('should read text chunks (a stream with an encoding) as the text scan does, however the text is cut', () => {
    fc.assert(
      fc.property(
        bracketText('😀'),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.nat({ max: 12 }),
        (json, cuts, max) => {
          const chunks = splitTextAt(json, cuts);
          expect(watchedTooDeep(chunks, max)).toBe(nestsDeeperThan(json, max));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('should scan the chunks kept before the count passed the limit', () => {
    // Two brackets in the first chunk stay within the count; the third, in the next, starts the
    // scan, which must count the first two again.
    expect(watchedTooDeep([Buffer.from('[['), Buffer.from('[1]]]')], 2)).toBe(true);
  });
});

describe('watchBody()', () => {
  it('should hand the parser every byte, and keep the same bytes', async () => {
    const stream = new PassThrough();
    const watch = watchBody(stream, 100, 3);
    const parsed = readAsParser(stream);
    stream.write('{"a":[1,');
    stream.end('{"b":2}]}');
    expect(await parsed).toEqual({ body: '{"a":[1,{"b":2}]}' });
    expect(watch.body.toString()).toBe('{"a":[1,{"b":2}]}');
    expect(watch.depthChecked).toBe(true);
  });

  it('should keep text chunks as they come, and give their bytes as the body', async () => {
    const stream = new PassThrough();
    const watch = watchBody(stream, 100, 3);
    stream.setEncoding('utf8');
    const texts: string[] = [];
    const parsed = new Promise<string>((resolve) => {
      stream.on('data', (chunk: string) => texts.push(chunk));
      stream.on('end', () => resolve(texts.join('')));
      stream.resume();
    });
    stream.write('{"a":["é€', 'utf8');
    stream.end('😀",{"b":2}]}');
    expect(await parsed).toBe('{"a":["é€😀",{"b":2}]}');
    expect(texts.every((chunk) => typeof chunk === 'string')).toBe(true);
    expect(watch.body).toEqual(Buffer.from('{"a":["é€😀",{"b":2}]}'));
    expect(watch.depthChecked).toBe(true);
  });

  it('should count the bytes of text chunks against the limit, not their characters', () => {
    const stream = new PassThrough();
    const watch = new BodyWatch(10, 3);
    watch.take(stream, '"ééééé"'); // 7 characters, 12 bytes
    expect(watch.overLimit).toBe(true);
  });

  it('should stop the parser at a text chunk that nests too deep, then read on for the id', async () => {
    const stream = new PassThrough();
    const watch = watchBody(stream, 1000, 3);
    stream.setEncoding('utf8');
    const parsed = readAsParser(stream);
    stream.write('{"params":[["é",');
    stream.write('[[1]]]],');
    const { error } = await parsed;
    expect(error).toMatchObject({ code: BODY_TOO_DEEP });
    const outcome = new Promise<BodyWatchEnd>((resolve) => watch.whenRead(ended(resolve)));
    stream.end('"id":7}');
    expect(await outcome).toBe('read');
    expect(watch.body.toString()).toBe('{"params":[["é",[[1]]]],"id":7}');
  });

  it('should not let a byte flow before the parser listens', async () => {
    const stream = new PassThrough();
    stream.write('{"early":true}');
    watchBody(stream, 100, 3);
    await new Promise((resolve) => setImmediate(resolve));
    const parsed = readAsParser(stream);
    stream.end();
    expect(await parsed).toEqual({ body: '{"early":true}' });
  });

  it('should stop the parser at the chunk that nests too deep, then read on for the id', async () => {
    const stream = new PassThrough();
    const watch = watchBody(stream, 1000, 3);
    const parsed = readAsParser(stream);
    stream.write('{"params":[[');
    stream.write('[[1]]]],');
    const { error } = await parsed;
    expect(error).toMatchObject({ code: BODY_TOO_DEEP, message: MESSAGES.TOO_DEEP(3) });
    expect(watch.tooDeep).toBe(true);
    const outcome = new Promise<BodyWatchEnd>((resolve) => watch.whenRead(ended(resolve)));
    stream.end('"id":7}');
    expect(await outcome).toBe('read');
    expect(watch.body.toString()).toBe('{"params":[[[[1]]]],"id":7}');
    // Told at once when asked after the end.
    expect(await new Promise((resolve) => watch.whenRead(ended(resolve)))).toBe('read');
  });

  it('should count brackets in strings only until the scan begins, and scan what was kept', async () => {
    const stream = new PassThrough();
    const watch = watchBody(stream, 1000, 2);
    const parsed = readAsParser(stream);
    stream.write('{"a":"[[[[","b":');
    stream.end('[1]}');
    expect(await parsed).toEqual({ body: '{"a":"[[[[","b":[1]}' });
    expect(watch.tooDeep).toBe(false);
  });

  it('should stop keeping bytes past the limit, and say so to a refusal waiting for them', async () => {
    const stream = new PassThrough();
    const watch = watchBody(stream, 10, 1);
    stream.on('error', () => undefined);
    stream.resume();
    stream.write('[[');
    const outcome = new Promise<BodyWatchEnd>((resolve) => watch.whenRead(ended(resolve)));
    stream.write('0123456789');
    expect(await outcome).toBe('too-large');
    expect(watch.overLimit).toBe(true);
    expect(watch.depthChecked).toBe(false);
    expect(watch.body.length).toBe(0);
  });

  it('should say so when the client goes away before a body refused as too deep ends', async () => {
    const stream = new PassThrough();
    const watch = watchBody(stream, 100, 1);
    stream.on('error', () => undefined);
    stream.resume();
    stream.write('[[');
    const outcome = new Promise<BodyWatchEnd>((resolve) => watch.whenRead(ended(resolve)));
    stream.destroy();
    expect(await outcome).toBe('aborted');
  });

  it('should emit no error on a stream nobody listens to for errors', async () => {
    const stream = new PassThrough();
    const watch = watchBody(stream, 100, 1);
    stream.resume();
    stream.end('[[1]]');
    await new Promise((resolve) => stream.on('end', resolve));
    expect(watch.tooDeep).toBe(true);
  });
});
