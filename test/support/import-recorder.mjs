// Loaded with `node --import`: registers hooks that append every ES module URL the process resolves
// to the file named by IMPORT_LOG, so a test can prove which packages the application loads.
import { register } from 'node:module';

register(new URL('./import-recorder-hooks.mjs', import.meta.url));
