// The benchmark catalog for the official SDKs (1.x and 2.x share this McpServer API): the
// TOOL_DEFINITIONS schemas as zod shapes, and one function that registers every tool and the item
// template on a server.
import * as z from 'zod';
import { ITEM_TEMPLATE, TOOL_DEFINITIONS, callTool, readItem } from './tools.mjs';

export const ECHO_SHAPE = { text: z.string().describe('What to echo') };
export const SMALL_SHAPE = {
  query: z.string().min(1).describe('What to look for'),
  limit: z.number().int().min(1).max(100).optional().describe('How many'),
};

/**
 * Registers the 201 tools and the item template on `server`.
 * @param inputs the input schemas in the form the SDK takes (zod shapes or zod objects).
 */
export function registerCatalog(server, ResourceTemplate, inputs) {
  for (const { name, description } of TOOL_DEFINITIONS) {
    server.registerTool(
      name,
      { description, inputSchema: name === 'echo' ? inputs.echo : inputs.small },
      async (args) => ({ content: [{ type: 'text', text: callTool(name, args) }] }),
    );
  }
  const { uriTemplate, name, ...metadata } = ITEM_TEMPLATE;
  server.registerResource(
    name,
    new ResourceTemplate(uriTemplate, { list: undefined }),
    metadata,
    async (uri, { id }) => ({
      contents: [{ uri: uri.href, mimeType: metadata.mimeType, text: readItem(id) }],
    }),
  );
  return server;
}
