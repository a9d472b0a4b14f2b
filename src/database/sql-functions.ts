/**
 * SQL functions the server adds to its SQLite connections (better-sqlite3 runs them in this process).
 * Other clients of the file never need them: only the server's own searches call them.
 */

/**
 * A text folded for substring search as the ticket text index folds it (FTS5 `trigram` tokenizer
 * with `remove_diacritics 1`): accents off, lower case. One difference: FTS5's option 1 keeps the
 * few letters that carry two marks (Vietnamese ấ), this strips them too.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * `desk_text_has(name, content, key)`: 1 when `key` (already folded by foldText) is a substring of
 * the folded title or description. A broad ticket search checks each row it walks in sort order
 * with it (see src/tickets/ticket-text.ts): a few microseconds a row, where an FTS5 probe by rowid
 * costs milliseconds on a large index.
 */
export function textHas(name: string | null, content: string | null, key: string): 0 | 1 {
  return (name !== null && foldText(name).includes(key)) || (content !== null && foldText(content).includes(key)) ? 1 : 0;
}

export interface SqlFunctionHost {
  function(name: string, options: { deterministic: boolean; varargs: boolean }, fn: (...args: never[]) => unknown): unknown;
}

export function registerSqlFunctions(db: SqlFunctionHost): void {
  db.function('desk_text_has', { deterministic: true, varargs: false }, textHas);
}
