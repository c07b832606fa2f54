/** The fuzz suite (`npm run test:fuzz`): property tests of the protocol handler and both transports. */
export default {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  testEnvironment: 'node',
  displayName: 'fuzz',
  // The explorer page whose routes are fuzzed, built from lib/explorer/ into dist-explorer/.
  globalSetup: '<rootDir>/test/helpers/global-setup.mjs',
  testMatch: ['<rootDir>/test/fuzz/**/*.fuzz-spec.ts'],
  // In workers, not in jest's own process: the two files run side by side, and jest ends its
  // workers when they are done.
  maxWorkers: 2,
};
