import { MANAGED_HEADERS, checkRequestHeaders } from './request-headers.js';

describe('checkRequestHeaders()', () => {
  it('should lower-case the names and keep the values and their order', () => {
    expect(checkRequestHeaders({ 'X-Api-Key': 'k 1', 'X-Trace': '' })).toEqual({
      'x-api-key': 'k 1',
      'x-trace': '',
    });
    expect(checkRequestHeaders(undefined)).toEqual({});
  });

  it('should send a bearer token as Authorization', () => {
    expect(checkRequestHeaders({ 'X-Api-Key': 'k' }, 'abc.def-ghi_~+/=')).toEqual({
      'x-api-key': 'k',
      authorization: 'Bearer abc.def-ghi_~+/=',
    });
    expect(checkRequestHeaders(undefined, 't')).toEqual({ authorization: 'Bearer t' });
  });

  it('should take a header named like an Object.prototype property as a plain header', () => {
    const checked = checkRequestHeaders({ constructor: 'a', toString: 'b' });
    expect(checked).toEqual({ constructor: 'a', tostring: 'b' });
  });

  it.each([
    [{ 'X Api Key': 'k' }, 'the header name "X Api Key" is not an HTTP token'],
    [{ 'X-Api-Key:': 'k' }, 'the header name "X-Api-Key:" is not an HTTP token'],
    [{ '': 'k' }, 'the header name "" is not an HTTP token'],
    [{ 'X-Api-Key': 'k\r\nX-Injected: 1' }, 'the value of the header X-Api-Key must be a string'],
    [{ 'X-Api-Key': 'k\n' }, 'without CR, LF, NUL'],
    [{ 'X-Api-Key': 'k\0' }, 'without CR, LF, NUL'],
    [{ 'X-Name': 'Zoë ✓' }, 'characters above U+00FF'],
    [{ 'X-Api-Key': 1 }, 'the value of the header X-Api-Key must be a string'],
    [{ 'X-Api-Key': 'a', 'x-api-key': 'b' }, 'the header x-api-key is given twice'],
  ])('should refuse %j', (headers, message) => {
    expect(() => checkRequestHeaders(headers as never)).toThrow(TypeError);
    expect(() => checkRequestHeaders(headers as never)).toThrow(message);
  });

  it.each([
    ...MANAGED_HEADERS.map((name) => [name.toUpperCase()]),
    ['Mcp-Param-Region'],
    ['Content-Type'],
  ])('should refuse %s, which the client sets itself', (name) => {
    expect(() => checkRequestHeaders({ [name]: 'x' })).toThrow(
      new TypeError(
        `the header ${name} is set by the client itself (as are accept, content-type, ` +
          'content-length, mcp-protocol-version, mcp-session-id, mcp-method, mcp-name, ' +
          'mcp-param-*); leave it out',
      ),
    );
  });

  it('should refuse headers that are not an object', () => {
    for (const headers of ['X-Api-Key: k', null, [['X-Api-Key', 'k']]]) {
      expect(() => checkRequestHeaders(headers as never)).toThrow(
        'headers must be an object of header names and string values',
      );
    }
  });

  it.each([[''], ['Bearer abc'], ['a b'], ['abc\r\n'], [42]])(
    'should refuse the bearer token %j',
    (token) => {
      expect(() => checkRequestHeaders(undefined, token as never)).toThrow(
        'bearerToken must be a non-empty string of visible characters',
      );
    },
  );

  it('should refuse a bearer token beside an Authorization header', () => {
    expect(() => checkRequestHeaders({ Authorization: 'Basic eDp5' }, 't')).toThrow(
      'give either bearerToken or an Authorization header, not both',
    );
  });
});
