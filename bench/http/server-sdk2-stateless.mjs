// The official TypeScript SDK 2.x, served the way its docs recommend ("Serve over HTTP"): one
// createMcpHandler over a factory that builds, for each request, a fresh McpServer with every tool
// and the item template registered; wrapped by toNodeHandler on plain node:http behind the
// localhost Host/Origin guards. 2026-07-28 requests take its modern path (JSON answers), 2025-era
// ones its stateless legacy fallback (answers as one SSE event).
import { createServer } from 'node:http';
import {
  localhostHostValidation,
  localhostOriginValidation,
  toNodeHandler,
} from '@modelcontextprotocol/node';
import { McpServer, ResourceTemplate, createMcpHandler } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { ready } from './ipc.mjs';
import { ITEM_TEMPLATE, TOOL_DEFINITIONS, callTool, readItem } from './tools.mjs';

// The TOOL_DEFINITIONS schemas in zod, built once: the factory only registers them.
const echoInput = z.object({ text: z.string().describe('What to echo') });
const smallInput = z.object({
  query: z.string().min(1).describe('What to look for'),
  limit: z.number().int().min(1).max(100).optional().describe('How many'),
});

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  for (const { name, description } of TOOL_DEFINITIONS) {
    server.registerTool(
      name,
      { description, inputSchema: name === 'echo' ? echoInput : smallInput },
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
});

const nodeHandler = toNodeHandler(handler);
const validateHost = localhostHostValidation();
const validateOrigin = localhostOriginValidation();
createServer((req, res) => {
  if (!validateHost(req, res) || !validateOrigin(req, res)) return;
  void nodeHandler(req, res);
}).listen(Number(process.env.PORT), '127.0.0.1', ready);
