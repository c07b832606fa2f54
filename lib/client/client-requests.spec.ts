import { SnodoError, type JsonObject, type JsonRpcResponse } from '../core/internal.js';
import type { ClientChannel, SendHints } from './client-channel.js';
import { ClientRequests } from './client-requests.js';

/** A channel that answers each request with `answer`, recording messages and hints. */
function channel(answer: (message: JsonObject) => JsonObject | SnodoError) {
  const sent: { message: JsonObject; hints: SendHints }[] = [];
  const value: ClientChannel = {
    send: (message, hints) => {
      sent.push({ message, hints });
      const result = answer(message);
      const response: JsonRpcResponse =
        result instanceof SnodoError
          ? { jsonrpc: '2.0', id: message.id as number, error: result.toJSON() }
          : { jsonrpc: '2.0', id: message.id as number, result };
      return Promise.resolve(response);
    },
    close: () => Promise.resolve(),
  };
  return { value, sent };
}

describe('ClientRequests', () => {
  it('should send the 2026-07-28 envelope: the revision, the capabilities and the client info', async () => {
    const { value, sent } = channel(() => ({ resultType: 'complete' }));
    const requests = new ClientRequests(value, {
      clientInfo: { name: 'me', version: '9' },
      capabilities: { experimental: { x: {} } },
      handlers: { roots: [] },
    });
    await requests.request('tools/list', { cursor: 'c', _meta: { progressToken: 'p' } });
    expect(sent[0]!.message.params).toEqual({
      cursor: 'c',
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': { roots: {}, experimental: { x: {} } },
        'io.modelcontextprotocol/clientInfo': { name: 'me', version: '9' },
        progressToken: 'p',
      },
    });
  });

  it('should give every request, retries included, a new JSON-RPC id', async () => {
    let round = 0;
    const { value, sent } = channel(() =>
      round++ === 0
        ? { resultType: 'input_required', inputRequests: { r: { method: 'roots/list' } } }
        : { resultType: 'complete' },
    );
    const requests = new ClientRequests(value, { handlers: { roots: [] } });
    await requests.request('tools/call', { name: 't' });
    await requests.request('tools/list');
    expect(sent.map(({ message }) => message.id)).toEqual([1, 2, 3]);
  });

  it('should list the tools again and send a tools/call once more after a -32020', async () => {
    let refusals = 1;
    const { value, sent } = channel((message) =>
      message.method === 'tools/call' && refusals-- > 0
        ? new SnodoError(-32020, 'Mcp-Param-Region header is missing')
        : { resultType: 'complete', content: [] },
    );
    const requests = new ClientRequests(value, {});
    let relisted = 0;
    requests.relist = () => {
      relisted += 1;
      requests.tools.keepValid([
        {
          name: 't',
          inputSchema: {
            type: 'object',
            properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
          },
        },
      ]);
      return Promise.resolve();
    };
    await requests.request('tools/call', { name: 't', arguments: { region: 'eu' } });
    expect(relisted).toBe(1);
    expect(sent.map(({ hints }) => hints.paramHeaders)).toEqual([{}, { 'mcp-param-region': 'eu' }]);
  });

  it('should throw the second -32020, and any other error at once', async () => {
    const { value, sent } = channel(() => new SnodoError(-32020, 'mismatch'));
    const requests = new ClientRequests(value, {});
    requests.relist = () => Promise.resolve();
    await expect(requests.request('tools/call', { name: 't' })).rejects.toMatchObject({
      code: -32020,
    });
    expect(sent).toHaveLength(2);
    const other = channel(() => new SnodoError(-32602, 'Unknown tool'));
    const once = new ClientRequests(other.value, {});
    once.relist = () => Promise.resolve();
    await expect(once.request('tools/call', { name: 't' })).rejects.toMatchObject({ code: -32602 });
    expect(other.sent).toHaveLength(1);
  });

  it('should send a request of a session as it is, and answer no input rounds there', async () => {
    const result = { resultType: 'input_required', inputRequests: {} };
    const { value, sent } = channel(() => result);
    const requests = new ClientRequests(value, {});
    requests.version = '2025-11-25';
    expect(await requests.request('tools/call', { name: 't' })).toEqual(result);
    expect(sent[0]!.message.params).toEqual({ name: 't' });
    expect(sent[0]!.hints).toEqual({ protocolVersion: '2025-11-25', name: 't', headers: {} });
  });
});
