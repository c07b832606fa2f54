export {
  DEFAULT_BODY_LIMIT,
  StreamableHttpTransport,
  type StreamableHttpOptions,
} from './streamable-http.transport.js';
