/** What of Node's HTTP server (`node:http`, also under Fastify) a connection deadline uses. */
interface ClosableServer {
  readonly listening: boolean;
  closeAllConnections(): void;
  once(event: 'close', listener: () => void): unknown;
}

/** How long past the shutdown deadline the answers of aborted requests may take to flush. */
export const CONNECTION_GRACE_MS = 500;

/**
 * Cuts the connections an HTTP server still holds at `deadline` (a `Date.now()` time), so that
 * closing it cannot wait on a client. Node's `server.close()` ends idle keep-alive connections,
 * but not one that opened and sent no request yet, or only part of one: such a connection holds
 * the close until the client gives up or `headersTimeout` passes (a minute by default). Nothing
 * happens once the server has closed, or for a server that does not listen or is not a
 * `node:http` server. A second call for the same server keeps the later deadline. The timer does
 * not keep the process alive.
 * @internal
 */
export function cutConnectionsAt(server: unknown, deadline: number): void {
  if (!isClosable(server) || !server.listening) return;
  // Several MCP servers of one app share the HTTP server: one cut, at the latest deadline.
  const armed = CUTS.get(server);
  if (armed !== undefined && armed.deadline >= deadline) return;
  if (armed !== undefined) clearTimeout(armed.timer);
  else server.once('close', () => clearTimeout(CUTS.get(server)?.timer));
  const timer = setTimeout(
    () => server.closeAllConnections(),
    Math.max(0, deadline - Date.now()),
  ).unref();
  CUTS.set(server, { deadline, timer });
}

/** The cut armed for each HTTP server. */
const CUTS = new WeakMap<ClosableServer, { deadline: number; timer: NodeJS.Timeout }>();

function isClosable(server: unknown): server is ClosableServer {
  return (
    typeof server === 'object' &&
    server !== null &&
    typeof (server as ClosableServer).closeAllConnections === 'function' &&
    typeof (server as ClosableServer).once === 'function'
  );
}
