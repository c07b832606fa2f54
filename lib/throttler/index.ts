/**
 * `@snodo/nestjs/throttler`: `@nestjs/throttler` on MCP components (needs `@nestjs/throttler`).
 * @packageDocumentation
 */
export { SnodoThrottlerGuard } from './snodo-throttler.guard.js';
