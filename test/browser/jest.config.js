// Browser tests (npm run test:browser): the root configuration, limited to this folder; they need
// Debian's chromium at /usr/bin/chromium (.ci/run installs it), never a downloaded browser.
import base from '../../jest.config.js';

export default {
  ...base,
  rootDir: '../..',
  testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
};
