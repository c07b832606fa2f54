import type { ToolComponent } from '../components/tool.interface.js';
import { classifyMessage } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { ProtocolHandler } from '../protocol/protocol-handler.js';
import { Router } from '../router/router.js';
import { Runtime } from './runtime.js';
import type { RuntimeOptions } from './runtime-options.interface.js';

const echo: ToolComponent = {
  definition: { name: 'echo', inputSchema: { type: 'object' } },
  call: () => 'ok',
};
const runtime = (options: Partial<RuntimeOptions> = {}) =>
  new Runtime({ name: 's', version: '1', router: Router.empty().registerTool(echo), ...options });

async function advertised(options: Partial<RuntimeOptions>) {
  const handler = new ProtocolHandler({ runtime: runtime(options) });
  const initialize = await handler.handle(
    classifyMessage({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      },
    }),
    { transport: 'stdio' },
  );
  const discover = await handler.handle(
    classifyMessage({
      jsonrpc: '2.0',
      id: 2,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
    { transport: 'stdio' },
  );
  const capabilitiesOf = (outcome: typeof initialize) =>
    ((outcome.response as { result: JsonObject }).result.capabilities ?? {}) as JsonObject;
  return { legacy: capabilitiesOf(initialize), modern: capabilitiesOf(discover) };
}

describe('capabilities and extensions options', () => {
  it('should merge capabilities over the derived ones, in every revision', async () => {
    const { legacy, modern } = await advertised({
      capabilities: { experimental: { 'com.example/beta': {} }, tools: { note: 'kept' } },
    });
    expect(legacy).toEqual({
      logging: {},
      tools: { note: 'kept' },
      experimental: { 'com.example/beta': {} },
    });
    expect(modern).toEqual(legacy);
  });

  it('should advertise extensions in 2026-07-28 only', async () => {
    const extensions = { 'com.example/audit': { level: 'full' }, 'io.modelcontextprotocol/ui': {} };
    const { legacy, modern } = await advertised({ extensions });
    expect(legacy.extensions).toBeUndefined();
    expect(modern.extensions).toEqual(extensions);
    expect(modern.tools).toEqual({});
  });

  it.each([
    [{ capabilities: [] }, 'Snodo: capabilities must be an object of capabilities'],
    [
      { capabilities: { tools: true } },
      'Snodo: capabilities.tools must be an object (use {} to advertise it)',
    ],
    [
      { capabilities: { extensions: {} } },
      'Snodo: declare extensions with the extensions option, not capabilities.extensions',
    ],
    [
      { capabilities: { resources: { subscribe: true } } },
      'Snodo: capabilities.resources.subscribe needs resourceSubscriptions: true',
    ],
    [
      { capabilities: { tools: { listChanged: true } } },
      'Snodo: capabilities.tools.listChanged needs listChanged: true',
    ],
    [{ extensions: 'audit' }, 'Snodo: extensions must be an object'],
    [
      { extensions: { audit: {} } },
      'Snodo: the extension id "audit" must be prefix/name with a dot-separated prefix, such as com.example/feature',
    ],
    [
      { extensions: { 'com.example/audit': true } },
      'Snodo: the settings of extension "com.example/audit" must be an object ({} for none)',
    ],
  ])('should refuse %j', (options, message) => {
    expect(() => runtime(options as Partial<RuntimeOptions>)).toThrow(message);
  });

  it('should accept listChanged and subscribe claims when the server serves them', () => {
    const served = runtime({
      listChanged: true,
      resourceSubscriptions: true,
      capabilities: { tools: { listChanged: true } },
    });
    expect(served.capabilities.tools).toEqual({ listChanged: true });
  });
});
