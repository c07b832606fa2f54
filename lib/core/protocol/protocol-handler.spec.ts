import type { ToolComponent } from '../components/tool.interface.js';
import { Router } from '../router/router.js';
import { Runtime } from '../runtime/runtime.js';
import type { RuntimeOptions } from '../runtime/runtime-options.interface.js';
import type { SessionRecord } from '../session/session-record.interface.js';
import { classifyMessage } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { Exchange, StandardHeaders } from '../exchange/exchange.js';
import { ProtocolHandler } from './protocol-handler.js';
import { METHODS, MethodTable } from '../methods/index.js';
import type { RequestMethod } from '../methods/method-descriptor.js';
import { PROTOCOL_VERSIONS } from '../wire/protocol-version.js';

const echo: ToolComponent = {
  definition: {
    name: 'echo',
    title: 'Echo',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    icons: [{ src: 'https://example.com/echo.png', mimeType: 'image/png' }],
  },
  call: (args) => String(args.text),
};
const count: ToolComponent = {
  definition: { name: 'count', inputSchema: { type: 'object' }, outputSchema: { type: 'integer' } },
  call: () => 3,
};

function handlerFor(options: Partial<RuntimeOptions> = {}): ProtocolHandler {
  const runtime = new Runtime({
    name: 'test-server',
    version: '9.9.9',
    instructions: 'Be brief.',
    router: Router.empty().registerTool(echo).registerTool(count),
    ...options,
  });
  return new ProtocolHandler({ runtime });
}

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

const HTTP = (headers: StandardHeaders): Exchange => ({ transport: 'http', headers });

const send = (
  handler: ProtocolHandler,
  message: JsonObject,
  exchange: Exchange = { transport: 'stdio' },
) => handler.handle(classifyMessage({ jsonrpc: '2.0', ...message }), exchange);

const modern = (method: string, params: JsonObject = {}, meta: JsonObject = MODERN_META) => ({
  id: 7,
  method,
  params: { ...params, _meta: meta },
});

const session: SessionRecord = {
  id: 's-1',
  protocolVersion: '2025-11-25',
  clientCapabilities: {},
  initialized: true,
};

describe('ProtocolHandler', () => {
  const handler = handlerFor();

  describe('JSON-RPC errors', () => {
    it.each([
      [[{ jsonrpc: '2.0', id: 1, method: 'ping' }], -32600, /batches are not supported/],
      [{ jsonrpc: '1.0', id: 1, method: 'ping' }, -32600, /"jsonrpc" must be "2.0"/],
      [{ jsonrpc: '2.0', id: 1 }, -32600, /"method" must be a non-empty string/],
      [{ jsonrpc: '2.0', id: null, method: 'ping' }, -32600, /"id" must be a string or an integer/],
      [
        { jsonrpc: '2.0', id: 1, method: 'ping', params: [1] },
        -32600,
        /"params" must be an object/,
      ],
      ['just a string', -32600, /must be a JSON object/],
    ])('should answer %p with %d and 400', async (value, code, message) => {
      const outcome = await handler.handle(classifyMessage(value), { transport: 'http' });
      expect(outcome.status).toBe(400);
      expect(outcome.response).toMatchObject({ jsonrpc: '2.0', error: { code, message } });
    });

    it('should echo the id of an invalid request when it can be read', async () => {
      const outcome = await handler.handle(
        classifyMessage({ jsonrpc: '1.0', id: 'a', method: 'x' }),
        { transport: 'http' },
      );
      expect(outcome.response).toMatchObject({ id: 'a' });
    });

    it('should answer an unknown method with -32601 (404 in 2026-07-28)', async () => {
      const legacy = await send(
        handler,
        { id: 1, method: 'nope/nope' },
        { transport: 'stdio', session },
      );
      expect(legacy).toMatchObject({
        status: 200,
        response: { id: 1, error: { code: -32601, message: 'Method not found: nope/nope' } },
      });
      const modernOutcome = await send(handler, modern('nope/nope'));
      expect(modernOutcome).toMatchObject({
        status: 404,
        response: { id: 7, error: { code: -32601 } },
      });
    });
  });

  describe('2026-07-28 requests', () => {
    it('should answer server/discover with versions, capabilities, cache hints and serverInfo in _meta', async () => {
      const outcome = await send(handler, modern('server/discover'));
      expect(outcome.status).toBe(200);
      expect(outcome.response).toEqual({
        jsonrpc: '2.0',
        id: 7,
        result: {
          resultType: 'complete',
          supportedVersions: ['2026-07-28'],
          capabilities: { logging: {}, tools: {} },
          instructions: 'Be brief.',
          ttlMs: 0,
          cacheScope: 'public',
          _meta: {
            'io.modelcontextprotocol/serverInfo': { name: 'test-server', version: '9.9.9' },
          },
        },
      });
    });

    it('should put resultType, cache hints and serverInfo on tools/list, and keep icons', async () => {
      const outcome = await send(handler, modern('tools/list'));
      const result = (outcome.response as { result: JsonObject }).result;
      expect(result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
      expect(result.tools).toEqual([
        { name: 'count', inputSchema: { type: 'object' }, outputSchema: { type: 'integer' } },
        expect.objectContaining({
          name: 'echo',
          icons: [expect.objectContaining({ src: 'https://example.com/echo.png' })],
        }),
      ]);
    });

    it('should send non-object structured content unwrapped', async () => {
      const outcome = await send(handler, modern('tools/call', { name: 'count' }));
      expect(outcome.response).toMatchObject({
        result: { structuredContent: 3, resultType: 'complete' },
      });
    });

    it('should serve a request without clientInfo', async () => {
      expect((await send(handler, modern('tools/list'))).status).toBe(200);
    });

    it.each([
      ['an unknown version', 'v999.0.0'],
      ['a legacy version claimed in _meta', '2025-11-25'],
    ])('should answer %s with -32022, supported and requested', async (_label, version) => {
      const outcome = await send(
        handler,
        modern(
          'tools/list',
          {},
          { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': version },
        ),
      );
      expect(outcome).toMatchObject({
        status: 400,
        response: {
          id: 7,
          error: { code: -32022, data: { supported: ['2026-07-28'], requested: version } },
        },
      });
    });

    it('should answer a request without clientCapabilities with -32602 and 400', async () => {
      const outcome = await send(
        handler,
        modern('tools/list', {}, { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }),
      );
      expect(outcome).toMatchObject({
        status: 400,
        response: {
          error: {
            code: -32602,
            message:
              'Invalid params: params._meta is missing the required key "io.modelcontextprotocol/clientCapabilities"',
          },
        },
      });
    });

    it('should answer a protocolVersion that is not a string with -32602 and 400', async () => {
      const outcome = await send(
        handler,
        modern(
          'tools/list',
          {},
          { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': 2026 },
        ),
      );
      expect(outcome).toMatchObject({ status: 400, response: { error: { code: -32602 } } });
    });

    it.each([
      'initialize',
      'ping',
      'logging/setLevel',
      'resources/subscribe',
      'resources/unsubscribe',
    ])('should answer %s with -32601 and 404', async (method) => {
      const outcome = await send(handler, modern(method));
      expect(outcome).toMatchObject({
        status: 404,
        response: {
          error: {
            code: -32601,
            message: `Method not found: ${method} is not part of protocol revision 2026-07-28`,
          },
        },
      });
    });

    it('should answer an unknown logLevel with -32602 in-band', async () => {
      const outcome = await send(
        handler,
        modern('tools/list', {}, { ...MODERN_META, 'io.modelcontextprotocol/logLevel': 'loud' }),
      );
      expect(outcome).toMatchObject({ status: 200, response: { error: { code: -32602 } } });
    });

    it('should answer a cursor with -32602 "Invalid cursor" (one page only)', async () => {
      const outcome = await send(handler, modern('tools/list', { cursor: 'abc' }));
      expect(outcome).toMatchObject({
        status: 200,
        response: { error: { code: -32602, message: 'Invalid cursor' } },
      });
    });

    it('should accept a notification with 202 and no body', async () => {
      const outcome = await handler.handle(
        classifyMessage({
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { _meta: MODERN_META },
        }),
        { transport: 'stdio' },
      );
      expect(outcome).toEqual({ status: 202 });
    });

    it('should refuse a posted response without a session', async () => {
      const outcome = await handler.handle(classifyMessage({ jsonrpc: '2.0', id: 3, result: {} }), {
        transport: 'http',
      });
      expect(outcome).toMatchObject({ status: 400, response: { id: 3, error: { code: -32600 } } });
    });
  });

  describe('2026-07-28 HTTP headers', () => {
    const headers = { protocolVersion: '2026-07-28', method: 'tools/call', name: 'echo' };
    const callEcho = modern('tools/call', { name: 'echo', arguments: { text: 'hi' } });

    it('should serve matching headers', async () => {
      expect((await send(handler, callEcho, HTTP(headers))).status).toBe(200);
    });

    it.each([
      [
        'whitespace around the values',
        { protocolVersion: ' 2026-07-28 ', method: ' tools/call', name: '  echo  ' },
      ],
      ['a base64 sentinel name', { ...headers, name: '=?base64?ZWNobw==?=' }],
    ])('should accept %s', async (_label, given) => {
      expect((await send(handler, callEcho, HTTP(given))).status).toBe(200);
    });

    it.each([
      [
        'a missing MCP-Protocol-Version',
        { method: 'tools/call', name: 'echo' },
        'the MCP-Protocol-Version header is required',
      ],
      [
        'a missing Mcp-Method',
        { protocolVersion: '2026-07-28', name: 'echo' },
        'the Mcp-Method header is required',
      ],
      [
        'a Mcp-Method in other case',
        { ...headers, method: 'TOOLS/CALL' },
        'the Mcp-Method header does not match the method',
      ],
      [
        'a missing Mcp-Name',
        { protocolVersion: '2026-07-28', method: 'tools/call' },
        'the Mcp-Name header is required',
      ],
      [
        'another Mcp-Name',
        { ...headers, name: 'other' },
        'the Mcp-Name header does not match params.name',
      ],
      [
        'a badly padded sentinel',
        { ...headers, name: '=?base64?ZWNobw?=' },
        'the Mcp-Name header is malformed',
      ],
      [
        'a version that differs from the body',
        { ...headers, protocolVersion: '2026-07-29' },
        'MCP-Protocol-Version header does not match',
      ],
    ])('should answer %s with -32020 and 400', async (_label, given, message) => {
      const outcome = await send(handler, callEcho, HTTP(given));
      expect(outcome.status).toBe(400);
      expect(outcome.response).toMatchObject({
        id: 7,
        error: { code: -32020, message: expect.stringContaining(message) },
      });
    });

    it('should compare header and body versions before checking support (v999 in the body)', async () => {
      const body = modern(
        'tools/list',
        {},
        { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' },
      );
      const mismatch = await send(
        handler,
        body,
        HTTP({ protocolVersion: '2026-07-28', method: 'tools/list' }),
      );
      expect(mismatch.response).toMatchObject({ error: { code: -32020 } });
      const both = await send(
        handler,
        body,
        HTTP({ protocolVersion: 'v999.0.0', method: 'tools/list' }),
      );
      expect(both.response).toMatchObject({
        error: { code: -32022, data: { requested: 'v999.0.0' } },
      });
    });

    it.each([
      ['no _meta', { id: 1, method: 'tools/list' }],
      [
        '_meta without protocolVersion',
        {
          id: 1,
          method: 'tools/list',
          params: { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } },
        },
      ],
    ])('should answer a 2026-07-28 header with %s as -32602 and 400', async (_label, message) => {
      const outcome = await send(
        handler,
        message,
        HTTP({ protocolVersion: '2026-07-28', method: 'tools/list' }),
      );
      expect(outcome).toMatchObject({ status: 400, response: { id: 1, error: { code: -32602 } } });
    });
  });

  describe('initialize-era requests', () => {
    it.each([
      ['2025-06-18', '2025-06-18'],
      ['2025-11-25', '2025-11-25'],
      ['2024-10-07', '2025-11-25'],
      ['2026-07-28', '2025-11-25'],
    ])('should answer initialize for %s with %s', async (requested, negotiated) => {
      const outcome = await send(handler, {
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: requested,
          capabilities: { roots: {} },
          clientInfo: { name: 'c', version: '1' },
        },
      });
      expect(outcome.response).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion: negotiated,
          capabilities: { logging: {}, tools: {} },
          serverInfo: { name: 'test-server', version: '9.9.9' },
          instructions: 'Be brief.',
        },
      });
      expect(outcome.openSession).toEqual({
        protocolVersion: negotiated,
        clientInfo: { name: 'c', version: '1' },
        clientCapabilities: { roots: {} },
      });
    });

    it('should answer initialize without protocolVersion with -32602', async () => {
      const outcome = await send(handler, { id: 1, method: 'initialize', params: {} });
      expect(outcome.response).toMatchObject({ error: { code: -32602 } });
      expect(outcome.openSession).toBeUndefined();
    });

    it('should refuse initialize on a server that serves only 2026-07-28, listing what it serves', async () => {
      const modernOnly = handlerFor({ protocols: ['2026-07-28'] });
      const outcome = await send(modernOnly, {
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25' },
      });
      expect(outcome.response).toMatchObject({
        error: { code: -32602, data: { supported: ['2026-07-28'], requested: '2025-11-25' } },
      });
    });

    it('should answer ping with an empty result, even before initialize', async () => {
      expect((await send(handler, { id: 2, method: 'ping' })).response).toEqual({
        jsonrpc: '2.0',
        id: 2,
        result: {},
      });
    });

    it('should refuse other requests before initialize', async () => {
      const outcome = await send(handler, { id: 3, method: 'tools/list' });
      expect(outcome).toMatchObject({ status: 400, response: { error: { code: -32600 } } });
    });

    it('should report notifications/initialized for the session', async () => {
      const outcome = await send(
        handler,
        { method: 'notifications/initialized' },
        { transport: 'http', session: { ...session, initialized: false } },
      );
      expect(outcome).toEqual({ status: 202, sessionInitialized: true });
    });

    it('should accept a posted response inside a session', async () => {
      expect(
        await handler.handle(classifyMessage({ jsonrpc: '2.0', id: 3, result: {} }), {
          transport: 'http',
          session,
        }),
      ).toEqual({ status: 202 });
    });

    it('should send no 2026-07-28 fields and wrap non-object structured content', async () => {
      const list = await send(
        handler,
        { id: 4, method: 'tools/list' },
        { transport: 'http', session },
      );
      const result = (list.response as { result: JsonObject }).result;
      expect(Object.keys(result)).toEqual(['tools']);
      expect((result.tools as JsonObject[])[0]).toEqual({
        name: 'count',
        inputSchema: { type: 'object' },
        outputSchema: {
          type: 'object',
          properties: { result: { type: 'integer' } },
          required: ['result'],
        },
      });
      const called = await send(
        handler,
        { id: 5, method: 'tools/call', params: { name: 'count' } },
        { transport: 'http', session },
      );
      expect(called.response).toEqual({
        jsonrpc: '2.0',
        id: 5,
        result: { content: [{ type: 'text', text: '3' }], structuredContent: { result: 3 } },
      });
    });

    it('should leave icons out for 2025-06-18 and keep them for 2025-11-25', async () => {
      const june = await send(
        handler,
        { id: 6, method: 'tools/list' },
        { transport: 'http', session: { ...session, protocolVersion: '2025-06-18' } },
      );
      const november = await send(
        handler,
        { id: 6, method: 'tools/list' },
        { transport: 'http', session },
      );
      const echoOf = (o: { response?: unknown }) =>
        (o.response as { result: { tools: JsonObject[] } }).result.tools[1];
      expect(echoOf(june)).not.toHaveProperty('icons');
      expect(echoOf(june)).toHaveProperty('title', 'Echo');
      expect(echoOf(november)).toHaveProperty('icons');
    });

    it('should answer tools/call without a name with -32602', async () => {
      const outcome = await send(
        handler,
        { id: 8, method: 'tools/call', params: {} },
        { transport: 'http', session },
      );
      expect(outcome.response).toMatchObject({
        error: { code: -32602, message: 'Invalid params: tools/call needs params.name (a string)' },
      });
    });
  });

  describe('a method that fails', () => {
    const failing = (serve: RequestMethod['serve']): RequestMethod => ({
      kind: 'request',
      method: 'x/fail',
      revisions: PROTOCOL_VERSIONS,
      serve,
    });
    const handlerServing = (method: RequestMethod, reported: unknown[]) =>
      new ProtocolHandler(
        {
          runtime: new Runtime({
            name: 'test-server',
            version: '9.9.9',
            router: Router.empty(),
            onInternalError: (error) => reported.push(error),
          }),
        },
        { methods: new MethodTable([...METHODS.entries, method]) },
      );
    const broken = new Error('broken');
    const thenable = { then: (_: unknown, reject: (e: unknown) => void) => reject(broken) };

    it.each([
      [
        'throws at once',
        () => {
          throw broken;
        },
      ],
      ['rejects', () => Promise.reject(broken)],
      ['answers with a thenable that rejects', () => thenable as unknown as Promise<never>],
    ])(
      'should answer -32603 and report it when the method %s, never rejecting',
      async (_, serve) => {
        const reported: unknown[] = [];
        const handler = handlerServing(failing(serve), reported);
        const outcome = await send(handler, modern('x/fail'));
        expect(outcome.status).toBe(500);
        expect(outcome.response).toMatchObject({ id: 7, error: { code: -32603 } });
        expect(reported).toEqual([broken]);
      },
    );

    it('should answer a method that answers at once with a promise of its outcome', async () => {
      const answered = { status: 200, response: { jsonrpc: '2.0' as const, id: 7, result: {} } };
      const handler = handlerServing(
        failing(() => answered),
        [],
      );
      const pending = send(handler, modern('x/fail'));
      expect(pending).toBeInstanceOf(Promise);
      await expect(pending).resolves.toBe(answered);
    });
  });
});
