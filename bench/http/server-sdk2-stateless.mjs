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
import { ECHO_SHAPE, SMALL_SHAPE, registerCatalog } from './sdk-catalog.mjs';

// The schemas are built once: the factory only registers them, as the docs show.
const inputs = { echo: z.object(ECHO_SHAPE), small: z.object(SMALL_SHAPE) };
const handler = createMcpHandler(() =>
  registerCatalog(new McpServer({ name: 'bench', version: '1.0.0' }), ResourceTemplate, inputs),
);

const nodeHandler = toNodeHandler(handler);
const validateHost = localhostHostValidation();
const validateOrigin = localhostOriginValidation();
createServer((req, res) => {
  if (!validateHost(req, res) || !validateOrigin(req, res)) return;
  void nodeHandler(req, res);
}).listen(Number(process.env.PORT), '127.0.0.1', ready);
