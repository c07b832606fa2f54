import { jest } from '@jest/globals';
import fc from 'fast-check';
import type { ToolComponent } from '../components/tool.interface.js';
import { Router } from '../router/router.js';
import { Runtime } from '../runtime/runtime.js';
import type { RuntimeOptions } from '../runtime/runtime-options.interface.js';
import { classifyMessage } from './json-rpc.parser.js';
import type { JsonObject, JsonRpcResponse } from './json-rpc.type.js';
import { ProtocolHandler } from '../protocol/protocol-handler.js';
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

describe('serializeMessage() with a prepared _meta', () => {
  const meta = serializedOnce({
    'io.modelcontextprotocol/serverInfo': { name: 's"', version: '1' },
  });
  /** Members of a result: JSON, and values JSON.stringify leaves out or converts. */
  const member = fc.oneof(
    fc.jsonValue(),
    fc.constant(undefined),
    fc.constant(() => 1),
    fc.constant({ toJSON: () => 'converted' }),
    fc.constant(new Date(0)),
  );
  const result = fc.dictionary(fc.string(), member, { maxKeys: 6 });

  it('should write exactly what JSON.stringify writes, wherever _meta is among the members', () => {
    fc.assert(
      fc.property(result, fc.nat(), fc.oneof(fc.integer(), fc.string()), (members, at, id) => {
        const entries = Object.entries(members).filter(([key]) => key !== '_meta');
        entries.splice(at % (entries.length + 1), 0, ['_meta', meta]);
        const message = { jsonrpc: '2.0', id, result: Object.fromEntries(entries) };
        expect(serializeMessage(message)).toBe(JSON.stringify(message));
      }),
      { numRuns: 3000 },
    );
  });

  it('should leave a result with its own toJSON, or an unprepared _meta, to JSON.stringify', () => {
    const converted = { jsonrpc: '2.0', id: 1, result: { _meta: meta, toJSON: () => ({ a: 1 }) } };
    expect(serializeMessage(converted)).toBe('{"jsonrpc":"2.0","id":1,"result":{"a":1}}');
    const own = { jsonrpc: '2.0', id: 2, result: { _meta: { ...meta }, content: [] } };
    expect(serializeMessage(own)).toBe(JSON.stringify(own));
  });

  it("should splice the runtime's _meta into every 2026-07-28 result", async () => {
    const handler = handlerFor();
    const outcome = await handler.handle(
      classifyMessage({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 't1', arguments: {}, _meta: META },
      }),
      { transport: 'stdio' },
    );
    const response = outcome.response as JsonRpcResponse & { result: JsonObject };
    expect(Object.isFrozen(response.result._meta)).toBe(true);
    const expected = JSON.stringify(response);
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      expect(serializeMessage(response)).toBe(expected);
      // Spliced: neither the message, nor the result, nor its _meta went to JSON.stringify whole.
      const whole = [response, response.result, response.result._meta];
      expect(stringify.mock.calls.filter(([value]) => whole.includes(value))).toEqual([]);
    } finally {
      stringify.mockRestore();
    }
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
