// A throwaway redis-server for the tests that need a real one: the scale-out tests and the specs
// of lib/redis (both run by `npm run test:scale`, which .ci/run runs with redis-server installed).
import { binary, run, type Running } from './child-process.js';
import { freePort } from './free-port.js';

/** A running redis-server: its URL and port, and how to stop it. */
export type RedisServer = Running & { url: string; port: number };

/** A throwaway redis-server on loopback, without persistence (on `port`, or a free one). */
export async function startRedis(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  const redis = await run(
    binary('redis-server', 'redis-server'),
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    /Ready to accept connections/,
  );
  return { ...redis, url: `redis://127.0.0.1:${chosen}`, port: chosen };
}
