/**
 * `npm test`: the unit tests, and the end-to-end tests over both HTTP platforms in one run.
 *
 * Jest runs the TypeScript sources as native ES modules (Nest 12 is ESM-only), so the test script
 * starts node with --experimental-vm-modules.
 *
 * Projects:
 * - `unit`: lib/**\/*.spec.ts and test/unit/.
 * - `e2e`: the end-to-end specs that start no Nest HTTP platform (stdio, the standalone listener,
 *   the Express adapter of our own, Nest's testing module without a server): they run once.
 * - `e2e · express` and `e2e · fastify`: every other end-to-end spec, once per platform. The
 *   platform reaches the spec as `PLATFORM` (test/helpers/sample-app.ts), set by
 *   test/helpers/platform.<name>.ts.
 *
 * `SNODO_SPECS=nest-versions` keeps only the specs whose behaviour depends on Nest's own code
 * (enhancers, adapters, modules and discovery, the testing module, microservices): the specs
 * .ci/run runs again with Nest 11 installed.
 */
const transform = {
  '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }],
};
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform,
  testEnvironment: 'node',
};

/** End-to-end specs that start no Nest HTTP platform, so PLATFORM changes nothing in them. */
const PLATFORM_FREE = [
  'express-adapter', // SnodoExpressAdapter: Express by definition
  'hardening-limits', // the standalone listener
  'hardening-release', // the standalone listener
  'method-table', // the standalone listener and stdio
  'standalone',
  'stdio',
  'testing-helper', // Nest's testing module, no HTTP server
];

/**
 * End-to-end specs whose behaviour depends on Nest's own code, run again on Nest 11: guards,
 * interceptors, pipes and filters; the HTTP adapters; modules, discovery and options; the testing
 * module; microservices; @nestjs/throttler and @nestjs/passport. The others drive the protocol
 * through Snodo's own transport, the same whichever Nest runs the app.
 */
const NEST_VERSIONS = [
  'async-context',
  'authorization',
  'bare-handlers',
  'catalog-command',
  'declarations',
  'explorer',
  'express-adapter',
  'fastify',
  'hardening-platform',
  'message-tools',
  'multiple-servers',
  'multiple-servers-bootstrap',
  'nest-pipeline',
  'nest-pipeline-enhancers',
  'nest-pipeline-refusals',
  'oauth',
  'oauth-principals',
  'request-state',
  'route-gate',
  'sample-platforms',
  'sample-server',
  'server-options',
  'skills',
  'snodo-module',
  'streamable-http',
  'tasks',
  'testing-helper',
  'throttler',
  'wrappers',
];

const e2e = (names) => names.map((name) => `<rootDir>/test/e2e/${name}.e2e-spec.ts`);
const nestVersionsOnly = process.env.SNODO_SPECS === 'nest-versions';
const platformSpecs = nestVersionsOnly
  ? e2e(NEST_VERSIONS.filter((name) => !PLATFORM_FREE.includes(name)))
  : ['<rootDir>/test/e2e/**/*.e2e-spec.ts'];
const platformFree = nestVersionsOnly
  ? e2e(NEST_VERSIONS.filter((name) => PLATFORM_FREE.includes(name)))
  : e2e(PLATFORM_FREE);

/** The end-to-end specs once on a platform. */
const onPlatform = (platform) => ({
  ...common,
  displayName: `e2e · ${platform}`,
  setupFiles: [`<rootDir>/test/helpers/platform.${platform}.ts`],
  testMatch: platformSpecs,
  testPathIgnorePatterns: ['/node_modules/', ...PLATFORM_FREE.map((name) => `/${name}\\.e2e-spec`)],
});

export default {
  // The explorer page the tests serve, and the apps they start as processes of their own.
  globalSetup: '<rootDir>/test/helpers/global-setup.mjs',
  // End-to-end tests wait on sockets and child processes more than they compute: more workers
  // than cores keep both cores busy.
  maxWorkers: 4,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: nestVersionsOnly
        ? ['<rootDir>/lib/nest/**/*.spec.ts', '<rootDir>/lib/express/**/*.spec.ts']
        : ['<rootDir>/lib/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'],
      // The Redis stores' specs need a redis-server: jest.scale.config.mjs runs them.
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/lib/redis/'],
    },
    { ...common, displayName: 'e2e', testMatch: platformFree },
    onPlatform('express'),
    onPlatform('fastify'),
  ],
};
