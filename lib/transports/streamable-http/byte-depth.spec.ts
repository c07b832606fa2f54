import fc from 'fast-check';
import { nestsDeeperThan } from '../../core/protocol/json-depth.js';
import { bytesNestDeeperThan, DepthScan } from './byte-depth.js';

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

describe('DepthScan', () => {
  /** The bytes cut at the given offsets, in order. */
  const split = (bytes: Buffer, cuts: number[]): Buffer[] => {
    const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
    return [0, ...at].map((from, i) => bytes.subarray(from, i < at.length ? at[i] : bytes.length));
  };
  const fedInChunks = (chunks: Buffer[], max: number): boolean => {
    const scan = new DepthScan(max);
    return chunks.some((chunk) => scan.feed(chunk));
  };

  it('should carry a string and an escape across chunks', () => {
    // The quote that ends the string comes after an escaped quote cut from its backslash.
    const chunks = ['[{"a":"\\', '"[[[', '"},', '[[[1]]]]'].map((text) => Buffer.from(text));
    expect(fedInChunks(chunks, 3)).toBe(nestsDeeperThan(chunks.join(''), 3));
    expect(fedInChunks(chunks, 3)).toBe(true);
    expect(fedInChunks(chunks, 4)).toBe(false);
  });

  it('should give the answer of the whole text, however the bytes are cut', () => {
    const text = fc.oneof(
      fc.json(),
      fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', 'é', ','), maxLength: 60 }),
    );
    fc.assert(
      fc.property(
        text,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.nat({ max: 12 }),
        (json, cuts, max) => {
          const bytes = Buffer.from(json);
          expect(fedInChunks(split(bytes, cuts), max)).toBe(nestsDeeperThan(json, max));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
