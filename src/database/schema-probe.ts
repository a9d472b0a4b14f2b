import type { DataSource } from 'typeorm';
import { placeholders } from './sql-texts.js';

/**
 * True when every table of the schema exists, asked of the catalog (sqlite_master, or
 * information_schema for the current database). The catalog answers while a table is locked, so a
 * lock on one table does not make the replica look down; a dropped database or table does.
 */
export async function schemaPresent(dataSource: DataSource): Promise<boolean> {
  const tables = dataSource.entityMetadatas.map((meta) => meta.tableName);
  const marks = placeholders(tables.length);
  const sql =
    dataSource.options.type === 'better-sqlite3'
      ? `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN (${marks})`
      : `SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN (${marks})`;
  const [row] = (await dataSource.query(sql, tables)) as Array<{ n: number | string }>;
  return Number(row?.n) === tables.length;
}
