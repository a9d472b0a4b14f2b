import type { DataSource } from 'typeorm';

/** A condition with `?` placeholders, the shape of auth/visibility's Condition (plain SQL, or a query builder through whereOf). */
export interface KeyCondition {
  readonly sql: string;
  readonly params: readonly string[];
}

/**
 * `column = key` for a `*_key` column (or any column compared with a caller's text), true only when
 * the stored text is exactly `key`, on every database. The keys already hold the product's fold
 * (matchKey: case, accents, white space), so equality must add nothing to it. SQLite compares text
 * byte for byte; MariaDB and MySQL compare under the column's collation (utf8mb4_unicode_ci), which
 * ignores NUL, other control and zero-width characters, variation selectors, many marks and trailing
 * spaces, and takes `ſ` for `s` or `ª` for `a`: `maria.silva\0` would name maria.silva there and
 * nothing on SQLite. There the collation's equality stays, so the column's index finds the rows,
 * and a comparison of the bytes keeps only the exact ones (before any LIMIT counts them).
 */
export function keyEquals(db: DataSource, column: string, key: string): KeyCondition {
  if (db.options.type === 'better-sqlite3') return { sql: `${column} = ?`, params: [key] };
  return { sql: `(${column} = ? AND CAST(${column} AS BINARY) = ?)`, params: [key, key] };
}
