// Ids are echoed as the very JSON token the client sent, whatever their size: an integer beyond
// 2^53 - 1 is not rounded by the server's JSON parser (issue 53), on every path a message takes.
import { PassThrough } from 'node:stream';
import { SnodoRegistry } from '../../lib/index.js';
import { StdioTransport } from '../../lib/transports/index.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { JSON_HEADERS, MODERN_META, initializeRequest, raw } from '../helpers/raw-http.js';
import { PLATFORM, startApp, type RunningApp } from '../helpers/sample-app.js';

/** 2^53 + 1: `JSON.parse` makes 9007199254740992 of it. */
const BIG = '9007199254740993';
const schemas = new McpSchemaValidator();

/** A message's JSON text with `token` as its id (JSON.stringify cannot write such a number). */
const withId = (message: object, token: string): string =>
  JSON.stringify({ jsonrpc: '2.0', ...message, id: '\u0000' }).replace('"\\u0000"', token);

const MODERN_HEADERS = { ...JSON_HEADERS, 'mcp-protocol-version': '2026-07-28' };

/** The messages of a JSON or event-stream body, as text. */
function messagesOf(text: string): string[] {
  if (text.startsWith('{') || text.startsWith('[')) return [text];
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line.length > 6)
    .map((line) => line.slice(6));
}

describe(`Exact ids on ${PLATFORM}`, () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp();
  });

  afterAll(() => running.close());

  const modern = (method: string, params: object, token: string, extra = {}) =>
    raw(running.url, {
      body: withId({ method, params: { ...params, _meta: MODERN_META } }, token),
      headers: { ...MODERN_HEADERS, 'mcp-method': method, ...extra },
    });

  it.each([BIG, '-9007199254740993', '123456789012345678901234567890', '1e300'])(
    'should echo the 2026-07-28 id %s as the same token, on a result and on an error',
    async (token) => {
      const listed = await modern('tools/list', {}, token);
      expect(listed.status).toBe(200);
      expect(listed.text.startsWith(`{"jsonrpc":"2.0","id":${token},"result":`)).toBe(true);
      expect(schemas.checkServerMessage('2026-07-28', 'tools/list', listed.json)).toEqual([]);

      const unknown = await modern('tools/call', { name: 'no_such_tool' }, token, {
        'mcp-name': 'no_such_tool',
      });
      expect(unknown.json.error.code).toBe(-32602);
      expect(unknown.text).toContain(`"id":${token},`);
      expect(schemas.checkServerMessage('2026-07-28', 'tools/call', unknown.json)).toEqual([]);
    },
  );

  it('should echo the id on the last event of a result sent as an event stream', async () => {
    const params = {
      name: 'reindex',
      arguments: {},
      _meta: { ...MODERN_META, progressToken: 'p' },
    };
    const response = await raw(running.url, {
      body: withId({ method: 'tools/call', params }, BIG),
      headers: { ...MODERN_HEADERS, 'mcp-method': 'tools/call', 'mcp-name': 'reindex' },
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const messages = messagesOf(response.text);
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.at(-1)!.startsWith(`{"jsonrpc":"2.0","id":${BIG},"result":`)).toBe(true);
  });

  it('should echo the id of a message refused as too deep, read without parsing it', async () => {
    const deep = `${'['.repeat(200)}${']'.repeat(200)}`;
    const response = await raw(running.url, {
      body: withId(
        { method: 'tools/call', params: { name: 'echo', arguments: { deep: 0 } } },
        BIG,
      ).replace('"deep":0', `"deep":${deep}`),
      headers: { ...MODERN_HEADERS, 'mcp-method': 'tools/call', 'mcp-name': 'echo' },
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain(`"id":${BIG},`);
  });

  it('should echo initialize-era ids, a 2025-03-26 batch included', async () => {
    const opened = await raw(running.url, { body: withId(initializeRequest('2025-03-26'), BIG) });
    expect(opened.status).toBe(200);
    expect(opened.text).toContain(`"id":${BIG},`);
    expect(schemas.checkServerMessage('2025-03-26', 'initialize', opened.json)).toEqual([]);
    const session = opened.headers.get('mcp-session-id')!;
    const headers = { ...JSON_HEADERS, 'mcp-session-id': session };
    await raw(running.url, {
      body: { jsonrpc: '2.0', method: 'notifications/initialized' },
      headers,
    });

    const batch = `[${withId({ method: 'tools/list', params: {} }, '9007199254740995')},${withId(
      { method: 'ping' },
      '-9007199254740997',
    )},${withId({ method: 'ping' }, '7')}]`;
    const answered = await raw(running.url, { body: batch, headers });
    expect(answered.status).toBe(200);
    expect(answered.text).toMatch(/^\[\{"jsonrpc":"2\.0","id":9007199254740995,"result":/);
    expect(answered.text).toContain('{"jsonrpc":"2.0","id":-9007199254740997,"result":{}}');
    expect(answered.text).toContain('{"jsonrpc":"2.0","id":7,"result":{}}');
  });
});

describe('Exact ids over stdio', () => {
  it('should echo the id as the same token', async () => {
    const running = await startApp();
    try {
      const input = new PassThrough();
      const output = new PassThrough();
      const stdio = new StdioTransport(running.app.get(SnodoRegistry), { input, output });
      const served = stdio.serve();
      input.end(`${withId({ method: 'tools/list', params: { _meta: MODERN_META } }, BIG)}\n`);
      await served;
      const written = String(output.read());
      expect(written.startsWith(`{"jsonrpc":"2.0","id":${BIG},"result":`)).toBe(true);
    } finally {
      await running.close();
    }
  });
});
