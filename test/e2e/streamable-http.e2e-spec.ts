import { VersioningType } from '@nestjs/common';
import { request as httpRequest } from 'node:http';
import { McpSchemaValidator, type Revision } from '../helpers/mcp-schema.validator.js';
import {
  JSON_HEADERS,
  modernRequest,
  openSession,
  raw,
  type RawResponse,
  initializeRequest,
} from '../helpers/raw-http.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { FixtureAppModule } from '../src/fixture-app.module.js';

const schemas = new McpSchemaValidator();

/** A 4xx answer must carry a JSON-RPC error body, valid for the revision, never an HTML page. */
function expectJsonRpcError(
  response: RawResponse,
  status: number,
  code: number,
  revision: Revision = '2025-11-25',
): void {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.json).toMatchObject({
    jsonrpc: '2.0',
    error: { code, message: expect.any(String) },
  });
  expect(schemas.checkServerMessage(revision, undefined, response.json)).toEqual([]);
}

describe('Streamable HTTP endpoint', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(FixtureAppModule.register());
  });

  afterAll(async () => {
    await running.close();
  });

  describe('POST checks', () => {
    it('should answer malformed JSON with -32700, not an HTML error page', async () => {
      const response = await raw(running.url, { body: '{"jsonrpc": "2.0", "id": 1, "method":' });
      expectJsonRpcError(response, 400, -32700);
      expect(response.text).not.toContain('<');
    });

    it('should answer a batch with -32600', async () => {
      const response = await raw(running.url, {
        body: [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
      });
      expectJsonRpcError(response, 400, -32600);
      expect(response.json.error.message).toContain('batches are served only in sessions');
    });

    it('should answer a non-JSON Content-Type with 415', async () => {
      const response = await raw(running.url, {
        body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
        headers: { 'content-type': 'text/plain', accept: 'application/json' },
      });
      expectJsonRpcError(response, 415, -32600);
      expect(response.json.error.message).toContain('Content-Type: application/json');
    });

    it('should answer an Accept header without JSON with 406', async () => {
      const response = await raw(running.url, {
        body: { jsonrpc: '2.0', id: 1, method: 'ping' },
        headers: { 'content-type': 'application/json', accept: 'text/html' },
      });
      expectJsonRpcError(response, 406, -32600);
    });

    it('should answer GET with 405, an Allow header and a JSON-RPC body', async () => {
      const response = await raw(running.url, {
        method: 'GET',
        headers: { accept: 'text/event-stream' },
      });
      expectJsonRpcError(response, 405, -32600);
      expect(response.headers.get('allow')).toBe('POST, DELETE');
    });
  });

  describe('body size limit', () => {
    it('should serve a body larger than the platform parser default (100 kB) but under 4 MiB', async () => {
      const { body, headers } = modernRequest(
        'tools/call',
        { name: 'echo_size', arguments: { text: 'x'.repeat(300_000) } },
        { 'mcp-name': 'echo_size' },
      );
      const response = await raw(running.url, { body, headers });
      expect(response.status).toBe(200);
      expect(response.json.result.structuredContent).toEqual({ length: 300_000 });
    });

    it('should answer a body over 4 MiB with 413 and a JSON-RPC body', async () => {
      const response = await raw(running.url, { body: `{"pad":"${'x'.repeat(4 * 1024 * 1024)}"}` });
      expectJsonRpcError(response, 413, -32600);
      expect(response.json.error.message).toBe(
        'Request body too large: the limit is 4194304 bytes',
      );
    });

    it('should apply a configured limit', async () => {
      const small = await startApp(FixtureAppModule.register({ bodyLimit: 512 }));
      try {
        const response = await raw(small.url, {
          body: { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(600) } },
        });
        expectJsonRpcError(response, 413, -32600);
        expect(response.json.error.message).toContain('512 bytes');
      } finally {
        await small.close();
      }
    });
  });

  describe('initialize-era sessions', () => {
    it('should issue Mcp-Session-Id on initialize and require it afterwards', async () => {
      const sessionId = await openSession(running.url);
      expect(sessionId).toMatch(/^[\x21-\x7e]+$/);

      const initialized = await raw(running.url, {
        body: { jsonrpc: '2.0', method: 'notifications/initialized' },
        headers: {
          ...JSON_HEADERS,
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-11-25',
        },
      });
      expect(initialized.status).toBe(202);
      expect(initialized.text).toBe('');

      const listed = await raw(running.url, {
        body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        headers: {
          ...JSON_HEADERS,
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-11-25',
        },
      });
      expect(listed.status).toBe(200);
      expect(listed.json.result.tools.map((t: { name: string }) => t.name)).toEqual([
        'echo_size',
        'greet',
      ]);
      expect(schemas.checkServerMessage('2025-11-25', 'tools/list', listed.json)).toEqual([]);
    });

    it('should answer a request without a session id with 400', async () => {
      const response = await raw(running.url, {
        body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      });
      expectJsonRpcError(response, 400, -32600);
      expect(response.json.id).toBe(2);
      expect(response.json.error.message).toContain('Mcp-Session-Id header is required');
    });

    it('should answer an unknown session id with 404', async () => {
      const response = await raw(running.url, {
        body: { jsonrpc: '2.0', id: 3, method: 'tools/list' },
        headers: { ...JSON_HEADERS, 'mcp-session-id': 'no-such-session' },
      });
      expectJsonRpcError(response, 404, -32001);
    });

    it('should answer an unknown MCP-Protocol-Version on a session with 400', async () => {
      const sessionId = await openSession(running.url, '2025-06-18');
      const response = await raw(running.url, {
        body: { jsonrpc: '2.0', id: 4, method: 'tools/list' },
        headers: {
          ...JSON_HEADERS,
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '1999-01-01',
        },
      });
      expectJsonRpcError(response, 400, -32600, '2025-06-18');
      expect(response.json).toMatchObject({
        error: { message: expect.stringContaining('does not know') },
      });
    });

    it('should serve a session whose client names an older known revision in the header', async () => {
      const sessionId = await openSession(running.url, '2025-06-18');
      const response = await raw(running.url, {
        body: { jsonrpc: '2.0', id: 4, method: 'ping' },
        headers: {
          ...JSON_HEADERS,
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-03-26',
        },
      });
      expect(response.status).toBe(200);
    });

    it('should end a session on DELETE', async () => {
      const sessionId = await openSession(running.url);
      const deleted = await raw(running.url, {
        method: 'DELETE',
        headers: { 'mcp-session-id': sessionId },
      });
      expect(deleted.status).toBe(204);
      const after = await raw(running.url, {
        body: { jsonrpc: '2.0', id: 5, method: 'ping' },
        headers: { ...JSON_HEADERS, 'mcp-session-id': sessionId },
      });
      expectJsonRpcError(after, 404, -32001);
      const again = await raw(running.url, {
        method: 'DELETE',
        headers: { 'mcp-session-id': sessionId },
      });
      expectJsonRpcError(again, 404, -32001);
    });

    it('should answer DELETE without a session id with 400', async () => {
      expectJsonRpcError(await raw(running.url, { method: 'DELETE', headers: {} }), 400, -32600);
    });
  });

  describe('2026-07-28 requests', () => {
    it('should ignore Mcp-Session-Id and issue none', async () => {
      const { body, headers } = modernRequest('tools/list', {}, { 'mcp-session-id': 'stale' });
      const response = await raw(running.url, { body, headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('mcp-session-id')).toBeNull();
      expect(schemas.checkServerMessage('2026-07-28', 'tools/list', response.json)).toEqual([]);
    });

    it('should answer a missing MCP-Protocol-Version header with -32020', async () => {
      const { body } = modernRequest('tools/list');
      const response = await raw(running.url, {
        body,
        headers: { ...JSON_HEADERS, 'mcp-method': 'tools/list' },
      });
      expectJsonRpcError(response, 400, -32020, '2026-07-28');
      expect(response.json.id).toBe(1);
    });

    it('should answer a header version without _meta with -32602', async () => {
      const response = await raw(running.url, {
        body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        headers: {
          ...JSON_HEADERS,
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/list',
        },
      });
      expectJsonRpcError(response, 400, -32602, '2026-07-28');
    });

    it('should answer initialize sent with the 2026-07-28 envelope with 404 and -32601', async () => {
      const { body, headers } = modernRequest('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
      });
      expectJsonRpcError(await raw(running.url, { body, headers }), 404, -32601, '2026-07-28');
    });

    it('should call a tool whose Mcp-Name is base64-encoded', async () => {
      const { body, headers } = modernRequest(
        'tools/call',
        { name: 'greet', arguments: { name: 'Ada' } },
        { 'mcp-name': '=?base64?Z3JlZXQ=?=' },
      );
      const response = await raw(running.url, { body, headers });
      expect(response.json.result.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
      expect(schemas.checkServerMessage('2026-07-28', 'tools/call', response.json)).toEqual([]);
    });
  });
});

describe('Nest integration of the endpoint', () => {
  it('should live under the global prefix, with its own body handling', async () => {
    const running = await startApp(FixtureAppModule.register(), '/api/mcp', (app) =>
      app.setGlobalPrefix('api'),
    );
    try {
      const { body, headers } = modernRequest('tools/list');
      expect((await raw(running.url, { body, headers })).status).toBe(200);
      expectJsonRpcError(await raw(running.url, { body: '{nope' }), 400, -32700);
      expect((await raw(running.url.replace('/api', ''), { body, headers })).status).toBe(404);
    } finally {
      await running.close();
    }
  });

  it('should live under a URI version, with its own body handling', async () => {
    const running = await startApp(FixtureAppModule.register(), '/api/v1/mcp', (app) => {
      app.setGlobalPrefix('api');
      app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' });
    });
    try {
      const { body, headers } = modernRequest('tools/list');
      expect((await raw(running.url, { body, headers })).status).toBe(200);
      expectJsonRpcError(await raw(running.url, { body: '{nope' }), 400, -32700);
    } finally {
      await running.close();
    }
  });

  it('should serve a custom path', async () => {
    const running = await startApp(FixtureAppModule.register({ path: '/tools/rpc' }), '/tools/rpc');
    try {
      const { body, headers } = modernRequest('server/discover');
      const response = await raw(running.url, { body, headers });
      expect(response.json.result._meta['io.modelcontextprotocol/serverInfo']).toEqual({
        name: 'fixture',
        version: '0.0.1',
      });
    } finally {
      await running.close();
    }
  });

  it('should apply global guards to the endpoint', async () => {
    const running = await startApp(FixtureAppModule.withGlobalGuard());
    try {
      const { body, headers } = modernRequest('tools/list');
      expect((await raw(running.url, { body, headers })).status).toBe(403);
      expect(
        (await raw(running.url, { body, headers: { ...headers, 'x-api-key': 'let-me-in' } }))
          .status,
      ).toBe(200);
    } finally {
      await running.close();
    }
  });

  it('should take its options from forRootAsync()', async () => {
    const running = await startApp(FixtureAppModule.registerAsync(), '/async-mcp');
    try {
      const { body, headers } = modernRequest('server/discover');
      const response = await raw(running.url, { body, headers });
      expect(response.json.result._meta['io.modelcontextprotocol/serverInfo']).toEqual({
        name: 'fixture-async',
        version: '0.0.2',
      });
      const tooLarge = await raw(running.url, {
        body: { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(3000) } },
      });
      expectJsonRpcError(tooLarge, 413, -32600);
    } finally {
      await running.close();
    }
  });
});

describe('Mcp-Param-* headers over HTTP', () => {
  let running: RunningApp;
  const search = (
    headers: Record<string, string>,
    args: Record<string, unknown> = { query: 'json', registry: 'hex' },
  ) => {
    const request = modernRequest(
      'tools/call',
      { name: 'search', arguments: args },
      { 'mcp-name': 'search', ...headers },
    );
    return raw(running.url, request);
  };

  beforeAll(async () => {
    running = await startApp();
  });

  afterAll(async () => {
    await running.close();
  });

  it('should call the tool when the header matches the argument', async () => {
    const response = await search({ 'mcp-param-registry': 'hex' });
    expect(response.status).toBe(200);
    expect(response.json.result.isError).toBeUndefined();
  });

  it('should accept a base64-encoded header value', async () => {
    expect((await search({ 'mcp-param-registry': '=?base64?aGV4?=' })).status).toBe(200);
  });

  it('should need no header for an absent argument', async () => {
    expect((await search({}, { query: 'json' })).status).toBe(200);
  });

  it.each([
    ['missing', {}, 'the Mcp-Param-Registry header is required'],
    [
      'different',
      { 'mcp-param-registry': 'npm' },
      'the Mcp-Param-Registry header does not match the argument registry',
    ],
    [
      'badly padded',
      { 'mcp-param-registry': '=?base64?aGV?=' },
      'the Mcp-Param-Registry header is malformed',
    ],
  ])('should answer a %s header with 400 and -32020', async (_label, headers, message) => {
    const response = await search(headers);
    expectJsonRpcError(response, 400, -32020, '2026-07-28');
    expect(response.json.error.message).toContain(message);
  });

  it('should answer a repeated header with 400 and -32020', async () => {
    const request = modernRequest(
      'tools/call',
      { name: 'search', arguments: { query: 'json', registry: 'hex' } },
      { 'mcp-name': 'search' },
    );
    // fetch folds repeated headers into one line; node:http sends an array value as separate lines.
    const headers: Record<string, string | string[]> = {
      ...request.headers,
      'mcp-param-registry': ['hex', 'hex'],
    };
    const { status, body } = await new Promise<{ status: number; body: string }>(
      (resolvePromise, reject) => {
        const outgoing = httpRequest(running.url, { method: 'POST', headers }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: text }));
        });
        outgoing.on('error', reject);
        outgoing.end(JSON.stringify(request.body));
      },
    );
    expect(status).toBe(400);
    expect(JSON.parse(body).error).toEqual({
      code: -32020,
      message: 'Header mismatch: the Mcp-Param-Registry header is repeated',
    });
  });

  it('should ignore the annotation for initialize-era clients', async () => {
    const sessionId = await openSession(running.url);
    const response = await raw(running.url, {
      body: {
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'search', arguments: { query: 'json', registry: 'hex' } },
      },
      headers: {
        ...JSON_HEADERS,
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
      },
    });
    expect(response.status).toBe(200);
    expect(response.json.result.content[0].text).toContain('jason');
  });
});

describe('DNS-rebinding protection', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(FixtureAppModule.register());
  });

  afterAll(async () => {
    await running.close();
  });

  const post = (headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolvePromise, reject) => {
      const request = httpRequest(
        running.url,
        { method: 'POST', headers: { ...JSON_HEADERS, ...headers } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify(initializeRequest()));
    });

  it.each([
    ['a foreign Host', { host: 'evil.example.com' }, 'the Host header is not allowed'],
    ['a foreign Origin', { origin: 'http://evil.example.com' }, 'the Origin header is not allowed'],
    [
      'both',
      { host: 'evil.example.com', origin: 'http://evil.example.com' },
      'the Host header is not allowed',
    ],
  ])('should refuse %s with 403 and a JSON-RPC body', async (_label, headers, message) => {
    const { status, body } = await post(headers);
    expect(status).toBe(403);
    expect(JSON.parse(body)).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32600, message: expect.stringContaining(message) },
    });
  });

  it.each([
    ['localhost with a port', { host: `localhost:${new URL('http://x').port || '3000'}` }],
    ['a loopback Origin', { origin: 'http://localhost:5173' }],
    ['no Origin', {}],
  ])('should serve %s', async (_label, headers) => {
    expect((await post(headers)).status).toBe(200);
  });

  it('should let the allow-lists be configured', async () => {
    const open = await startApp(
      FixtureAppModule.register({
        allowedHosts: ['mcp.internal'],
        allowedOrigins: ['https://app.example.com'],
      }),
    );
    try {
      const call = (headers: Record<string, string>) =>
        new Promise<number>((resolvePromise, reject) => {
          const request = httpRequest(
            open.url,
            { method: 'POST', headers: { ...JSON_HEADERS, ...headers } },
            (res) => {
              res.resume();
              res.on('end', () => resolvePromise(res.statusCode ?? 0));
            },
          );
          request.on('error', reject);
          request.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
        });
      expect(await call({ host: 'mcp.internal:8080', origin: 'https://app.example.com' })).toBe(
        400,
      );
      expect(await call({ host: 'localhost' })).toBe(403);
      expect(await call({ host: 'mcp.internal', origin: 'https://other.example.com' })).toBe(403);
    } finally {
      await open.close();
    }
  });
});

describe('Session limits', () => {
  it('should refuse new sessions while the store is full of recent ones, let an idle one make room, and expire idle ones', async () => {
    const running = await startApp(
      FixtureAppModule.register({
        sessions: { maxSessions: 2, idleTimeoutMs: 600, evictionGraceMs: 150 },
      }),
    );
    try {
      const ping = (sessionId: string) =>
        raw(running.url, {
          body: { jsonrpc: '2.0', id: 1, method: 'ping' },
          headers: { ...JSON_HEADERS, 'mcp-session-id': sessionId },
        });
      const first = await openSession(running.url);
      const second = await openSession(running.url);
      const refused = await raw(running.url, { body: initializeRequest('2025-11-25', 7) });
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.json).toMatchObject({ id: 7, error: { code: -32603 } });
      expect(refused.json.error.message).toMatch(/as many sessions as it may \(2\)/);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await ping(second)).status).toBe(200);
      const third = await openSession(running.url);
      expect((await ping(first)).status).toBe(404);
      expect((await ping(second)).status).toBe(200);
      expect((await ping(third)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect((await ping(third)).status).toBe(404);
    } finally {
      await running.close();
    }
  });
});
