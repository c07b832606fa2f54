/**
 * Everything of the core, for the package's other layers (transports, client, auth, redis, the Nest
 * layer) and its tests: the cross-layer plumbing and the public names alike. Not a package entry:
 * `./core` (index.ts) is the curated public surface.
 */
export * from './wire/index.js';
export * from './errors/index.js';
export * from './components/index.js';
export * from './results/index.js';
export * from './router/index.js';
export * from './runtime/index.js';
export * from './session/index.js';
export * from './schema/index.js';
export * from './declarations/index.js';
export * from './uri-template/index.js';
export * from './notifications/index.js';
export * from './resources/index.js';
export * from './pagination/index.js';
export * from './instrumentation/index.js';
export * from './rate-limit/index.js';
export * from './limits/index.js';
export * from './auth/index.js';
export * from './extensions/index.js';
export * from './task-store/index.js';
export * from './skills/index.js';
export * from './exchange/index.js';
export * from './methods/index.js';
export * from './protocol/index.js';
