import type { INestApplication, NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SnodoExpressAdapter } from '../../lib/express/index.js';

/** The platform the samples run on: `PLATFORM=fastify` picks Fastify; Express is the default. */
export const PLATFORM = process.env.PLATFORM === 'fastify' ? 'fastify' : 'express';

/**
 * Creates a sample's Nest app on Express through `SnodoExpressAdapter` (`@snodo/nestjs/express`:
 * Nest's Express adapter, with a server that makes requests as Express wants them), or on Fastify
 * with `PLATFORM=fastify` (the optional `@nestjs/platform-fastify` package, loaded only then).
 */
export async function createApp(
  module: unknown,
  options: NestApplicationOptions = {},
): Promise<INestApplication> {
  if (PLATFORM === 'fastify') {
    const { FastifyAdapter } = await import('@nestjs/platform-fastify');
    return NestFactory.create(module as never, new FastifyAdapter(), options);
  }
  return NestFactory.create(module as never, new SnodoExpressAdapter(), options);
}
