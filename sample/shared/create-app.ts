import type { Server } from 'node:http';
import type { INestApplication, NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SnodoExpressAdapter } from '../../lib/express/index.js';

/** The platform the samples run on: `PLATFORM=fastify` picks Fastify; Express is the default. */
export const PLATFORM = process.env.PLATFORM === 'fastify' ? 'fastify' : 'express';

/**
 * How long a client may take to send its request headers, and its whole request, before Node
 * answers 408 and closes the connection (Node checks every 30 s, so a client that trickles its
 * headers is cut within 40 s). Node's defaults (60 s and 300 s) let slow clients hold connections
 * for minutes. A long tool call or an event stream is not bounded by them: they bound receiving
 * the request, not answering it.
 */
export const HTTP_TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 30_000 } as const;

/**
 * Creates a sample's Nest app on Express through `SnodoExpressAdapter` (`@snodo/nestjs/express`:
 * Nest's Express adapter, with a server that makes requests as Express wants them), or on Fastify
 * with `PLATFORM=fastify` (the optional `@nestjs/platform-fastify` package, loaded only then),
 * its HTTP server bounded by {@link HTTP_TIMEOUTS}.
 */
export async function createApp(
  module: unknown,
  options: NestApplicationOptions = {},
): Promise<INestApplication> {
  let app: INestApplication;
  if (PLATFORM === 'fastify') {
    const { FastifyAdapter } = await import('@nestjs/platform-fastify');
    app = await NestFactory.create(module as never, new FastifyAdapter(), options);
  } else {
    app = await NestFactory.create(module as never, new SnodoExpressAdapter(), options);
  }
  Object.assign(app.getHttpServer() as Server, HTTP_TIMEOUTS);
  return app;
}
