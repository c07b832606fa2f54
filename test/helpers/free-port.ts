import { createServer } from 'node:net';

/**
 * A loopback port free at the time of asking, for what must know its port before it listens (a
 * child process, a resource URL named in the app's options, a Redis that restarts on its port).
 */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
