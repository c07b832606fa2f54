import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server listening on a free loopback port. */
export interface LoopbackListener {
  readonly port: number;
  /** The URL of `path` on it (the MCP endpoint by default). */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Makes a Node server (a standalone listener, a transport behind `createServer()`) listen on a
 * free loopback port.
 */
export async function listenOnLoopback(server: Server, path = '/mcp'): Promise<LoopbackListener> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
