import { classifyMessage, parseMessage } from './json-rpc.parser.js';

describe('parseMessage()', () => {
  it.each(['{bad', '', '{"jsonrpc":"2.0",', 'undefined'])(
    'should answer %p with a -32700 parse error',
    (text) => {
      expect(parseMessage(text)).toEqual({
        kind: 'invalid',
        id: undefined,
        error: { code: -32700, message: 'Parse error: the body is not valid JSON' },
      });
    },
  );

  it('should classify a request, a notification and a response', () => {
    expect(parseMessage('{"jsonrpc":"2.0","id":"x","method":"ping"}')).toEqual({
      kind: 'request',
      message: { jsonrpc: '2.0', id: 'x', method: 'ping', params: undefined },
    });
    expect(parseMessage('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toMatchObject({
      kind: 'notification',
    });
    expect(parseMessage('{"jsonrpc":"2.0","id":4,"result":{}}')).toEqual({
      kind: 'response',
      id: 4,
      result: {},
    });
    expect(parseMessage('{"jsonrpc":"2.0","id":"s1","error":{"code":-1,"message":"no"}}')).toEqual({
      kind: 'response',
      id: 's1',
      error: { code: -1, message: 'no' },
    });
  });
});

describe('classifyMessage()', () => {
  it('should refuse a fractional id', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: 1.5, method: 'ping' })).toMatchObject({
      kind: 'invalid',
      error: { code: -32600 },
    });
  });

  it('should refuse an empty method', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: 1, method: '' })).toMatchObject({
      kind: 'invalid',
      id: 1,
    });
  });
});
