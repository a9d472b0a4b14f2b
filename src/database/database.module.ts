import { Global, Injectable, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, databaseLabel } from '../config/app-config.js';
import { applyCallLimits, dataSourceOptions } from './data-source-options.js';
import { DbLock } from './db-lock.js';
import { ensureDatabase } from './ensure-database.js';
import { PlannerStatistics } from './planner-statistics.js';
import { DemoSeeder } from './seed/demo-seeder.js';
import { SqliteWorker } from './sqlite-worker.js';

/**
 * Says which database this process opened (migrated and, when empty, seeded), on every start, HTTP
 * and stdio alike: a default path or a DATABASE_URL other than the one a token was made in is
 * otherwise invisible.
 */
@Injectable()
class DatabaseAnnouncer implements OnApplicationBootstrap {
  constructor(private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    new Logger('Database').log(`Database ${databaseLabel(this.config.database)}`);
  }
}

/**
 * The database connection (migrated at start), the admission of writes (DbLock) and the demo seed;
 * every module may use them. On SQLite, the planner's statistics and the worker thread that
 * checkpoints the WAL and writes the audit's batches are kept up here too.
 */
@Global()
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
  providers: [DbLock, DemoSeeder, DatabaseAnnouncer, PlannerStatistics, SqliteWorker],
  exports: [DbLock, PlannerStatistics, SqliteWorker],
})
export class DatabaseModule {}
