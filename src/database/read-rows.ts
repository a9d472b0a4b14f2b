import { type DataSource, EntityManager, QueryFailedError } from 'typeorm';
import type { Maybe } from './maybe.js';
import { preparedOn, readRowsOf, type RowReader, sqliteConnectionOf } from './sqlite-statements.js';

/**
 * Rows of a read statement (`?` placeholders), as `source.query` returns them. On SQLite, a read runs
 * straight on better-sqlite3's one connection with a cache of prepared statements: TypeORM's `query`
 * builds a query runner and an entity manager and takes several promise turns per statement, which
 * on a call of seven short reads costs more than the reads do. A transaction's manager reads there
 * too: SQLite has one connection, so the transaction open on it (sqliteTransaction's or TypeORM's
 * own) is the one the statement runs in, and sees its uncommitted rows. The rows are the same
 * (TypeORM returns better-sqlite3's rows as they are, booleans bound as 0/1 likewise), a failure is
 * the same QueryFailedError and a slow statement is logged alike. For a statement that is not a
 * read, for a manager whose query runner was released (its `query` fails as TypeORM's does) and on
 * MySQL/MariaDB: `source.query`.
 */
export function readRows<T>(source: DataSource | EntityManager, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  try {
    const rows = rowsOf<T>(source, sql, params);
    return rows instanceof Promise ? rows : Promise.resolve(rows);
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * Whether `table` has row `id` where `condition` holds (on the alias `t`): the probe a refusal makes
 * before it is written (a record in the trash), never on a call's way to its answer.
 */
export async function hasRow(
  source: DataSource | EntityManager,
  table: string,
  id: number,
  condition: { sql: string; params: readonly unknown[] },
): Promise<boolean> {
  return (await readRows(source, `SELECT t.id FROM ${table} t WHERE t.id = ? AND ${condition.sql} LIMIT 1`, [id, ...condition.params])).length > 0;
}

/**
 * readRows without a promise where none is needed: on SQLite the rows themselves (a failure thrown
 * as the same QueryFailedError), elsewhere `source.query`'s promise. For the reads every call makes
 * (its session, the ticket ticket_get shows): a promise and an await per read were a good part of
 * what such a call cost beyond the statements themselves.
 */
export function rowsOf<T>(source: DataSource | EntityManager, sql: string, params: readonly unknown[] = []): Maybe<T[]> {
  const dataSource = sqliteDataSourceReadBy(source);
  const connection = dataSource ? sqliteConnectionOf(dataSource) : undefined;
  if (!dataSource || !connection) return source.query(sql, [...params]) as Promise<T[]>;
  const bound = params.some(isBoolean) ? params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p)) : params;
  let read: RowReader | undefined;
  try {
    read = readRowsOf(connection, sql);
  } catch (error) {
    throw new QueryFailedError(sql, bound, error as Error);
  }
  if (!read) return source.query(sql, [...params]) as Promise<T[]>;
  let rows: T[];
  const started = Date.now();
  try {
    rows = read(bound) as T[];
  } catch (error) {
    throw new QueryFailedError(sql, bound, error as Error);
  }
  const took = Date.now() - started;
  // The slow statements TypeORM's query would report, reported alike (the operator's one signal of them).
  const slow = dataSource.options.maxQueryExecutionTime;
  if (slow && took > slow) dataSource.logger.logQuerySlow(took, sql, bound);
  return rows;
}

/**
 * Runs `start`, which starts reads without awaiting between them (`Promise.all` of readRows calls),
 * and returns what it returns. On SQLite, the reads it runs before its first await share one read
 * transaction: alone, each statement takes and releases the WAL read lock, system calls that cost
 * more than a short read does. better-sqlite3 runs statements synchronously, so the transaction opens
 * and closes within this one synchronous span: no other call's statement can run inside it, a read
 * started after an await runs on its own as before, and the reads see one snapshot. Inside a
 * transaction already open on the connection (a write's, whose rows reads on the data source see
 * until it ends) and on MySQL/MariaDB (the reads run side by side on the pool): `start()` alone.
 */
export function readTogether<T>(source: DataSource, start: () => T): T {
  const connection = isSqliteDataSource(source) ? sqliteConnectionOf(source) : undefined;
  if (!connection || connection.inTransaction) return start();
  preparedOn(connection, 'BEGIN').run();
  try {
    return start();
  } finally {
    preparedOn(connection, 'COMMIT').run();
  }
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

/** An initialized SQLite data source (not a transaction's manager). */
function isSqliteDataSource(source: DataSource | EntityManager): source is DataSource {
  return 'isInitialized' in source && source.isInitialized && source.options.type === 'better-sqlite3';
}

/**
 * The SQLite data source whose connection a read of `source` may run on: the data source itself, or
 * the one a manager belongs to, unless the manager's query runner was released. Undefined otherwise.
 */
function sqliteDataSourceReadBy(source: DataSource | EntityManager): DataSource | undefined {
  if (!(source instanceof EntityManager)) return isSqliteDataSource(source) ? source : undefined;
  if (source.queryRunner?.isReleased) return undefined;
  return isSqliteDataSource(source.dataSource) ? source.dataSource : undefined;
}
