import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config.js';
import { dataSourceOptions } from './data-source-options.js';
import { ensureDatabase } from './ensure-database.js';
import { DemoSeeder } from './seed/demo-seeder.js';

/** The database connection (migrated at start) and the demo seed. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: async (config: AppConfig) => {
        await ensureDatabase(config.database, config.dbTimeoutMs);
        return {
          ...dataSourceOptions(config.database, { poolSize: config.dbPoolSize, timeoutMs: config.dbTimeoutMs }),
          migrationsRun: true,
          retryAttempts: 3,
          retryDelay: 1000,
        };
      },
    }),
  ],
  providers: [DemoSeeder],
})
export class DatabaseModule {}
