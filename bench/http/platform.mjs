// The platform of the Nest servers: Express, or Fastify with PLATFORM=fastify.
import { NestFactory } from '@nestjs/core';

export async function createBenchApp(module) {
  if (process.env.PLATFORM === 'fastify') {
    const { FastifyAdapter } = await import('@nestjs/platform-fastify');
    return NestFactory.create(module, new FastifyAdapter(), { logger: false });
  }
  return NestFactory.create(module, { logger: false });
}
