import 'reflect-metadata';
import { bootstrapStdio } from '../../lib/index.js';
import { createTestApp } from '../helpers/sample-app.js';
import {
  GuardContextModule,
  HttpContextModule,
  InterceptorContextModule,
} from './async-context-app.module.js';

/**
 * Serves the app of async-context-app.module.ts as `CONTEXT_APP` says: `http` (the default) on a
 * free loopback port of the platform under test (`PLATFORM=fastify` for Fastify), printing the
 * port; `stdio-guard` or `stdio-interceptor` on stdin and stdout.
 */
async function main(): Promise<void> {
  const mode = process.env.CONTEXT_APP ?? 'http';
  if (mode === 'stdio-guard') return void (await bootstrapStdio(GuardContextModule));
  if (mode === 'stdio-interceptor') return void (await bootstrapStdio(InterceptorContextModule));
  const app = await createTestApp(HttpContextModule);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  process.stdout.write(`listening ${port}\n`);
}
void main();
