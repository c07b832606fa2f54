/**
 * Jest runs the TypeScript sources as native ES modules (Nest 12 is ESM-only),
 * so the test script starts node with --experimental-vm-modules.
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

export default {
  // The explorer page the tests serve, built from lib/explorer/ into dist-explorer/.
  globalSetup: '<rootDir>/test/helpers/explorer.global-setup.mjs',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/lib/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'],
      // The Redis stores' specs need a redis-server: jest.scale.config.mjs runs them.
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/lib/redis/'],
    },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'] },
  ],
};
