import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Logger } from '@nestjs/common';
import type { DataSource, DataSourceOptions, Logger as TypeOrmLogger } from 'typeorm';
import type { DatabaseTarget } from '../config/app-config.js';
import { ENTITIES } from './entities/index.js';
import { MIGRATIONS } from './migrations/index.js';
import { type BoundedMysql, boundedMysql } from './mysql-driver.js';
import { registerSqlFunctions, type SqlFunctionHost } from './sql-functions.js';
import { SQLITE_CONNECTION_PRAGMAS } from './sqlite-pragmas.js';
import { WriteGuardSubscriber } from './write-guard.subscriber.js';

export interface PoolOptions {
  poolSize: number;
  /**
   * DB_TIMEOUT_MS: connecting to the server, waiting for a pooled connection, waiting for a lock
   * (SQLite's busy timeout; MySQL/MariaDB lock waits), and on MariaDB any statement. A server that
   * does not answer at all is given STATEMENT_TIMEOUT_FACTOR times it.
   */
  timeoutMs: number;
}

/**
 * A statement the server does not answer is abandoned after this many times DB_TIMEOUT_MS (15 s by
 * default), and its connection dropped: a server that hangs (alive, not answering) would otherwise
 * hold every call on it forever, and with them the pool. Statements the server runs are bounded by
 * the server itself, after DB_TIMEOUT_MS (see sessionLimitsSql).
 */
export const STATEMENT_TIMEOUT_FACTOR = 3;

/** Nest's logger: the process's (JSON lines or console lines, on stderr either way; see bootstrap.ts). */
const databaseLog = new Logger('Database');

/**
 * TypeORM's own console logger writes some lines to stdout (which carries the protocol on stdio) and
 * prints statement parameters. This one goes to the process's logger, never with parameters, and
 * only with what an operator needs: slow statements (past the statement timeout) and migrations.
 */
const stderrLogger: TypeOrmLogger = {
  logQuery: () => undefined,
  logQueryError: () => undefined,
  logSchemaBuild: () => undefined,
  log: () => undefined,
  logQuerySlow: (time: number, query: string) => {
    databaseLog.warn(`statement took ${time} ms: ${query.replace(/\s+/g, ' ').slice(0, 200)}`);
  },
  logMigration: (message: string) => {
    databaseLog.log(message);
  },
};

/**
 * The time limits of calls, applied once the migrations ran (a migration on a large table may rightly
 * take longer than a call may). MySQL/MariaDB: per-connection lock and statement limits. SQLite: no
 * busy wait inside statements (it would block the process); DbLock waits between tries instead.
 */
export async function applyCallLimits(dataSource: DataSource): Promise<void> {
  const options = dataSource.options;
  if (options.type === 'mysql') (options.driver as BoundedMysql).arm();
  else if (options.type === 'better-sqlite3') await dataSource.query('PRAGMA busy_timeout = 0');
}

/**
 * TypeORM options for the configured database. Migrations run at start; `synchronize` is never on.
 * MySQL/MariaDB: UTC on the wire (timezone Z), utf8mb4, a bounded pool (connect and acquire
 * timeouts) and, once armed, per-connection lock and statement limits. A server that is gone refuses
 * connections at once and dead pooled connections leave the pool, so calls fail fast (UNAVAILABLE)
 * and the pool reconnects when the server is back; a server that hangs costs a call at most the
 * client-side statement timeout (its connection is then dropped).
 */
export function dataSourceOptions(target: DatabaseTarget, pool: PoolOptions = { poolSize: 10, timeoutMs: 5000 }): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    subscribers: [WriteGuardSubscriber],
    migrationsRun: false,
    synchronize: false,
    logging: false as const,
    logger: stderrLogger,
  };
  if (target.type === 'sqlite') {
    if (target.path !== ':memory:') mkdirSync(dirname(target.path), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: target.path,
      // WAL lets readers proceed during a write. Until applyCallLimits, busy_timeout waits for a write
      // lock held by another process (the token CLI, say) instead of failing at once.
      prepareDatabase: (db: SqlFunctionHost & { pragma(sql: string): unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma(`busy_timeout = ${pool.timeoutMs}`);
        for (const pragma of SQLITE_CONNECTION_PRAGMAS) db.pragma(pragma);
        registerSqlFunctions(db);
      },
    };
  }
  return {
    ...common,
    type: 'mysql',
    driver: boundedMysql(pool.timeoutMs),
    url: target.url,
    timezone: 'Z',
    charset: 'utf8mb4_unicode_ci',
    connectTimeout: pool.timeoutMs,
    enableQueryTimeout: true,
    maxQueryExecutionTime: pool.timeoutMs * STATEMENT_TIMEOUT_FACTOR,
    poolSize: pool.poolSize,
    extra: { connectionLimit: pool.poolSize, waitForConnections: true, queueLimit: 1000, enableKeepAlive: true },
  };
}
