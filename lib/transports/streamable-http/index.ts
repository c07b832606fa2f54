export {
  DEFAULT_BODY_LIMIT,
  DEFAULT_INITIALIZE_RATE_LIMIT,
  StreamableHttpTransport,
  type RouteRefusal,
  type StreamableHttpOptions,
} from './streamable-http.transport.js';
export type { BodyProblem, FirstReadReceiver } from './body-reader.js';
export { BODY_TOO_DEEP } from './body-watch.js';
export { HostCheck, type HostCheckOptions, type HostRefusal } from './host-check.js';
export type { ListeningServer } from './warm-up.js';
export { createStreamableHttpServer, type StandaloneServerOptions } from './standalone.server.js';
export { requestState, stateOf } from './request-state.js';
