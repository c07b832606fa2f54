import { createApp, PLATFORM } from '../../shared/create-app.js';
import { AppModule } from './app.module.js';

async function bootstrap(): Promise<void> {
  const app = await createApp(AppModule, { logger: ['error', 'warn'] });
  app.enableShutdownHooks();
  const port = Number(process.env.PORT ?? 3210);
  await app.listen(port, '127.0.0.1');
  console.log(`conformance server ready at http://127.0.0.1:${port}/mcp (${PLATFORM})`);
}

void bootstrap();
