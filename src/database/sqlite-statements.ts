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
interface StatementCache {
  readonly entries: Map<string, { readonly statement: SqliteStatement; used: number }>;
  /** Counts uses: an entry's `used` is the count at its last use, so the smallest is the least recent. */
  clock: number;
}
const caches = new WeakMap<SqliteConnection, StatementCache>();

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
  if (!cache) caches.set(connection, (cache = { entries: new Map(), clock: 0 }));
  const hit = cache.entries.get(sql);
  if (hit) {
    // A use is a stamp, not a move to the map's end (a delete and a set on every statement of every call).
    hit.used = ++cache.clock;
    return hit.statement;
  }
  const statement = connection.prepare(sql);
  // Least recently used goes first: search pages' texts vary with the ids they inline, and must not
  // push out the few hot statements every call runs.
  if (cache.entries.size >= CACHE_SIZE) cache.entries.delete(leastRecentlyUsed(cache));
  cache.entries.set(sql, { statement, used: ++cache.clock });
  return statement;
}

/** The text of the cache's least recently used statement (a scan, on a miss of a full cache only). */
function leastRecentlyUsed(cache: StatementCache): string {
  let oldest = '';
  let oldestUse = Infinity;
  for (const [sql, { used }] of cache.entries) {
    if (used < oldestUse) {
      oldest = sql;
      oldestUse = used;
    }
  }
  return oldest;
}
