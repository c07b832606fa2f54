/**
 * `@snodo/nestjs/express`: Nest's Express adapter, with an HTTP server that makes Express's request
 * and response objects from the start (needs `@nestjs/platform-express`).
 * @packageDocumentation
 */
export { SnodoExpressAdapter } from './snodo-express.adapter.js';
