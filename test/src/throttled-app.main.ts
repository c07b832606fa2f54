import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ThrottledAppModule } from './throttled-app.module.js';
import { ThrottledEndpointModule, ThrottledLibraryModule } from './throttled-more.module.js';

/** The apps this process may serve, by `THROTTLED_APP` (ThrottledAppModule by default). */
const APPS = {
  components: ThrottledAppModule,
  library: ThrottledLibraryModule,
  endpoint: ThrottledEndpointModule,
} as const;

/**
 * Serves one of {@link APPS} on a free loopback port (PLATFORM=fastify for Fastify) and prints
 * the port.
 */
async function main(): Promise<void> {
  const module = APPS[(process.env.THROTTLED_APP ?? 'components') as keyof typeof APPS];
  const options = { logger: false as const, forceCloseConnections: true };
  const app =
    process.env.PLATFORM === 'fastify'
      ? await NestFactory.create(
          module,
          new (await import('@nestjs/platform-fastify')).FastifyAdapter(),
          options,
        )
      : await NestFactory.create(module, options);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  process.stdout.write(`listening ${port}\n`);
}
void main();
