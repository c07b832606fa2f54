import { ToolHeaders } from './tool-headers.js';

const tool = (name: string, properties: Record<string, unknown>) => ({
  name,
  inputSchema: { type: 'object', properties },
});

describe('ToolHeaders', () => {
  describe('keepValid()', () => {
    it('should leave out the tools whose annotations break the rules, with a warning each', () => {
      const warnings: string[] = [];
      const headers = new ToolHeaders((message) => warnings.push(message));
      const tools = [
        tool('valid', { region: { type: 'string', 'x-mcp-header': 'Region' } }),
        tool('empty', { v: { type: 'string', 'x-mcp-header': '' } }),
        tool('number', { v: { type: 'number', 'x-mcp-header': 'Score' } }),
        tool('object', { v: { type: 'object', 'x-mcp-header': 'Data' } }),
        tool('twice', {
          a: { type: 'string', 'x-mcp-header': 'MyField' },
          b: { type: 'string', 'x-mcp-header': 'myfield' },
        }),
        tool('space', { v: { type: 'string', 'x-mcp-header': 'My Region' } }),
        tool('accent', { v: { type: 'string', 'x-mcp-header': 'Région' } }),
        tool('plain', { q: { type: 'string' } }),
        { name: 'no-schema' },
      ];
      expect(headers.keepValid(tools).map(({ name }) => name)).toEqual([
        'valid',
        'plain',
        'no-schema',
      ]);
      expect(warnings).toHaveLength(6);
      expect(warnings[0]).toContain('"empty"');
      expect(headers.knows('valid')).toBe(true);
      expect(headers.knows('empty')).toBe(false);
    });
  });

  describe('headersFor()', () => {
    const headers = new ToolHeaders(() => undefined);
    headers.keepValid([
      tool('t', {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        count: { type: 'integer', 'x-mcp-header': 'Count' },
        dry: { type: 'boolean', 'x-mcp-header': 'Dry-Run' },
        nested: {
          type: 'object',
          properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } },
        },
        query: { type: 'string' },
      }),
    ]);

    it('should mirror each annotated argument, integers in decimal and booleans as words', () => {
      expect(
        headers.headersFor('t', {
          region: 'eu',
          count: 42,
          dry: false,
          nested: { zone: 'b' },
          query: 'q',
        }),
      ).toEqual({
        'mcp-param-region': 'eu',
        'mcp-param-count': '42',
        'mcp-param-dry-run': 'false',
        'mcp-param-zone': 'b',
      });
    });

    it('should leave out absent and null arguments', () => {
      expect(headers.headersFor('t', { region: null, nested: {} })).toEqual({});
    });

    it('should encode an unsafe value as a base64 sentinel', () => {
      expect(headers.headersFor('t', { region: ' eu ' })).toEqual({
        'mcp-param-region': `=?base64?${Buffer.from(' eu ').toString('base64')}?=`,
      });
    });

    it('should send none for a tool it has not listed', () => {
      expect(headers.headersFor('unknown', { region: 'eu' })).toEqual({});
    });
  });
});
