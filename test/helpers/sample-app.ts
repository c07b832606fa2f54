import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../sample/01-tools/src/app.module.js';

/** A running Nest app on a loopback port. */
export interface RunningApp {
  readonly app: INestApplication;
  /** The MCP endpoint URL. */
  readonly url: string;
  close(): Promise<void>;
}

/** Boots a Nest module on 127.0.0.1 with a free port. */
export async function startApp(
  module: unknown = AppModule,
  path = '/mcp',
  configure?: (app: INestApplication) => void,
): Promise<RunningApp> {
  const app = await NestFactory.create(module as never, { logger: false });
  configure?.(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    url: `http://127.0.0.1:${address.port}${path}`,
    close: () => app.close(),
  };
}
