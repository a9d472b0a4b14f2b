import { type DataSource, QueryFailedError } from 'typeorm';

export interface SqliteStatement {
  run(...params: unknown[]): { lastInsertRowid: number | bigint };
}
export interface SqliteConnection {
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
}

/** Write statements prepared per connection; past CACHE_SIZE texts, the oldest goes (as TypeORM's own cache). */
const CACHE_SIZE = 100;
const caches = new WeakMap<SqliteConnection, Map<string, SqliteStatement>>();

/** better-sqlite3's open connection behind a SQLite data source; undefined on MySQL/MariaDB. */
export function sqliteConnectionOf(dataSource: DataSource): SqliteConnection | undefined {
  if (dataSource.options.type !== 'better-sqlite3') return undefined;
  return (dataSource.driver as { databaseConnection?: SqliteConnection } | undefined)?.databaseConnection;
}

/**
 * Runs a write statement (`?` placeholders, values bound as they are) on the connection and answers
 * the rowid it inserted, as TypeORM's `query` would on better-sqlite3, without its promise turns and
 * events: a failure is the same QueryFailedError, a slow statement is logged alike.
 */
export function runSqliteWrite(dataSource: DataSource, connection: SqliteConnection, sql: string, params: unknown[]): number | bigint {
  try {
    const statement = preparedWrite(connection, sql);
    const started = Date.now();
    const { lastInsertRowid } = statement.run(...params);
    const took = Date.now() - started;
    const slow = dataSource.options.maxQueryExecutionTime;
    if (slow && took > slow) dataSource.logger.logQuerySlow(took, sql, params);
    return lastInsertRowid;
  } catch (error) {
    throw new QueryFailedError(sql, params, error as Error);
  }
}

function preparedWrite(connection: SqliteConnection, sql: string): SqliteStatement {
  let cache = caches.get(connection);
  if (!cache) caches.set(connection, (cache = new Map<string, SqliteStatement>()));
  let statement = cache.get(sql);
  if (!statement) {
    statement = connection.prepare(sql);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(sql, statement);
  }
  return statement;
}
