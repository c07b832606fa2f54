import type { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { StdioTransport } from '../../transports/internal.js';
import { serverOf } from '../servers/snodo-servers.js';
import { StderrLogger } from './stderr.logger.js';

/**
 * Options of {@link bootstrapStdio}.
 * @publicApi
 */
export interface BootstrapStdioOptions {
  /** Where messages come from. @default process.stdin */
  input?: NodeJS.ReadableStream;
  /** Where messages go. @default process.stdout */
  output?: NodeJS.WritableStream;
  /** Exit the process when serving ends (input closed, or SIGTERM). @default true */
  exit?: boolean;
  /**
   * Which server of the app to serve, by the `server` name given to its `forRoot()` (an app of
   * several servers, docs/multiple-servers.md); the others are built but not served.
   * @default the server without a name, or the app's only server
   */
  server?: string;
}

/**
 * Serves a Nest module over stdio: starts an application context (no HTTP server), routes every
 * Nest log line to stderr, serves newline-delimited JSON-RPC on stdin/stdout, and shuts the
 * application down cleanly when stdin ends or on SIGTERM / SIGINT. In an app of several servers,
 * `options.server` says which one.
 * @throws {Error} when the app has no such server, or several and `server` names none.
 * @example
 * ```ts
 * // main-stdio.ts
 * await bootstrapStdio(AppModule);
 * ```
 * @returns the application context, once serving has ended.
 * @publicApi
 */
export async function bootstrapStdio(
  module: Type,
  options: BootstrapStdioOptions = {},
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(module, { logger: new StderrLogger() });
  await app.init();
  let served: ReturnType<typeof serverOf>;
  try {
    served = serverOf(app, options.server);
  } catch (error) {
    await app.close();
    throw error;
  }
  const transport = new StdioTransport(served.registry, {
    hub: served.hub,
    input: (options.input ?? process.stdin) as never,
    output: (options.output ?? process.stdout) as never,
  });
  const { shutdownTimeoutMs } = served.options;
  const stop = (): void => void transport.shutdown(shutdownTimeoutMs ?? 10_000);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  try {
    await transport.serve();
  } finally {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
    await app.close();
  }
  if (options.exit ?? true) process.exit(0);
  return app;
}
