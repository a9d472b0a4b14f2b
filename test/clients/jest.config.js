// The client matrix: the root configuration, limited to this folder (whose node_modules hold the clients).
import base from '../../jest.config.js';

export default {
  ...base,
  rootDir: '../..',
  testMatch: ['<rootDir>/test/clients/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
};
