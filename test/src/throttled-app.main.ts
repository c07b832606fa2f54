import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ThrottledAppModule } from './throttled-app.module.js';
import { ThrottledEndpointModule, ThrottledLibraryModule } from './throttled-more.module.js';
import { SnodoThrottledModule } from './throttled-snodo.module.js';
import { createSnodoTestClient } from '../../lib/index.js';

/** The apps this process may serve, by `THROTTLED_APP` (ThrottledAppModule by default). */
const APPS = {
  components: ThrottledAppModule,
  library: ThrottledLibraryModule,
  endpoint: ThrottledEndpointModule,
  'snodo-guard': SnodoThrottledModule,
} as const;

/**
 * Serves one of {@link APPS} on a free loopback port (PLATFORM=fastify for Fastify) and prints
 * the port.
 */
async function main(): Promise<void> {
  if (process.env.THROTTLED_APP === 'test-client') return inTestClient();
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
/**
 * SnodoThrottledModule in the in-process test client (createSnodoTestClient), where no HTTP
 * request exists: three lists, then three calls; prints what each gave, as JSON.
 */
async function inTestClient(): Promise<void> {
  const client = await createSnodoTestClient(SnodoThrottledModule);
  const seen: unknown[] = [];
  for (let i = 0; i < 3; i++) seen.push((await client.listTools()).length);
  for (let i = 0; i < 3; i++) {
    seen.push(
      await client.callTool('guarded_tool', {}).then(
        (result) => (result.content as { text: string }[])[0]!.text,
        (error: { code?: number; message: string }) => ({
          code: error.code,
          message: error.message,
        }),
      ),
    );
  }
  await client.close();
  process.stdout.write(`${JSON.stringify(seen)}\n`);
}

void main();
