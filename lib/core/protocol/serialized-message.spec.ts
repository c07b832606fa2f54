import type { ToolComponent } from '../components/tool.interface.js';
import { Router } from '../router/router.js';
import { Runtime } from '../runtime/runtime.js';
import type { RuntimeOptions } from '../runtime/runtime-options.interface.js';
import { classifyMessage } from './json-rpc.parser.js';
import type { JsonObject, JsonRpcResponse } from './json-rpc.type.js';
import { ProtocolHandler } from './protocol-handler.js';
import { serializeMessage, serializedOnce } from './serialized-message.js';

const tools: ToolComponent[] = Array.from({ length: 5 }, (_, i) => ({
  definition: { name: `t${i}`, inputSchema: { type: 'object' } },
  call: () => 'ok',
}));

function handlerFor(options: Partial<RuntimeOptions> = {}): ProtocolHandler {
  const router = tools.reduce((r, tool) => r.registerTool(tool), Router.empty());
  return new ProtocolHandler({
    runtime: new Runtime({
      name: 's',
      version: '1',
      router,
      pagination: { pageSize: 2 },
      ...options,
    }),
  });
}

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

async function list(handler: ProtocolHandler, id: number, params: JsonObject = {}) {
  const outcome = await handler.handle(
    classifyMessage({
      jsonrpc: '2.0',
      id,
      method: 'tools/list',
      params: { ...params, _meta: META },
    }),
    { transport: 'stdio' },
  );
  return outcome.response as JsonRpcResponse & { result?: JsonObject };
}

describe('serializeMessage()', () => {
  it('should write exactly what JSON.stringify writes, with or without a prepared result', () => {
    const result = serializedOnce({ tools: [{ name: 'a', note: 'quote " and \u2028' }] });
    for (const id of [1, 'x"y', 0]) {
      const message = { jsonrpc: '2.0', id, result };
      expect(serializeMessage(message)).toBe(JSON.stringify(message));
    }
    const plain = { jsonrpc: '2.0', id: 3, result: { a: 1 } };
    expect(serializeMessage(plain)).toBe(JSON.stringify(plain));
    expect(Object.isFrozen(result)).toBe(true);
  });
});

describe('prepared list pages', () => {
  it('should serve every caller the same prepared page, per cursor, with their own id', async () => {
    const handler = handlerFor();
    const first = await list(handler, 1);
    const again = await list(handler, 2);
    expect(again.result).toBe(first.result);
    expect(serializeMessage(again)).toBe(JSON.stringify(again));
    expect(JSON.parse(serializeMessage(again)).id).toBe(2);

    const cursor = first.result?.nextCursor as string;
    const second = await list(handler, 3, { cursor });
    const secondAgain = await list(handler, 4, { cursor });
    expect(secondAgain.result).toBe(second.result);
    expect((second.result?.tools as JsonObject[]).map((t) => t.name)).toEqual(['t2', 't3']);
  });

  it('should still refuse cursors that are not valid, including the empty one', async () => {
    const handler = handlerFor();
    await list(handler, 1);
    for (const cursor of ['', 'garbage', 7]) {
      const response = await list(handler, 2, { cursor });
      expect(response).toMatchObject({ error: { code: -32602, message: 'Invalid cursor' } });
    }
  });

  it('should compute the pages per caller when an authorization policy makes lists vary', async () => {
    const handler = handlerFor({ authorization: { authorize: () => true } });
    const first = await list(handler, 1);
    const again = await list(handler, 2);
    expect(again.result).toEqual(first.result);
    expect(again.result).not.toBe(first.result);
  });
});
