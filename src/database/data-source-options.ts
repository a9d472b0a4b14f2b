import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { DatabaseTarget } from '../config/app-config.js';
import { ENTITIES } from './entities/index.js';
import { MIGRATIONS } from './migrations/index.js';
import { WriteGuardSubscriber } from './write-guard.subscriber.js';

export interface PoolOptions {
  poolSize: number;
  timeoutMs: number;
}

/**
 * TypeORM options for the configured database. Migrations run at start; `synchronize` is never on.
 * MySQL/MariaDB: UTC on the wire (timezone Z), utf8mb4, a bounded pool with connect and acquire
 * timeouts so a vanished server yields errors quickly instead of hanging calls.
 */
export function dataSourceOptions(target: DatabaseTarget, pool: PoolOptions = { poolSize: 10, timeoutMs: 5000 }): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, subscribers: [WriteGuardSubscriber], migrationsRun: false, synchronize: false, logging: false as const };
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
    poolSize: pool.poolSize,
    extra: { connectionLimit: pool.poolSize, waitForConnections: true, queueLimit: 1000, enableKeepAlive: true },
  };
}
