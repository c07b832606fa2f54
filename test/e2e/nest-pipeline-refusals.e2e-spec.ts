import { McpSchemaValidator, type Revision } from '../helpers/mcp-schema.validator.js';
import { JSON_HEADERS, initializeRequest, modernRequest, raw } from '../helpers/raw-http.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { RouteRefusalsModule } from '../src/route-refusals.module.js';

const schemas = new McpSchemaValidator();

/** What the global guard of the fixture throws for each `x-refuse`, and what the client gets. */
const REFUSALS = [
  ['403', 403, -31403, 'this endpoint is closed to you'],
  ['false', 403, -31403, 'Forbidden resource'],
  ['429', 429, -32600, 'slow down'],
  ['409', 409, -32600, 'the catalog is being rebuilt'],
  ['500', 500, -32603, 'Internal error: the request failed before it reached the MCP server'],
] as const;

describe('Refusals on the MCP route, answered as JSON-RPC errors', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(RouteRefusalsModule);
  });

  afterAll(async () => {
    await running.close();
  });

  /** Expects a JSON-RPC error answer, valid for the revision, with the request's id. */
  function expectRefusal(
    answer: { status: number; headers: Headers; json: any; text: string },
    expected: { status: number; code: number; message: string; id: string | number },
    revision: Revision,
    method: string,
  ) {
    expect(answer.status).toBe(expected.status);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.json).toEqual({
      jsonrpc: '2.0',
      id: expected.id,
      error: { code: expected.code, message: expected.message },
    });
    expect(answer.text).not.toContain('hunter2');
    expect(schemas.checkServerMessage(revision, method, answer.json)).toEqual([]);
  }

  describe.each(REFUSALS)('a guard that refuses with %s', (refuse, status, code, message) => {
    it('should answer a 2026-07-28 request with its status and a JSON-RPC error with its id', async () => {
      const { body, headers } = modernRequest('tools/call', {
        name: 'open_tool',
        arguments: {},
      });
      const answer = await raw(running.url, {
        body: { ...(body as object), id: `call-${refuse}` },
        headers: { ...headers, 'mcp-name': 'open_tool', 'x-refuse': refuse },
      });
      expectRefusal(
        answer,
        { status, code, message, id: `call-${refuse}` },
        '2026-07-28',
        'tools/call',
      );
    });

    it('should answer an initialize with its status and a JSON-RPC error with its id', async () => {
      const answer = await raw(running.url, {
        body: initializeRequest('2025-11-25', 11),
        headers: { ...JSON_HEADERS, 'x-refuse': refuse },
      });
      expectRefusal(answer, { status, code, message, id: 11 }, '2025-11-25', 'initialize');
    });

    it('should answer a request inside an open 2025-11-25 session the same way, and keep the session', async () => {
      const opened = await raw(running.url, { body: initializeRequest('2025-11-25') });
      expect(opened.status).toBe(200);
      const session = opened.headers.get('mcp-session-id')!;
      const inSession = (extra: Record<string, string>, id: number) =>
        raw(running.url, {
          body: {
            jsonrpc: '2.0',
            id,
            method: 'tools/call',
            params: { name: 'open_tool', arguments: {} },
          },
          headers: {
            ...JSON_HEADERS,
            'mcp-session-id': session,
            'mcp-protocol-version': '2025-11-25',
            ...extra,
          },
        });
      expectRefusal(
        await inSession({ 'x-refuse': refuse }, 21),
        { status, code, message, id: 21 },
        '2025-11-25',
        'tools/call',
      );
      const served = await inSession({}, 22);
      expect(served.status).toBe(200);
      expect(served.json.result.content).toEqual([{ type: 'text', text: 'open' }]);
    });
  });

  it('should serve the request when nothing refuses it', async () => {
    const { body, headers } = modernRequest('tools/call', { name: 'open_tool', arguments: {} });
    const answer = await raw(running.url, {
      body,
      headers: { ...headers, 'mcp-name': 'open_tool' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.result.content).toEqual([{ type: 'text', text: 'open' }]);
  });
});
