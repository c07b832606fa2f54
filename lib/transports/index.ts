export * from './streamable-http/index.js';
export * from './stdio/index.js';
