import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ThrottledAppModule } from './throttled-app.module.js';

/** Serves ThrottledAppModule on a free loopback port (PLATFORM=fastify for Fastify) and prints the port. */
async function main(): Promise<void> {
  const options = { logger: false as const, forceCloseConnections: true };
  const app =
    process.env.PLATFORM === 'fastify'
      ? await NestFactory.create(
          ThrottledAppModule,
          new (await import('@nestjs/platform-fastify')).FastifyAdapter(),
          options,
        )
      : await NestFactory.create(ThrottledAppModule, options);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  process.stdout.write(`listening ${port}\n`);
}
void main();
