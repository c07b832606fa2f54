import { createApp, PLATFORM } from '../../shared/create-app.js';
import { AppModule, EXPLORER } from './app.module.js';

async function bootstrap(): Promise<void> {
  const app = await createApp(AppModule);
  app.enableShutdownHooks();
  const host = process.env.HOST ?? '127.0.0.1';
  const port = Number(process.env.PORT ?? 3000);
  await app.listen(port, host);
  console.log(`MCP server ready at http://${host}:${port}/mcp (${PLATFORM})`);
  if (EXPLORER) console.log(`Explorer page at http://${host}:${port}/mcp/explorer`);
}

void bootstrap();
