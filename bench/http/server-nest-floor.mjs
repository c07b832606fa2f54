// The Nest floor: a bare Nest app (Express, or Fastify with PLATFORM=fastify) whose one POST
// route answers like the raw floor.
import 'reflect-metadata';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { createBenchApp } from './platform.mjs';
import { ready } from './ipc.mjs';
import { TOOL_DEFINITIONS, callTool, readItem } from './tools.mjs';

class FloorController {
  handle(message) {
    if (message.method === 'tools/list') {
      return { jsonrpc: '2.0', id: message.id, result: { tools: TOOL_DEFINITIONS } };
    }
    if (message.method === 'resources/read') {
      const { uri } = message.params;
      const text = readItem(uri.slice('item://'.length));
      return {
        jsonrpc: '2.0',
        id: message.id,
        result: { contents: [{ uri, mimeType: 'text/plain', text }] },
      };
    }
    const text = callTool(message.params.name, message.params.arguments);
    return { jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text }] } };
  }
}
const handle = Object.getOwnPropertyDescriptor(FloorController.prototype, 'handle');
Body()(FloorController.prototype, 'handle', 0);
Reflect.defineMetadata('design:paramtypes', [Object], FloorController.prototype, 'handle');
Reflect.decorate([Post(), HttpCode(200)], FloorController.prototype, 'handle', handle);
Reflect.decorate([Controller('mcp')], FloorController);

class FloorModule {}
Reflect.decorate([Module({ controllers: [FloorController] })], FloorModule);

const app = await createBenchApp(FloorModule);
await app.listen(Number(process.env.PORT), '127.0.0.1');
ready();
