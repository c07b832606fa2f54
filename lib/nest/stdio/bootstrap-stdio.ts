import type { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NotificationHub } from '../../core/index.js';
import { StdioTransport } from '../../transports/index.js';
import { SNODO_NOTIFICATION_HUB, SNODO_RESOLVED_OPTIONS } from '../snodo.constants.js';
import type { SnodoModuleOptions } from '../interfaces/snodo-module-options.interface.js';
import { SnodoRegistry } from '../snodo.registry.js';
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
}

/**
 * Serves a Nest module over stdio: starts an application context (no HTTP server), routes every
 * Nest log line to stderr, serves newline-delimited JSON-RPC on stdin/stdout, and shuts the
 * application down cleanly when stdin ends or on SIGTERM / SIGINT.
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
  const transport = new StdioTransport(app.get(SnodoRegistry), {
    hub: app.get<NotificationHub>(SNODO_NOTIFICATION_HUB),
    input: (options.input ?? process.stdin) as never,
    output: (options.output ?? process.stdout) as never,
  });
  const { shutdownTimeoutMs } = app.get<SnodoModuleOptions>(SNODO_RESOLVED_OPTIONS);
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
