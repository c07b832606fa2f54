/**
 * `@snodo/nestjs/transports`: the transports without Nest: the standalone Streamable HTTP listener
 * and stdio. The report of this surface is `api/transports.api.md`.
 * @packageDocumentation
 */
export {
  createStreamableHttpServer,
  type StandaloneServerOptions,
} from './streamable-http/standalone.server.js';
export type { StreamableHttpOptions } from './streamable-http/streamable-http.options.js';
export type { HostCheckOptions } from './streamable-http/host-check.js';
export { BODY_TOO_DEEP } from './streamable-http/body-watch.js';
export { StdioTransport, type StdioOptions } from './stdio/stdio.transport.js';
