import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { createApp, PLATFORM } from '../../shared/create-app.js';
import { AppModule } from './app.module.js';
import { COUNTER_PORT } from './counter.token.js';
import { CounterServiceModule } from './counter.service-module.js';

/**
 * Starts the counter microservice on loopback TCP, then the MCP server that talks to it, on
 * Express, or on Fastify with `PLATFORM=fastify`.
 */
async function bootstrap(): Promise<void> {
  const counter = await NestFactory.createMicroservice<MicroserviceOptions>(CounterServiceModule, {
    transport: Transport.TCP,
    options: { host: '127.0.0.1', port: COUNTER_PORT },
  });
  await counter.listen();
  const app = await createApp(AppModule);
  app.enableShutdownHooks();
  const port = Number(process.env.PORT ?? 3001);
  await app.listen(port, '127.0.0.1');
  console.log(`counter microservice on tcp://127.0.0.1:${COUNTER_PORT}`);
  console.log(`MCP server ready at http://127.0.0.1:${port}/mcp (${PLATFORM})`);
}

void bootstrap();
