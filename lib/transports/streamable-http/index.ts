export {
  DEFAULT_BODY_LIMIT,
  DEFAULT_INITIALIZE_RATE_LIMIT,
  StreamableHttpTransport,
  type RouteRefusal,
  type StreamableHttpOptions,
} from './streamable-http.transport.js';
export type { BodyProblem } from './body-reader.js';
/** @internal */
export type { FirstReadReceiver } from './body-reader.js';
export { BODY_TOO_DEEP } from './body-watch.js';
export { type HostCheckOptions } from './host-check.js';
/** @internal */
export { HostCheck, type HostRefusal } from './host-check.js';
/** @internal */
export type { ListeningServer } from './warm-up.js';
export { createStreamableHttpServer, type StandaloneServerOptions } from './standalone.server.js';
/** @internal */
export { requestState, stateOf } from './request-state.js';
