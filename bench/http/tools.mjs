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

/** The resource template every server serves, read through `item://42`. */
export const ITEM_TEMPLATE = {
  uriTemplate: 'item://{id}',
  name: 'item',
  description: 'An item by id',
  mimeType: 'text/plain',
};
export const ITEM_URI = 'item://42';
/** What reading an item answers. */
export const readItem = (id) => `item ${id}`;

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

const headers = (version, extra = {}) => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': version,
  ...extra,
});
const body = (method, params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

/**
 * The requests the load generator sends, with their headers. `era` says whether the request needs
 * an initialize-era session on servers that keep sessions (the harness opens one and adds its
 * `Mcp-Session-Id`).
 */
export const REQUESTS = {
  'tools/call (2026-07-28)': {
    era: '2026',
    headers: headers('2026-07-28', { 'mcp-method': 'tools/call', 'mcp-name': 'echo' }),
    body: body('tools/call', { name: 'echo', arguments: { text: 'hello' }, _meta: META }),
  },
  'tools/call (2025-11-25)': {
    era: '2025',
    headers: headers('2025-11-25'),
    body: body('tools/call', { name: 'echo', arguments: { text: 'hello' } }),
  },
  'tools/list (2026-07-28)': {
    era: '2026',
    headers: headers('2026-07-28', { 'mcp-method': 'tools/list' }),
    body: body('tools/list', { _meta: META }),
  },
  'tools/list (2025-11-25)': {
    era: '2025',
    headers: headers('2025-11-25'),
    body: body('tools/list', {}),
  },
  'resources/read template (2026-07-28)': {
    era: '2026',
    headers: headers('2026-07-28', { 'mcp-method': 'resources/read', 'mcp-name': ITEM_URI }),
    body: body('resources/read', { uri: ITEM_URI, _meta: META }),
  },
};

/** The initialize-era handshake: initialize, notifications/initialized, then DELETE. */
export const HANDSHAKE = {
  initialize: {
    headers: headers('2025-11-25'),
    body: body('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'bench', version: '1.0.0' },
    }),
  },
  initialized: {
    headers: headers('2025-11-25'),
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  },
};
