/**
 * Everything of the transports, for the Nest layer and the tests: the plumbing between them and
 * the public names alike. Not a package entry: `./transports` (index.ts) is the curated surface.
 */
export * from './streamable-http/index.js';
export * from './stdio/index.js';
