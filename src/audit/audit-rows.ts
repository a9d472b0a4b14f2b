import type { DataSource, EntityManager } from 'typeorm';
import { dateParam } from '../database/db-dates.js';
import { runSqliteWrite, sqliteConnectionOf } from '../database/sqlite-statements.js';
import { sqliteTransaction } from '../database/sqlite-transaction.js';
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
const ROW_MARKS = `(${COLUMNS.map(() => '?').join(', ')})`;

function insertText(rows: number): string {
  return `INSERT INTO audit_log (${COLUMNS.join(', ')}) VALUES ${Array.from({ length: rows }, () => ROW_MARKS).join(', ')}`;
}

/**
 * Rows per statement on SQLite. A statement holds the process (every call) while it runs, ~5–10 µs
 * a row; each one also commits, ~0.1 ms of CPU and a WAL write of the pages it touched (every index
 * of the table). 100 rows halve a full batch's longest hold (~0.8 ms, not ~1.5) for one commit more;
 * 50 would hold ~0.5 ms but write 2.4x the WAL of one statement per batch (476 KiB, not 196).
 */
const SQLITE_CHUNK = 100;
const ONE_ROW = insertText(1);
const CHUNK_ROWS = insertText(SQLITE_CHUNK);

/** Appends an entry's values in COLUMNS' order, as the database stores them (dates: dateParam). */
function pushValues(params: unknown[], entry: AuditEntry, sqlite: boolean): void {
  for (const column of COLUMNS) params.push(column === 'at' ? dateParam(entry.at, sqlite) : entry[column]);
}

/**
 * The parts a batch is written in, in order, each with one statement. SQLite: SQLITE_CHUNK entries
 * each (the last may hold fewer), so that calls run between them. MySQL/MariaDB: the batch whole, one
 * multi-row statement on a pooled connection, which holds no other call up.
 */
export function auditChunks(dataSource: DataSource, batch: AuditEntry[]): AuditEntry[][] {
  if (!sqliteConnectionOf(dataSource) || batch.length <= SQLITE_CHUNK) return [batch];
  const chunks: AuditEntry[][] = [];
  for (let start = 0; start < batch.length; start += SQLITE_CHUNK) chunks.push(batch.slice(start, start + SQLITE_CHUNK));
  return chunks;
}

/**
 * Inserts `entries` with `manager` (the data source's, or a write transaction's: the rows then commit
 * with it or not at all), all of them or none. MySQL/MariaDB: one multi-row statement. SQLite: on its
 * one connection, with statements of two texts only, prepared once (a text per batch size was
 * prepared anew for nearly every batch): SQLITE_CHUNK rows at a time, the rest one row each; when
 * that takes more than one statement, inside one transaction unless the caller's is open.
 */
export async function insertAuditRows(manager: EntityManager, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const dataSource = manager.dataSource;
  const connection = sqliteConnectionOf(dataSource);
  if (!connection) {
    const params: unknown[] = [];
    for (const entry of entries) pushValues(params, entry, false);
    await manager.query(insertText(entries.length), params);
    return;
  }
  const write = (): void => {
    let next = 0;
    for (; entries.length - next >= SQLITE_CHUNK; next += SQLITE_CHUNK) {
      const params: unknown[] = [];
      for (let i = next; i < next + SQLITE_CHUNK; i++) pushValues(params, entries[i], true);
      runSqliteWrite(dataSource, connection, CHUNK_ROWS, params);
    }
    for (; next < entries.length; next++) {
      const params: unknown[] = [];
      pushValues(params, entries[next], true);
      runSqliteWrite(dataSource, connection, ONE_ROW, params);
    }
  };
  const statements = Math.floor(entries.length / SQLITE_CHUNK) + (entries.length % SQLITE_CHUNK);
  if (statements === 1 || connection.inTransaction) write();
  else
    await sqliteTransaction(dataSource, () => {
      write();
      return Promise.resolve();
    });
}
