import type { EntityManager } from 'typeorm';

/**
 * The records a write decides on from their stored state: the rows of `table` whose ids the
 * input's `fields` hold (a field left out, or holding no id, names none). Declared on the tool
 * (`@Tool({ locks })`), taken by the write unit.
 */
export interface RecordLocks {
  readonly table: string;
  readonly fields: readonly string[];
}

/** The ids `locks` names in `input`, ascending and once each (the order every write takes them in). */
export function lockedIds(locks: RecordLocks, input: object): number[] {
  const given = input as Record<string, unknown>;
  const ids = locks.fields.map((field) => given[field]).filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id));
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * Holds rows `ids` of `table` until the transaction of `manager` ends, so that writes to one record
 * run one after the other: a second write waits here and then reads what the first committed.
 * MySQL/MariaDB: `SELECT … FOR UPDATE`, taken before the transaction's first plain read (under
 * REPEATABLE READ its snapshot is taken there, so it follows the lock), in ascending id order so
 * that two writes locking the same two rows do not deadlock. SQLite: nothing, its write
 * transaction already holds the whole database.
 */
export async function lockRows(manager: EntityManager, table: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || manager.dataSource.options.type === 'better-sqlite3') return;
  await manager.query(`SELECT id FROM ${table} WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id FOR UPDATE`, [...ids]);
}
