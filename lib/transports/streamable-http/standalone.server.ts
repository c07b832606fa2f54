import { createServer, type Server } from 'node:http';
import { ErrorCode, type RuntimeSource } from '../../core/index.js';
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
}

/**
 * A plain `node:http` server for the Streamable HTTP endpoint, for apps without an HTTP platform:
 * the same transport, checks and limits as the Nest controller. Call `listen()` on it; `close()`
 * ends the open streams too.
 * @example
 * ```ts
 * const server = createStreamableHttpServer({ runtime: createRuntime({ name: 'tools', version: '1.0.0', router }) });
 * server.listen(3000, '127.0.0.1');
 * ```
 * @publicApi
 */
export function createStreamableHttpServer(
  source: RuntimeSource,
  options: StandaloneServerOptions = {},
): Server {
  const transport = new StreamableHttpTransport(source, options);
  const path = `/${(options.path ?? '/mcp').replace(/^\/+|\/+$/g, '')}`;
  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/';
    if (pathname !== path) {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        error: {
          code: ErrorCode.InvalidRequest,
          message: `Not found: the MCP endpoint is ${path}`,
        },
      });
      res
        .writeHead(404, {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        })
        .end(body);
      return;
    }
    transport.handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.end();
    });
  });
  const close = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void) => {
    transport.close();
    return close(callback);
  };
  return server;
}
