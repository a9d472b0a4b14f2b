import type { DataSource } from 'typeorm';

/**
 * Whether SQLite would read `text` cut short: it takes a LIKE pattern, like an FTS5 query, as C text,
 * ending at the first NUL. `'%ab\0zz%'` is read `'%ab'` (every name ending in "ab"), `'%\0%'` as `'%'`
 * (every row). MariaDB and MySQL compare the whole text. A text a caller sends may hold a NUL: every
 * search or lookup that puts one in a LIKE or a MATCH asks here first.
 */
export function cutAtNul(db: DataSource, text: string): boolean {
  return db.options.type !== 'mysql' && text.includes('\0');
}

/**
 * `column LIKE :param` (with `ESCAPE` when the pattern escapes its wildcards), for a pattern built
 * from a caller's text and bound as `param`. A pattern SQLite would cut at a NUL (cutAtNul) is
 * matched whole by `desk_like` instead (src/database/sql-functions.ts: the same LIKE, row by row),
 * so the rows are those MariaDB finds; any other pattern stays a plain LIKE, on both databases.
 */
export function likeOf(db: DataSource, column: string, param: string, pattern: string, escape?: '!'): string {
  if (cutAtNul(db, pattern)) return `desk_like(${column}, :${param}${escape ? `, '${escape}'` : ''}) = 1`;
  return `${column} LIKE :${param}${escape ? ` ESCAPE '${escape}'` : ''}`;
}
