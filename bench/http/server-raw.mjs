// The raw floor: node:http, JSON.parse of the body, a JSON-RPC answer. No MCP rules at all.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { TOOL_DEFINITIONS, callTool } from './tools.mjs';

const listBody = (id) =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":${JSON.stringify(TOOL_DEFINITIONS)}}}`;

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const body =
      message.method === 'tools/list'
        ? listBody(message.id)
        : JSON.stringify({
            jsonrpc: '2.0',
            id: message.id,
            result: {
              content: [
                { type: 'text', text: callTool(message.params.name, message.params.arguments) },
              ],
            },
          });
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
