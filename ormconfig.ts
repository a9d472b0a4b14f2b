import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/env.schema.js';
import { dataSourceOptions } from './src/database/data-source-options.js';

/** The DataSource for the TypeORM CLI: `npm run typeorm -- migration:run` (after `npm run build`). */
export default new DataSource(dataSourceOptions(loadConfig(process.env).database));
