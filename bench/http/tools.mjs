// The catalog every benchmarked server serves: `echo`, plus 200 small tools with schemas.
export const TOOL_COUNT = 201;

/** The definitions, as plain JSON (name, description, inputSchema). */
export const TOOL_DEFINITIONS = [
  {
    name: 'echo',
    description: 'Echoes its text',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', description: 'What to echo' } },
      required: ['text'],
    },
  },
  ...Array.from({ length: TOOL_COUNT - 1 }, (_, i) => ({
    name: `tool_${String(i).padStart(3, '0')}`,
    description: `Small tool number ${i}`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, description: 'What to look for' },
        limit: { type: 'integer', minimum: 1, maximum: 100, description: 'How many' },
      },
      required: ['query'],
    },
  })),
];

/** What each tool answers: echo its text, the others a fixed line. */
export const callTool = (name, args) => (name === 'echo' ? String(args.text) : `${name} ran`);

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** The requests the load generator sends, with their headers. */
export const REQUESTS = {
  'tools/call (2026-07-28)': {
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'echo',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'hello' }, _meta: META },
    }),
  },
  'tools/list (2026-07-28)': {
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: META },
    }),
  },
};
