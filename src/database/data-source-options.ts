import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions, Logger as TypeOrmLogger } from 'typeorm';
import type { DatabaseTarget } from '../config/app-config.js';
import { ENTITIES } from './entities/index.js';
import { MIGRATIONS } from './migrations/index.js';
import { WriteGuardSubscriber } from './write-guard.subscriber.js';

export interface PoolOptions {
  poolSize: number;
  /** DB_TIMEOUT_MS: connecting to the server; statements get STATEMENT_TIMEOUT_FACTOR times it. */
  timeoutMs: number;
}

/**
 * A statement gets this many times the connect timeout (15 s by default) before it is abandoned.
 * Without it, a server that hangs (alive but not answering) holds every call on it forever, and
 * with them the pool, so calls queued for a connection hang too.
 */
export const STATEMENT_TIMEOUT_FACTOR = 3;

/**
 * TypeORM's own console logger writes some lines to stdout (which carries the protocol on stdio) and
 * prints statement parameters. This one writes to stderr only, never parameters, and only what an
 * operator needs: slow statements (past the statement timeout) and migration failures.
 */
const stderrLogger: TypeOrmLogger = {
  logQuery: () => undefined,
  logQueryError: () => undefined,
  logSchemaBuild: () => undefined,
  log: () => undefined,
  logQuerySlow: (time: number, query: string) => {
    process.stderr.write(`database: statement took ${time} ms: ${query.replace(/\s+/g, ' ').slice(0, 200)}\n`);
  },
  logMigration: (message: string) => {
    process.stderr.write(`database: ${message}\n`);
  },
};

/**
 * TypeORM options for the configured database. Migrations run at start; `synchronize` is never on.
 * MySQL/MariaDB: UTC on the wire (timezone Z), utf8mb4, a bounded pool with a connect timeout and a
 * statement timeout. A server that is gone refuses connections at once and dead pooled connections
 * leave the pool, so calls fail fast (UNAVAILABLE) and the pool reconnects when the server is back;
 * a server that hangs costs a call at most the statement timeout (its connection is then dropped).
 */
export function dataSourceOptions(target: DatabaseTarget, pool: PoolOptions = { poolSize: 10, timeoutMs: 5000 }): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, subscribers: [WriteGuardSubscriber], migrationsRun: false, synchronize: false, logging: false as const, logger: stderrLogger };
  if (target.type === 'sqlite') {
    if (target.path !== ':memory:') mkdirSync(dirname(target.path), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: target.path,
      // WAL lets readers proceed during a write; busy_timeout waits for the write lock instead of failing.
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma('busy_timeout = 5000');
        db.pragma('synchronous = NORMAL');
      },
    };
  }
  return {
    ...common,
    type: 'mysql',
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
