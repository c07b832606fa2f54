export * from './streamable-http/index.js';
