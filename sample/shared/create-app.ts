import type { INestApplication, NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

/** The platform the samples run on: `PLATFORM=fastify` picks Fastify; Express is the default. */
export const PLATFORM = process.env.PLATFORM === 'fastify' ? 'fastify' : 'express';

/**
 * Creates a sample's Nest app on Express, or on Fastify with `PLATFORM=fastify` (the optional
 * `@nestjs/platform-fastify` package, loaded only then).
 */
export async function createApp(
  module: unknown,
  options: NestApplicationOptions = {},
): Promise<INestApplication> {
  if (PLATFORM === 'fastify') {
    const { FastifyAdapter } = await import('@nestjs/platform-fastify');
    return NestFactory.create(module as never, new FastifyAdapter(), options);
  }
  return NestFactory.create(module as never, options);
}
