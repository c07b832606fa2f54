import { decodeHeaderValue } from './header-value.js';

describe('decodeHeaderValue()', () => {
  it.each([
    ['echo', 'echo'],
    ['  echo\t', 'echo'],
    ['=?base64?ZWNobw==?=', 'echo'],
    ['=?base64?w6lsw6htZQ==?=', 'élème'],
    ['=?base64??=', ''],
    ['=?base64?only-prefix', '=?base64?only-prefix'],
    ['only-suffix?=', 'only-suffix?='],
    ['a b', 'a b'],
  ])('should decode %p as %p', (raw, decoded) => {
    expect(decodeHeaderValue(raw)).toBe(decoded);
  });

  it.each([
    ['missing padding', '=?base64?SGVsbG8?='],
    ['a character outside the alphabet', '=?base64?SGV*bG8=?='],
    ['bytes that are not UTF-8', '=?base64?/w==?='],
    ['a control character', 'a\u0001b'],
    ['a non-ASCII character', 'é'],
  ])('should refuse %s', (_label, raw) => {
    expect(decodeHeaderValue(raw)).toBeUndefined();
  });
});
