/**
 * The scale-out tests (`npm run test:scale`): real redis-server and nginx processes and the built
 * sample, so they run apart from `npm test`; and the specs of the Redis stores (`lib/redis/`),
 * which start a redis-server of their own. .ci/run installs the Debian packages they need.
 */
export default {
  displayName: 'scale',
  // The apps (the sample among them), built once into dist-sample/ when a source changed.
  globalSetup: '<rootDir>/test/helpers/global-setup.mjs',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/scale/**/*.e2e-spec.ts', '<rootDir>/lib/redis/**/*.spec.ts'],
  testTimeout: 30_000,
  maxWorkers: 1,
};
