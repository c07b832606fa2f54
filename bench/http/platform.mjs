// The platform of the Nest servers: Express, or Fastify with PLATFORM=fastify. On Express,
// EXPRESS_ADAPTER=snodo serves through SnodoExpressAdapter (@snodo/nestjs/express) instead of
// Nest's default adapter.
import { NestFactory } from '@nestjs/core';
import { URL } from 'node:url';

export async function createBenchApp(module) {
  if (process.env.PLATFORM === 'fastify') {
    const { FastifyAdapter } = await import('@nestjs/platform-fastify');
    return NestFactory.create(module, new FastifyAdapter(), { logger: false });
  }
  if (process.env.EXPRESS_ADAPTER === 'snodo') {
    const dist = process.env.SNODO_DIST ?? new URL('../../dist', import.meta.url).href;
    const { SnodoExpressAdapter } = await import(`${dist}/express/index.js`);
    return NestFactory.create(module, new SnodoExpressAdapter(), { logger: false });
  }
  return NestFactory.create(module, { logger: false });
}
