import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';

const validator = new McpSchemaValidator();
const serverInfo = { name: 's', version: '1' };

describe('McpSchemaValidator', () => {
  it('should accept a valid 2026-07-28 tools/list response', () => {
    const message = {
      jsonrpc: '2.0',
      id: 1,
      result: {
        resultType: 'complete',
        tools: [{ name: 't', inputSchema: { type: 'object' } }],
        ttlMs: 0,
        cacheScope: 'private',
      },
    };
    expect(validator.checkServerMessage('2026-07-28', 'tools/list', message)).toEqual([]);
  });

  it('should reject a 2026-07-28 result without resultType or cache hints', () => {
    const message = { jsonrpc: '2.0', id: 1, result: { tools: [] } };
    expect(
      validator.checkServerMessage('2026-07-28', 'tools/list', message).length,
    ).toBeGreaterThan(0);
  });

  it('should reject an initialize result without serverInfo', () => {
    const message = {
      jsonrpc: '2.0',
      id: 1,
      result: { protocolVersion: '2025-11-25', capabilities: {} },
    };
    expect(validator.checkServerMessage('2025-11-25', 'initialize', message).join()).toContain(
      'serverInfo',
    );
  });

  it('should find 2026-07-28 fields leaking into a 2025 result', () => {
    const result = {
      tools: [],
      resultType: 'complete',
      ttlMs: 0,
      _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo },
    };
    const problems = validator.checkServerMessage('2025-11-25', 'tools/list', {
      jsonrpc: '2.0',
      id: 1,
      result,
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('result.resultType'),
        expect.stringContaining('result.ttlMs'),
        expect.stringContaining('io.modelcontextprotocol/serverInfo'),
      ]),
    );
  });

  it('should find icons on a 2025-06-18 tool', () => {
    const result = {
      tools: [{ name: 't', inputSchema: { type: 'object' }, icons: [{ src: 'https://x/i.png' }] }],
    };
    expect(
      validator.checkServerMessage('2025-06-18', 'tools/list', { jsonrpc: '2.0', id: 1, result }),
    ).toEqual(['result.tools[0].icons is not a 2025-06-18 field of Tool']);
  });

  it('should find a top-level serverInfo on server/discover', () => {
    const result = {
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: {},
      ttlMs: 0,
      cacheScope: 'public',
      serverInfo,
    };
    expect(
      validator.checkServerMessage('2026-07-28', 'server/discover', {
        jsonrpc: '2.0',
        id: 1,
        result,
      }),
    ).toContain('result.serverInfo is not a 2026-07-28 field of DiscoverResult');
  });
});
