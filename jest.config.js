// Jest runs in ESM mode (NestJS 12 is ESM-only); @swc/jest compiles TypeScript with decorator metadata.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/integration/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // The client matrix has its own dependencies and script (npm run test:clients); the browser suites need Chromium (npm run test:browser).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/clients/', '<rootDir>/test/browser/'],
  // Property tests: one fixed seed, printed, overridable with FAST_CHECK_SEED.
  setupFiles: ['<rootDir>/test/support/fast-check-seed.ts'],
  globalSetup: '<rootDir>/test/support/fast-check-announce.mjs',
  testTimeout: 60000,
  maxWorkers: 1,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
