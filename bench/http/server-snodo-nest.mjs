// Snodo through the Nest controller (Express, or Fastify with PLATFORM=fastify): SnodoModule.forRoot
// with the 201 tools and the item template added in code.
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { URL } from 'node:url';
import { createBenchApp } from './platform.mjs';
import { ready } from './ipc.mjs';
import { ITEM_TEMPLATE, TOOL_DEFINITIONS, callTool, readItem } from './tools.mjs';

// SNODO_DIST: another build of lib/ to serve (the profile benchmark's, one module per file).
const dist = process.env.SNODO_DIST ?? new URL('../../dist', import.meta.url).href;
const { SnodoModule, SnodoRegistry } = await import(`${dist}/index.js`);

class Catalog {
  constructor(registry) {
    for (const definition of TOOL_DEFINITIONS) {
      registry.addTool({ definition, call: (args) => callTool(definition.name, args) });
    }
    registry.addResource({ definition: ITEM_TEMPLATE, read: ({ id }) => readItem(id) });
  }
}
Reflect.defineMetadata('design:paramtypes', [SnodoRegistry], Catalog);
Reflect.decorate([Injectable()], Catalog);

class BenchModule {}
Reflect.decorate(
  [
    Module({
      imports: [
        SnodoModule.forRoot({
          name: 'bench',
          version: '1.0.0',
          schemaValidator: 'ajv',
          // The handshake operation opens and closes sessions from one address as fast as it can.
          initializeRateLimit: false,
          // bench/scale.bench.mjs runs instances that share Redis (ioredis is loaded only then).
          store: process.env.REDIS_URL
            ? (await import(`${dist}/redis/index.js`)).redisStore({ url: process.env.REDIS_URL })
            : undefined,
        }),
      ],
      providers: [Catalog],
    }),
  ],
  BenchModule,
);

const app = await createBenchApp(BenchModule);
await app.listen(Number(process.env.PORT), '127.0.0.1');
ready();
