import { type DataSource, QueryFailedError } from 'typeorm';

/** The part of a better-sqlite3 connection and statement the product's direct statements use. */
export interface SqliteStatement {
  readonly reader: boolean;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { lastInsertRowid: number | bigint };
}
export interface SqliteConnection {
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
}

/** Prepared statements kept per connection, the least recently used dropped first past CACHE_SIZE. */
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
    const statement = preparedOn(connection, sql);
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

/** `sql` prepared on `connection`, from the connection's cache (reads and writes share it). */
export function preparedOn(connection: SqliteConnection, sql: string): SqliteStatement {
  let cache = caches.get(connection);
  if (!cache) caches.set(connection, (cache = new Map<string, SqliteStatement>()));
  let statement = cache.get(sql);
  if (statement) {
    // Least recently used goes first: search pages' texts vary with the ids they inline, and must not
    // push out the few hot statements every call runs.
    cache.delete(sql);
  } else {
    statement = connection.prepare(sql);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  cache.set(sql, statement);
  return statement;
}
