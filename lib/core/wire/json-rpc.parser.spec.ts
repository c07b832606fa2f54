import { ExactNumberId, idTokens } from './id-tokens.js';
import { classifyMessage, parseMessage } from './json-rpc.parser.js';
import { serializeMessage } from './serialized-message.js';

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

describe('ids too large for a number', () => {
  const BIG = '9007199254740993';

  it('should keep the token of an integer id beyond 2^53 - 1, from the text it was parsed from', () => {
    const parsed = parseMessage(`{"jsonrpc":"2.0","id":${BIG},"method":"ping"}`);
    expect(parsed).toMatchObject({ kind: 'request', message: { id: new ExactNumberId(BIG) } });
  });

  it('should keep safe integers as numbers, and the last of duplicate ids as JSON.parse does', () => {
    expect(parseMessage('{"jsonrpc":"2.0","id":12,"method":"ping"}')).toMatchObject({
      message: { id: 12 },
    });
    const duplicate = parseMessage(
      `{"jsonrpc":"2.0","id":1,"params":{"id":2},"id":${BIG},"method":"x"}`,
    );
    expect(duplicate).toMatchObject({ message: { id: new ExactNumberId(BIG) } });
  });

  it('should read the tokens of a batch by position, nested ids aside', () => {
    const text = `[{"jsonrpc":"2.0","id":1,"method":"a","params":{"id":${BIG}}} , {"method":"b","jsonrpc":"2.0","id":-${BIG}}]`;
    expect([...idTokens(text)]).toEqual([
      [0, '1'],
      [1, `-${BIG}`],
    ]);
    const batch = parseMessage(text);
    expect(batch).toMatchObject({
      kind: 'batch',
      items: [{ message: { id: 1 } }, { message: { id: new ExactNumberId(`-${BIG}`) } }],
    });
  });

  it('should keep the rounded number when no text is given, or the text does not hold it', () => {
    const value = JSON.parse(`{"jsonrpc":"2.0","id":${BIG},"method":"ping"}`) as object;
    expect(classifyMessage(value)).toMatchObject({ message: { id: 9007199254740992 } });
    expect(classifyMessage(value, '{"id":"other"}')).toMatchObject({
      message: { id: 9007199254740992 },
    });
    expect(classifyMessage(value, { text: () => `{"id":${BIG}}` })).toMatchObject({
      message: { id: new ExactNumberId(BIG) },
    });
  });

  it('should write the token back as the id, in results, errors and any other message', () => {
    const id = new ExactNumberId(BIG);
    expect(serializeMessage({ jsonrpc: '2.0', id, result: { n: 1 } })).toBe(
      `{"jsonrpc":"2.0","id":${BIG},"result":{"n":1}}`,
    );
    expect(serializeMessage({ jsonrpc: '2.0', id, error: { code: -1, message: 'no' } })).toBe(
      `{"jsonrpc":"2.0","id":${BIG},"error":{"code":-1,"message":"no"}}`,
    );
    expect(JSON.stringify({ id })).toBe('{"id":9007199254740992}');
  });
});
