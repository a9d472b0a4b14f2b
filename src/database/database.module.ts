import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { applyCallLimits, dataSourceOptions } from './data-source-options.js';
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
      // Calls get the time limits; the migrations that ran during initialize did not.
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        await applyCallLimits(dataSource);
        return dataSource;
      },
    }),
  ],
  providers: [DemoSeeder],
})
export class DatabaseModule {}
