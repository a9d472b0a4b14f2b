// The browser suites (npm run test:browser): the root configuration, limited to this folder. They need
// Debian's chromium at /usr/bin/chromium (.ci/run installs it; CHROMIUM=<path> for another), never a
// downloaded browser, so npm test leaves them out.
import base from '../../jest.config.js';

export default {
  ...base,
  rootDir: '../..',
  testMatch: ['<rootDir>/test/browser/**/*.e2e-spec.ts', '<rootDir>/test/browser/**/*.browser-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
};
