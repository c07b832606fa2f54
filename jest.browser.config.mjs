/**
 * The explorer page in a real browser (`npm run test:browser`): headless Chromium driven by
 * playwright-core. Apart from `npm test`, which needs no browser. Chromium is Debian's package at
 * /usr/bin/chromium (CHROMIUM_PATH overrides it); .ci/run installs it when it is missing.
 */
export default {
  displayName: 'browser',
  // The page under test, built from lib/explorer/ into dist-explorer/.
  globalSetup: '<rootDir>/test/helpers/global-setup.mjs',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
  testTimeout: 60_000,
  maxWorkers: 1,
};
