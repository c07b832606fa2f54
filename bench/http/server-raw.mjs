// The raw floor: node:http, JSON.parse of the body, a JSON-RPC answer. No MCP rules at all: the
// handshake answers a fixed session id, a notification 202 and a DELETE 200.
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { ready } from './ipc.mjs';
import { TOOL_DEFINITIONS, callTool, readItem } from './tools.mjs';

const TOOLS = JSON.stringify(TOOL_DEFINITIONS);

function answer(message) {
  switch (message.method) {
    case 'tools/list':
      return `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"tools":${TOOLS}}}`;
    case 'resources/read': {
      const { uri } = message.params;
      const text = readItem(uri.slice('item://'.length));
      return JSON.stringify({
        jsonrpc: '2.0',
        id: message.id,
        result: { contents: [{ uri, mimeType: 'text/plain', text }] },
      });
    }
    case 'initialize':
      return JSON.stringify({
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: message.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'raw', version: '1.0.0' },
        },
      });
    default: {
      const text = callTool(message.params.name, message.params.arguments);
      return JSON.stringify({
        jsonrpc: '2.0',
        id: message.id,
        result: { content: [{ type: 'text', text }] },
      });
    }
  }
}

const server = createServer((req, res) => {
  if (req.method === 'DELETE') {
    res.writeHead(200).end();
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (message.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    const body = answer(message);
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...(message.method === 'initialize' ? { 'mcp-session-id': randomUUID() } : {}),
    });
    res.end(body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', ready);
