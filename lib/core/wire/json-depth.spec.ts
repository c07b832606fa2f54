import fc from 'fast-check';
import { bracketText, splitAt, splitTextAt } from '../../../test/helpers/byte-chunks.js';
import { topLevelId } from './id-tokens.js';
import { DepthScan, countOpens, nestsDeeperThan, valueNestsDeeperThan } from './json-depth.js';
import { parseMessage } from './json-rpc.parser.js';

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('nestsDeeperThan()', () => {
  it.each([
    [nested(3), 3, false],
    [nested(4), 3, true],
    ['{"a":{"b":[1,{"c":2}]}}', 4, false],
    ['{"a":{"b":[1,{"c":2}]}}', 3, true],
    // Brackets inside strings, escaped quotes included, do not count.
    ['{"a":"[[[[[[\\"{{{{"}', 1, false],
    ['"\\"[["', 0, false],
    // An escaped backslash ends before the quote, which then closes the string.
    ['{"a":"\\\\"}', 1, false],
  ])('should read %s against %d as %p', (text, max, deeper) => {
    expect(nestsDeeperThan(text, max)).toBe(deeper);
  });

  it('should agree with a plain scan of every character, few brackets or many', () => {
    // The oracle: the deepest nesting outside strings, read one character at a time.
    const deepest = (text: string): number => {
      let depth = 0;
      let most = 0;
      let inString = false;
      for (let i = 0; i < text.length; i++) {
        const char = text[i];
        if (inString) {
          if (char === '\\') i++;
          else if (char === '"') inString = false;
        } else if (char === '"') inString = true;
        else if (char === '{' || char === '[') most = Math.max(most, ++depth);
        else if (char === '}' || char === ']') depth--;
      }
      return most;
    };
    const text = fc.oneof(
      fc.json(),
      fc.string({
        unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', 'a', ',', ':'),
        maxLength: 60,
      }),
    );
    fc.assert(
      fc.property(text, fc.nat({ max: 12 }), (json, max) => {
        expect(nestsDeeperThan(json, max)).toBe(deepest(json) > max);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('DepthScan', () => {
  const fedInChunks = (chunks: readonly (Buffer | string)[], max: number): boolean => {
    const scan = new DepthScan(max);
    return chunks.some((chunk) => scan.feed(chunk));
  };

  it('should carry a string and an escape across chunks', () => {
    // The quote that ends the string comes after an escaped quote cut from its backslash.
    const texts = ['[{"a":"\\', '"[[[', '"},', '[[[1]]]]'];
    const bytes = texts.map((text) => Buffer.from(text));
    for (const chunks of [texts, bytes]) {
      expect(fedInChunks(chunks, 3)).toBe(nestsDeeperThan(texts.join(''), 3));
      expect(fedInChunks(chunks, 3)).toBe(true);
      expect(fedInChunks(chunks, 4)).toBe(false);
    }
  });

  it('should give the answer of the whole text, however its bytes are cut', () => {
    fc.assert(
      fc.property(
        bracketText(),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.nat({ max: 12 }),
        (json, cuts, max) => {
          const bytes = Buffer.from(json);
          expect(fedInChunks(splitAt(bytes, cuts), max)).toBe(nestsDeeperThan(json, max));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('should read text chunks as it reads their bytes, however the text is cut', () => {
    fc.assert(
      fc.property(
        bracketText('😀'),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.nat({ max: 12 }),
        (json, cuts, max) => {
          const asText = fedInChunks(splitTextAt(json, cuts), max);
          expect(asText).toBe(fedInChunks([Buffer.from(json)], max));
          expect(asText).toBe(nestsDeeperThan(json, max));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('countOpens()', () => {
  it('should count the brackets of text and of bytes alike, stopping past the budget', () => {
    fc.assert(
      fc.property(bracketText('😀'), fc.nat({ max: 12 }), (json, budget) => {
        const all = [...json].filter((char) => char === '{' || char === '[').length;
        expect(countOpens(json, budget)).toBe(Math.min(all, budget + 1));
        expect(countOpens(Buffer.from(json), budget)).toBe(Math.min(all, budget + 1));
      }),
      { numRuns: 500 },
    );
  });
});

describe('valueNestsDeeperThan()', () => {
  it('should walk a value of any depth without recursion', () => {
    let value: unknown = 0;
    for (let i = 0; i < 200_000; i++) value = [value];
    expect(valueNestsDeeperThan(value, 128)).toBe(true);
    expect(valueNestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
  });
});

describe('topLevelId()', () => {
  it.each([
    ['{"jsonrpc":"2.0","id":7,"params":[[[]]]}', 7],
    ['{"params":{"id":1,"x":"\\"id\\":3"}, "id" : "abc"}', 'abc'],
    ['{"a":"id","id":-12}', -12],
    ['{"id":1.5}', undefined],
    ['{"id":null}', undefined],
    ['{"params":{"id":2}}', undefined],
    ['[{"id":2}]', undefined],
    ['{"id":"unterminated', undefined],
  ])('should read the id of %s as %p', (text, id) => {
    expect(topLevelId(text)).toBe(id);
  });
});

describe('parseMessage()', () => {
  it('should refuse a message nested deeper than the limit before parsing it', () => {
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{"x":${nested(200)}}}}`;
    expect(parseMessage(body, 128)).toMatchObject({
      kind: 'invalid',
      id: 1,
      error: { code: -32600, message: expect.stringContaining('deeper than 128 levels') as string },
    });
    expect(parseMessage(body, 256)).toMatchObject({ kind: 'request' });
  });

  it('should refuse a 3.6 MiB nested array in one linear scan', () => {
    const text = nested(1_800_000);
    expect(text.length).toBeGreaterThan(3_500_000);
    expect(parseMessage(text)).toMatchObject({ kind: 'invalid', error: { code: -32600 } });
  });
});
