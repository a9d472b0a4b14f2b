import { type DataSource, QueryFailedError } from 'typeorm';
import { objectMaker } from './object-maker.js';

/** The part of a better-sqlite3 connection and statement the product's direct statements use. */
export interface SqliteStatement {
  readonly reader: boolean;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { lastInsertRowid: number | bigint };
  /** Rows as arrays of values (true) rather than objects. */
  raw(toggle: boolean): SqliteStatement;
  columns(): Array<{ name: string }>;
}
export interface SqliteConnection {
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
}

/** Prepared statements kept per connection, the least recently used dropped first past CACHE_SIZE. */
const CACHE_SIZE = 100;
interface StatementCache {
  readonly entries: Map<string, CachedStatement>;
  /** Counts uses: an entry's `used` is the count at its last use, so the smallest is the least recent. */
  clock: number;
}
interface CachedStatement {
  readonly statement: SqliteStatement;
  used: number;
  /** A read statement's rows, once readRowsOf made them (the statement then answers arrays). */
  rows?: RowReader;
}
const caches = new WeakMap<SqliteConnection, StatementCache>();

/** The rows of a read statement for its parameters, as objects keyed by column name. */
export type RowReader = (params: readonly unknown[]) => Array<Record<string, unknown>>;

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

/**
 * `sql` prepared on `connection`, from the connection's cache (reads and writes share it). A read
 * statement once read through readRowsOf answers arrays of values: its rows are read through readRowsOf.
 */
export function preparedOn(connection: SqliteConnection, sql: string): SqliteStatement {
  return cachedOn(connection, sql).statement;
}

/**
 * The rows of `sql`, a read statement, on `connection`; undefined when `sql` does not read. The rows
 * are what better-sqlite3 answers (an object per row, keyed by column name in column order, a
 * repeated name holding its last column's value), made in JavaScript from the statement's raw
 * arrays by one object literal per statement: better-sqlite3 sets each column of each row through
 * V8's generic property path, several times slower than a literal, and each row object then takes
 * its own path through a map of shapes shared by every other object of the process.
 */
export function readRowsOf(connection: SqliteConnection, sql: string): RowReader | undefined {
  const cached = cachedOn(connection, sql);
  if (!cached.statement.reader) return undefined;
  return (cached.rows ??= rowReader(cached.statement));
}

function cachedOn(connection: SqliteConnection, sql: string): CachedStatement {
  let cache = caches.get(connection);
  if (!cache) caches.set(connection, (cache = { entries: new Map(), clock: 0 }));
  const hit = cache.entries.get(sql);
  if (hit) {
    // A use is a stamp, not a move to the map's end (a delete and a set on every statement of every call).
    hit.used = ++cache.clock;
    return hit;
  }
  const statement = connection.prepare(sql);
  // Least recently used goes first: search pages' texts vary with the ids they inline, and must not
  // push out the few hot statements every call runs.
  if (cache.entries.size >= CACHE_SIZE) cache.entries.delete(leastRecentlyUsed(cache));
  const cached: CachedStatement = { statement, used: ++cache.clock };
  cache.entries.set(sql, cached);
  return cached;
}

/**
 * Rows made from raw arrays by an object literal of the statement's columns (objectMaker). The
 * columns are read again when a row's length differs from theirs (SQLite prepares a statement again
 * after a schema change: `SELECT *` then has other columns). A column renamed in place, the count
 * unchanged, is not seen by a statement already cached: the product changes its schema by
 * migrations, before it serves. A column named `__proto__` keeps better-sqlite3's own objects.
 */
function rowReader(statement: SqliteStatement): RowReader {
  const asMade = (params: readonly unknown[]) => statement.all(...params) as Array<Record<string, unknown>>;
  let names = statement.columns().map((c) => c.name);
  let make = objectMaker(names);
  if (!make) return asMade;
  statement.raw(true);
  return (params) => {
    if (!make) return asMade(params);
    const rows = statement.all(...params) as unknown[][];
    if (rows.length > 0 && rows[0].length !== names.length) {
      names = statement.columns().map((c) => c.name);
      make = objectMaker(names);
      if (!make) {
        statement.raw(false);
        return asMade(params);
      }
    }
    const objects = rows as unknown[] as Array<Record<string, unknown>>;
    for (let i = 0; i < rows.length; i++) objects[i] = make(rows[i]);
    return objects;
  };
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
