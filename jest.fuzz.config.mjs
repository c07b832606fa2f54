/** The fuzz suite (`npm run test:fuzz`): property tests of the protocol handler and both transports. */
export default {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  testEnvironment: 'node',
  displayName: 'fuzz',
  testMatch: ['<rootDir>/test/fuzz/**/*.fuzz-spec.ts'],
};
