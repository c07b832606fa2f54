import { createServer, type Server } from 'node:http';
import { ErrorCode, type RuntimeSource } from '../../core/internal.js';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';
import { sendError } from './json-response.writer.js';
import {
  StreamableHttpTransport,
  type StreamableHttpOptions,
} from './streamable-http.transport.js';

/**
 * Options of {@link createStreamableHttpServer}.
 * @publicApi
 */
export interface StandaloneServerOptions extends StreamableHttpOptions {
  /** The endpoint path; other paths get 404. @default '/mcp' */
  path?: string;
  /**
   * How long a client may take to send a request's headers; a slower one gets 408 and is
   * disconnected (Node's `server.headersTimeout`). At most `requestTimeout`.
   * @default 10_000, or `requestTimeout` when that is shorter
   */
  headersTimeout?: number;
  /**
   * How long a client may take to send a whole request, body included (Node's
   * `server.requestTimeout`); streams the server sends back are not limited by it.
   * @default 30_000
   */
  requestTimeout?: number;
}

const timeout = (value: number | undefined, fallback: number, name: string): number => {
  const chosen = value ?? fallback;
  if (!Number.isInteger(chosen) || chosen < 1) {
    throw new Error(TRANSPORT_MESSAGES.BAD_SERVER_TIMEOUT(name));
  }
  return chosen;
};

/** A request's path without its query and trailing slashes (`/mcp/?a=1` → `/mcp`). */
const pathOf = (url: string | undefined): string =>
  (url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/';

/**
 * A plain `node:http` server for the Streamable HTTP endpoint, for apps without an HTTP platform:
 * the same transport, checks and limits as the Nest controller, and timeouts for slow clients.
 * Call `listen()` on it; `close()` ends the open streams too.
 * @example
 * ```ts
 * const server = createStreamableHttpServer({ runtime: createRuntime({ name: 'tools', version: '1.0.0', router }) });
 * server.listen(3000, '127.0.0.1');
 * ```
 * @throws {Error} for an option out of its range.
 * @publicApi
 */
export function createStreamableHttpServer(
  source: RuntimeSource,
  options: StandaloneServerOptions = {},
): Server {
  const transport = new StreamableHttpTransport(source, options);
  const path = `/${(options.path ?? '/mcp').replace(/^\/+|\/+$/g, '')}`;
  const requestTimeout = timeout(options.requestTimeout, 30_000, 'requestTimeout');
  const headersTimeout = timeout(
    options.headersTimeout,
    Math.min(10_000, requestTimeout),
    'headersTimeout',
  );
  if (headersTimeout > requestTimeout) {
    throw new Error(
      TRANSPORT_MESSAGES.HEADERS_TIMEOUT_OVER_REQUEST(headersTimeout, requestTimeout),
    );
  }
  // Node checks these timeouts every connectionsCheckingInterval (30 s by default): check often
  // enough that a slow client is cut near its deadline.
  const connectionsCheckingInterval = Math.max(100, Math.min(1_000, headersTimeout / 2));
  const server = createServer(
    { headersTimeout, requestTimeout, connectionsCheckingInterval },
    (req, res) => {
      if (req.url !== path && pathOf(req.url) !== path) {
        sendError(res, 404, ErrorCode.InvalidRequest, TRANSPORT_MESSAGES.NOT_THE_ENDPOINT(path));
        return;
      }
      void transport.handle(req, res);
    },
  );
  transport.warmUpWhenListening(server);
  const close = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void) => {
    transport.close();
    return close(callback);
  };
  return server;
}
