// The browser suites (npm run test:browser): the root configuration, limited to this folder. They need
// the system's Chromium (apt-get install chromium; CHROMIUM=<path> for another), so npm test leaves them out.
import base from '../../jest.config.js';

export default {
  ...base,
  rootDir: '../..',
  testMatch: ['<rootDir>/test/browser/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
};
