// The official TypeScript SDK 1.x, stateful, as its jsonResponseStreamableHttp example: an Express
// app from createMcpExpressApp; an `initialize` POST without a session creates an McpServer with
// every tool and the item template, and a StreamableHTTPServerTransport (session id from
// randomUUID, JSON responses), kept in a Map by session id; later requests carry `mcp-session-id`;
// DELETE closes the session (GET and DELETE go to the session's transport, as in the SDK's
// simpleStreamableHttp example). No idle-session sweeping or session cap.
import { randomUUID } from 'node:crypto';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { ready } from './ipc.mjs';
import { ECHO_SHAPE, SMALL_SHAPE, registerCatalog } from './sdk-catalog.mjs';

const getServer = () =>
  registerCatalog(new McpServer({ name: 'bench', version: '1.0.0' }), ResourceTemplate, {
    echo: ECHO_SHAPE,
    small: SMALL_SHAPE,
  });

/** session id -> its transport (the server is reached through it). */
const sessions = new Map();
const noSession = (res, status, code, message) =>
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });

const app = createMcpExpressApp();
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'];
  const existing = sessionId ? sessions.get(sessionId) : undefined;
  if (existing) return existing.handleRequest(req, res, req.body);
  if (sessionId) return noSession(res, 404, -32001, 'Session not found');
  if (!isInitializeRequest(req.body)) {
    return noSession(res, 400, -32000, 'Bad Request: No valid session ID provided');
  }
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (id) => sessions.set(id, transport),
  });
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
  };
  await getServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});
const sessionRequest = async (req, res) => {
  const transport = sessions.get(req.headers['mcp-session-id']);
  if (!transport) return noSession(res, 404, -32001, 'Session not found');
  await transport.handleRequest(req, res);
};
app.get('/mcp', sessionRequest);
app.delete('/mcp', sessionRequest);

app.listen(Number(process.env.PORT), '127.0.0.1', ready);
