import { DataSource, type Logger } from 'typeorm';
import { loadConfig } from './src/config/env.schema.js';
import { dataSourceOptions } from './src/database/data-source-options.js';

const options = dataSourceOptions(loadConfig(process.env).database);
const serverLogger = options.logger as Logger;

/**
 * The DataSource for the TypeORM CLI: `npm run typeorm -- migration:run` (after `npm run build`).
 * `migration:show` prints its list through the logger's schema-build lines, which the server
 * itself does not log: here they go to stdout.
 */
export default new DataSource({
  ...options,
  logger: { ...serverLogger, logSchemaBuild: (message: string) => void process.stdout.write(`${message}\n`) },
});
