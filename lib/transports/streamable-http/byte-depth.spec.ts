import fc from 'fast-check';
import { nestsDeeperThan } from '../../core/wire/json-depth.js';
import { DepthScan } from './byte-depth.js';
import { bracketText, splitAt } from '../../../test/helpers/byte-chunks.js';

describe('DepthScan', () => {
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
});
