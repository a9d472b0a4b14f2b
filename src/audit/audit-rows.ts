import type { DataSource, EntityManager } from 'typeorm';
import { dateParam, toDate } from '../database/db-dates.js';
import { AuditLog } from '../database/entities/index.js';
import { runSqliteWrite, sqliteConnectionOf } from '../database/sqlite-statements.js';
import { sqliteTransaction } from '../database/sqlite-transaction.js';
import { insertRows, insertRowText, insertStatement, type SqlWrite } from '../database/write-rows.js';
import type { AuditEntry } from './audit-entry.js';

/** The columns of an audit row, in the order every statement binds them. */
const COLUMNS = [
  'at',
  'users_id',
  'token_id',
  'session_id',
  'request_id',
  'transport',
  'tool',
  'route',
  'domain',
  'outcome',
  'duration_ms',
  'changes',
  'message',
] as const satisfies ReadonlyArray<keyof AuditEntry>;
/**
 * Rows per statement on SQLite. A statement holds the process (every call) while it runs, ~5–10 µs
 * a row; each one also commits, ~0.1 ms of CPU and a WAL write of the pages it touched (every index
 * of the table). 100 rows halve a full batch's longest hold (~0.8 ms, not ~1.5) for one commit more;
 * 50 would hold ~0.5 ms but write 2.4x the WAL of one statement per batch (476 KiB, not 196).
 */
const SQLITE_CHUNK = 100;

/**
 * An entry as it waits in the audit's queue (packed-queue.ts): its values in COLUMNS' order, as a
 * SQLite row stores them (the time as UTC text), so that the SQLite worker binds them as they are.
 */
export function auditEntryValues(entry: AuditEntry): unknown[] {
  const values: unknown[] = [];
  for (const column of COLUMNS) values.push(column === 'at' ? dateParam(entry.at, true) : entry[column]);
  return values;
}

/** The entry whose values auditEntryValues gave. */
export function auditEntryOfValues(values: unknown): AuditEntry {
  const entry: Record<string, unknown> = {};
  COLUMNS.forEach((column, i) => (entry[column] = column === 'at' ? toDate((values as string[])[i]) : (values as unknown[])[i]));
  return entry as unknown as AuditEntry;
}

/** The INSERT of one row whose values are auditEntryValues' (the SQLite worker runs it per queued line). */
export function auditRowSql(manager: EntityManager): string {
  return insertRowText(manager, AuditLog, COLUMNS);
}

/** An entry as a row of its table, its columns in COLUMNS' order (insertRows binds them in that order). */
function rowOf(entry: AuditEntry): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of COLUMNS) row[column] = entry[column];
  return row;
}

/**
 * How many entries of a batch the process's connection writes in one part (one write turn, one
 * statement). SQLite: SQLITE_CHUNK, so that calls run between parts. MySQL/MariaDB: the batch whole,
 * one multi-row statement on a pooled connection, which holds no other call up.
 */
export function auditPartSize(dataSource: DataSource): number {
  return sqliteConnectionOf(dataSource) ? SQLITE_CHUNK : Number.POSITIVE_INFINITY;
}

/**
 * The statements a batch is written with on SQLite: SQLITE_CHUNK rows each, the rest one row each,
 * so that the texts are of two row counts only and stay prepared (a text per batch size was prepared
 * anew for nearly every batch). Run together, all of them or none (insertAuditRows); the SQLite
 * worker is handed the entries' queued lines instead (auditRowSql).
 */
function auditStatements(manager: EntityManager, entries: readonly AuditEntry[]): SqlWrite[] {
  const statements: SqlWrite[] = [];
  let next = 0;
  for (; entries.length - next >= SQLITE_CHUNK; next += SQLITE_CHUNK)
    statements.push(insertStatement(manager, AuditLog, entries.slice(next, next + SQLITE_CHUNK).map(rowOf)));
  for (; next < entries.length; next++) statements.push(insertStatement(manager, AuditLog, [rowOf(entries[next])]));
  return statements;
}

/**
 * Inserts `entries` with `manager` (the data source's, or a write transaction's: the rows then commit
 * with it or not at all), all of them or none. MySQL/MariaDB: one multi-row statement (insertRows).
 * SQLite: auditStatements' statements on the connection, inside one transaction when there are
 * several, unless the caller's is open.
 */
export async function insertAuditRows(manager: EntityManager, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const dataSource = manager.dataSource;
  const connection = sqliteConnectionOf(dataSource);
  if (!connection) return insertRows(manager, AuditLog, entries.map(rowOf));
  const statements = auditStatements(manager, entries);
  const write = (): Promise<void> => {
    for (const { sql, params } of statements) runSqliteWrite(dataSource, connection, sql, params);
    return Promise.resolve();
  };
  if (statements.length === 1 || connection.inTransaction) await write();
  else await sqliteTransaction(dataSource, write);
}
