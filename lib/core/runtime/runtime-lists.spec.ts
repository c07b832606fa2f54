import { classifyMessage } from '../wire/json-rpc.parser.js';
import { ProtocolHandler } from '../protocol/protocol-handler.js';
import type { SessionRecord } from '../session/session-record.interface.js';
import { Router } from '../router/router.js';
import { Runtime } from './runtime.js';

const tools = (count: number, prefix = 'tool') =>
  Array.from({ length: count }, (_, i) => ({
    definition: {
      name: `${prefix}_${String(i).padStart(4, '0')}`,
      inputSchema: { type: 'object' },
    },
    call: () => 'ok',
  })).reduce((router, tool) => router.registerTool(tool), Router.empty());

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const session: SessionRecord = {
  id: 's',
  protocolVersion: '2025-11-25',
  clientCapabilities: {},
  initialized: true,
};

async function listPage(handler: ProtocolHandler, modern: boolean, cursor?: string) {
  const params: Record<string, unknown> = cursor === undefined ? {} : { cursor };
  if (modern) params._meta = META;
  const outcome = await handler.handle(
    classifyMessage({ jsonrpc: '2.0', id: 1, method: 'tools/list', params }),
    {
      transport: 'http',
      session: modern ? undefined : session,
    },
  );
  return outcome.response as {
    result?: Record<string, unknown>;
    error?: { code: number; message: string };
  };
}

describe('Runtime lists', () => {
  it.each([true, false])(
    'should page through 1,000 tools with page size 50 (2026-07-28: %s)',
    async (modern) => {
      const runtime = new Runtime({
        name: 's',
        version: '1',
        router: tools(1000),
        pagination: { pageSize: 50 },
        toolsCache: { ttlMs: 60_000, scope: 'public' },
      });
      const handler = new ProtocolHandler({ runtime });
      const names: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const { result } = await listPage(handler, modern, cursor);
        names.push(...(result!.tools as { name: string }[]).map((t) => t.name));
        cursor = result!.nextCursor as string | undefined;
        pages++;
        if (modern)
          expect(result).toMatchObject({
            ttlMs: 60_000,
            cacheScope: 'public',
            resultType: 'complete',
          });
        else
          expect(Object.keys(result!).sort()).toEqual(
            cursor === undefined ? ['tools'] : ['nextCursor', 'tools'],
          );
      } while (cursor !== undefined);
      expect(pages).toBe(20);
      expect(names).toEqual(runtime.router.listTools().map((t) => t.definition.name));
      expect(new Set(names).size).toBe(1000);
    },
  );

  it('should expire outstanding cursors when the catalog changes, and refuse a garbled one', async () => {
    const source = {
      runtime: new Runtime({
        name: 's',
        version: '1',
        router: tools(120),
        pagination: { pageSize: 50 },
      }),
    };
    const handler = new ProtocolHandler(source);
    const first = await listPage(handler, true);
    source.runtime = source.runtime.withRouter(
      source.runtime.router.registerTool({
        definition: { name: 'added', inputSchema: { type: 'object' } },
        call: () => '',
      }),
    );
    expect((await listPage(handler, true, first.result!.nextCursor as string)).error).toEqual({
      code: -32602,
      message: 'Invalid cursor',
    });
    expect((await listPage(handler, false, 'garbled')).error).toEqual({
      code: -32602,
      message: 'Invalid cursor',
    });
  });

  it('should keep cursors valid for a caller whose visible list did not change', async () => {
    const hidden = (name: string) => name === 'secret';
    const policy = { authorize: (_phase: string, ref: { name: string }) => !hidden(ref.name) };
    const source = {
      runtime: new Runtime({
        name: 's',
        version: '1',
        router: tools(120),
        pagination: { pageSize: 50 },
        authorization: policy,
      }),
    };
    const handler = new ProtocolHandler(source);
    const first = await listPage(handler, true);
    source.runtime = source.runtime.withRouter(
      source.runtime.router.registerTool({
        definition: { name: 'secret', inputSchema: { type: 'object' } },
        call: () => '',
      }),
    );
    const second = await listPage(handler, true, first.result!.nextCursor as string);
    expect((second.result!.tools as unknown[]).length).toBe(50);
  });

  it('should force a public list scope to private when an authorization policy is set, and say so', () => {
    const warnings: string[] = [];
    const runtime = new Runtime({
      name: 's',
      version: '1',
      authorization: { authorize: () => true },
      toolsCache: { ttlMs: 1000, scope: 'public' },
      promptsCache: { ttlMs: 0, scope: 'private' },
      onWarning: (message) => warnings.push(message),
    });
    expect(runtime.toolsCache).toEqual({ ttlMs: 1000, scope: 'private' });
    expect(warnings).toEqual([
      'Snodo: toolsCache.scope is "public", but authorization (a policy or guards) makes lists vary per caller; it is sent as "private"',
    ]);
  });

  it.each([0, 1.5, -1])('should refuse a page size of %p', (pageSize) => {
    expect(() => new Runtime({ name: 's', version: '1', pagination: { pageSize } })).toThrow(
      'pagination.pageSize must be a whole number of 1 or more',
    );
  });
});
