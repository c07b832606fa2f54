// @rekog/mcp-nest 2.x, as its README shows: an @McpController whose @Tool methods (zod parameters,
// @Payload() arguments) are the 201 tools, generated in a loop, and whose @ResourceTemplate method
// is the item template; an McpStrategy with the default, stateless StreamableHttpTransport
// self-mounted on the Nest Express app at /mcp. Stateless: a fresh SDK 2.x server per request,
// answers in JSON; 2026-07-28 requests go to the SDK's createMcpHandler, 2025-era ones to a
// per-request legacy transport.
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import {
  McpController,
  McpStrategy,
  ResourceTemplate,
  StreamableHttpTransport,
  Tool,
} from '@rekog/mcp-nest';
import * as z from 'zod';
import { ready } from './ipc.mjs';
import { ITEM_TEMPLATE, TOOL_DEFINITIONS, callTool, readItem } from './tools.mjs';

// The TOOL_DEFINITIONS schemas in zod.
const echoInput = z.object({ text: z.string().describe('What to echo') });
const smallInput = z.object({
  query: z.string().min(1).describe('What to look for'),
  limit: z.number().int().min(1).max(100).optional().describe('How many'),
});

class CatalogController {}
/** Adds `method(@Payload() params)` to the controller, under `decorator` (`@Tool(...)`, ...). */
const addMethod = (key, decorator, method) => {
  const proto = CatalogController.prototype;
  Object.defineProperty(proto, key, { value: method, writable: true, configurable: true });
  Payload()(proto, key, 0);
  Reflect.defineMetadata('design:paramtypes', [Object], proto, key);
  Reflect.decorate([decorator], proto, key, Object.getOwnPropertyDescriptor(proto, key));
};
for (const { name, description } of TOOL_DEFINITIONS) {
  const parameters = name === 'echo' ? echoInput : smallInput;
  addMethod(name, Tool({ name, description, parameters }), (args) => ({
    content: [{ type: 'text', text: callTool(name, args) }],
  }));
}
addMethod('item', ResourceTemplate(ITEM_TEMPLATE), ({ uri, id }) => ({
  contents: [{ uri, mimeType: ITEM_TEMPLATE.mimeType, text: readItem(id) }],
}));
Reflect.decorate([McpController()], CatalogController);

class BenchModule {}
Reflect.decorate([Module({ controllers: [CatalogController] })], BenchModule);

const mcp = new McpStrategy({
  name: 'bench',
  version: '1.0.0',
  transports: [new StreamableHttpTransport()],
  logging: false,
});
const app = await NestFactory.create(BenchModule, { logger: false });
mcp.setHttpAdapter(app.getHttpAdapter());
app.connectMicroservice({ strategy: mcp });
await app.startAllMicroservices();
await app.listen(Number(process.env.PORT), '127.0.0.1');
ready();
