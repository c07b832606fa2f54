import { decodeHeaderValue } from '../core/internal.js';
import { encodeHeaderValue } from './header-encoding.js';

const base64 = (value: string) => `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;

describe('encodeHeaderValue()', () => {
  it.each(['us-west1', 'us west 1', 'SELECT * FROM users', '42', 'true', ''])(
    'should send %j as it is',
    (value) => {
      expect(encodeHeaderValue(value)).toBe(value);
    },
  );

  it.each([
    'Hello, 世界',
    ' padded',
    'padded ',
    '\tindented',
    'line1\nline2',
    'a\r\nb',
    '=?base64?x?=',
  ])('should send %j as a base64 sentinel that decodes back', (value) => {
    expect(encodeHeaderValue(value)).toBe(base64(value));
    expect(decodeHeaderValue(encodeHeaderValue(value))).toBe(value);
  });

  it("should encode without Node's Buffer, as in a browser", () => {
    const buffer = globalThis.Buffer;
    Reflect.deleteProperty(globalThis, 'Buffer');
    try {
      expect(encodeHeaderValue('café')).toBe('=?base64?Y2Fmw6k=?=');
    } finally {
      globalThis.Buffer = buffer;
    }
  });
});
