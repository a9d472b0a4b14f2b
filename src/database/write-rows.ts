import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { dateParam } from './db-dates.js';
import { placeholders } from './sql-texts.js';
import { runSqliteWrite, sqliteConnectionOf } from './sqlite-statements.js';
import { guardWrite } from './write-guard.subscriber.js';

/**
 * Inserts one row with plain SQL and answers its generated id. The hot write path uses it instead
 * of the ORM's insert, which builds the statement anew per call and reads the row back for columns
 * nobody asks for. Values are stored as the ORM stores them: dates as UTC text on SQLite (Date on
 * MySQL), booleans as 0/1; undefined leaves the column to its default. The ORM's write guard does not
 * see plain SQL, so the same guard is asked here: during a call, only the write unit may insert.
 * The table is named by its entity, so its name has one home: the entity's metadata. On SQLite the
 * statement runs prepared on the one connection (sqlite-statements.ts): TypeORM's `query` costs more
 * than a short insert does.
 */
export async function insertRow(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, row: Record<string, unknown>): Promise<number> {
  const { table, sqlite } = writableTable(manager, entity);
  const columns: string[] = [];
  const params: unknown[] = [];
  for (const [column, value] of Object.entries(row)) {
    if (value === undefined) continue;
    columns.push(column);
    params.push(paramOf(value, sqlite));
  }
  const result = await run(manager, insertText(table, columns, 1), params);
  // better-sqlite3 answers the new rowid; mysql2 a result header with insertId.
  return Number(typeof result === 'object' && result !== null && 'insertId' in result ? (result as { insertId: number }).insertId : result);
}

/**
 * Inserts rows that have the same columns, in their order, with one statement (the actors of a new
 * ticket): their ids are not answered. As insertRow otherwise, but no value may be undefined.
 */
export async function insertRows(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  const { sql, params } = insertStatement(manager, entity, rows);
  await run(manager, sql, params);
}

/** A write statement and the values it binds, as they are stored. */
export interface SqlWrite {
  readonly sql: string;
  readonly params: unknown[];
}

/**
 * The statement insertRows runs for `rows` (at least one), built and checked as it does: for a
 * statement run elsewhere (on SQLite, the worker thread's connection, sqlite-worker.ts).
 */
export function insertStatement(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, rows: ReadonlyArray<Record<string, unknown>>): SqlWrite {
  const { table, sqlite } = writableTable(manager, entity);
  const columns = Object.keys(rows[0]);
  const params: unknown[] = [];
  for (const row of rows) {
    if (!hasEveryColumn(row, columns)) {
      throw new Error(`insertRows into ${table}: every row needs the columns ${columns.join(', ')}, each with a value.`);
    }
    for (const column of columns) params.push(paramOf(row[column], sqlite));
  }
  return { sql: insertText(table, columns, rows.length), params };
}

/**
 * The INSERT text of one row of `columns`, in order, as insertRows builds it (the write guard asked):
 * for rows whose values are bound elsewhere, already as stored (the audit's queued lines on the
 * SQLite worker's connection).
 */
export function insertRowText(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, columns: readonly string[]): string {
  return insertText(writableTable(manager, entity).table, columns, 1);
}

/**
 * Sets `set`'s columns of the rows whose columns equal `where`'s values, with one plain UPDATE (the
 * idempotency record's completion). As insertRow: values stored as the ORM stores them, the write
 * guard asked, on SQLite run prepared on the connection. No value may be undefined.
 */
export async function updateRows(
  manager: EntityManager,
  entity: EntityTarget<ObjectLiteral>,
  set: Record<string, unknown>,
  where: Record<string, unknown>,
): Promise<void> {
  const { table, sqlite } = writableTable(manager, entity);
  const params: unknown[] = [];
  const assigned = columnsOf(set, sqlite, params, 'updateRows');
  const matched = columnsOf(where, sqlite, params, 'updateRows');
  if (assigned.length === 0 || matched.length === 0) throw new Error(`updateRows of ${table}: name at least one column to set and one to match.`);
  await run(manager, `UPDATE ${table} SET ${assigned.map((c) => `${c} = ?`).join(', ')} WHERE ${matched.map((c) => `${c} = ?`).join(' AND ')}`, params);
}

/** The columns of `values`, in order, their values pushed onto `params` as the ORM stores them. */
function columnsOf(values: Record<string, unknown>, sqlite: boolean, params: unknown[], writer: string): string[] {
  const columns = Object.keys(values);
  for (const column of columns) {
    const value = values[column];
    if (value === undefined) throw new Error(`${writer}: ${column} has no value.`);
    params.push(paramOf(value, sqlite));
  }
  return columns;
}

/** Runs a write statement: on SQLite's connection directly, elsewhere through the manager. */
function run(manager: EntityManager, sql: string, params: unknown[]): unknown {
  const connection = sqliteConnectionOf(manager.dataSource);
  return connection ? runSqliteWrite(manager.dataSource, connection, sql, params) : manager.query(sql, params);
}

/** The entity's table, once the write guard allows inserting into it. */
function writableTable(manager: EntityManager, entity: EntityTarget<ObjectLiteral>): { table: string; sqlite: boolean } {
  const table = manager.dataSource.getMetadata(entity).tableName;
  guardWrite(table, manager.dataSource, manager.queryRunner);
  return { table, sqlite: manager.dataSource.options.type === 'better-sqlite3' };
}

/** An INSERT text already built for a table: its columns, in order, and its number of rows. */
interface BuiltText {
  columns: readonly string[];
  rows: number;
  sql: string;
}

/** Texts kept per table: its inserts differ only by the columns a call gives, a few variants each. */
const TEXTS_PER_TABLE = 32;
const builtTexts = new Map<string, BuiltText[]>();

/**
 * One INSERT of `rows` rows of the same columns, every value bound. A text built before is answered
 * again, the same string: building it anew, then hashing it to find its prepared statement, cost
 * more than the lookup here does.
 */
function insertText(table: string, columns: readonly string[], rows: number): string {
  let built = builtTexts.get(table);
  if (!built) builtTexts.set(table, (built = []));
  for (const text of built) if (text.rows === rows && sameColumns(text.columns, columns)) return text.sql;
  const marks = `(${placeholders(columns.length)})`;
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => marks).join(', ')}`;
  if (built.length >= TEXTS_PER_TABLE) built.shift();
  built.push({ columns: [...columns], rows, sql });
  return sql;
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** True when `row` has exactly `columns`, in that order, none of them undefined (plain loops, no closure: a batch's statement checks thousands of cells). */
function hasEveryColumn(row: Record<string, unknown>, columns: readonly string[]): boolean {
  if (!sameColumns(Object.keys(row), columns)) return false;
  for (const column of columns) if (row[column] === undefined) return false;
  return true;
}

/** A value as the ORM stores it. */
function paramOf(value: unknown, sqlite: boolean): unknown {
  return value instanceof Date ? dateParam(value, sqlite) : typeof value === 'boolean' ? (value ? 1 : 0) : value;
}
