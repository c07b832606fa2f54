import type { INestApplication, NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { TestingModule } from '@nestjs/testing';
import { AppModule } from '../../sample/01-tools/src/app.module.js';

/**
 * The platform the end-to-end tests run on: `fastify` runs them on `@nestjs/platform-fastify`,
 * anything else on Express (Nest's default). `npm test` runs each spec that starts a platform on
 * both (jest.config.mjs sets PLATFORM per project).
 */
export const PLATFORM = process.env.PLATFORM === 'fastify' ? 'fastify' : 'express';

/** The platform's adapter, or none for Express (Nest's default). */
async function adapter(options: NestApplicationOptions): Promise<unknown> {
  if (PLATFORM !== 'fastify') return undefined;
  const { FastifyAdapter } = await import('@nestjs/platform-fastify');
  // Fastify's own forceCloseConnections: Nest 11's adapter ignores Nest's option of that name.
  return new FastifyAdapter({ forceCloseConnections: options.forceCloseConnections ?? true });
}

/**
 * What every test app is created with: no logs, and `forceCloseConnections`, so that `app.close()`
 * does not wait for a keep-alive connection a client left open (Snodo's own shutdown has answered
 * every MCP request by then).
 */
const TEST_APP_OPTIONS: NestApplicationOptions = { logger: false, forceCloseConnections: true };

/**
 * A Nest app of a module on the platform under test (not yet listening).
 * @param options `forceCloseConnections: false` leaves connections to Node's close and Snodo's
 *   shutdown, as in an app that does not set it.
 */
export async function createTestApp(
  module: unknown,
  options: NestApplicationOptions = {},
): Promise<INestApplication> {
  const platform = await adapter(options);
  return platform === undefined
    ? NestFactory.create(module as never, { ...TEST_APP_OPTIONS, ...options })
    : NestFactory.create(module as never, platform as never, { ...TEST_APP_OPTIONS, ...options });
}

/** The Nest app of a compiled testing module, on the platform under test (not yet listening). */
export async function createTestApplication(
  moduleRef: TestingModule,
  options: NestApplicationOptions = {},
): Promise<INestApplication> {
  const platform = await adapter(options);
  return platform === undefined
    ? moduleRef.createNestApplication({ ...TEST_APP_OPTIONS, ...options })
    : moduleRef.createNestApplication(platform as never, { ...TEST_APP_OPTIONS, ...options });
}

/** A running Nest app on a loopback port. */
export interface RunningApp {
  readonly app: INestApplication;
  /** The MCP endpoint URL. */
  readonly url: string;
  close(): Promise<void>;
}

/** Boots a Nest module on 127.0.0.1 with a free port, on the platform under test. */
export async function startApp(
  module: unknown = AppModule,
  path = '/mcp',
  configure?: (app: INestApplication) => void,
): Promise<RunningApp> {
  const app = await createTestApp(module);
  configure?.(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    url: `http://127.0.0.1:${address.port}${path}`,
    close: () => app.close(),
  };
}
