/**
 * SQL functions the server adds to its SQLite connections (better-sqlite3 runs them in this process).
 * Other clients of the file never need them: only the server's own searches call them.
 */

/**
 * A text folded for substring search as the ticket text index folds it (FTS5 `trigram` tokenizer
 * with `remove_diacritics 1`): lower case, and accents off Latin letters only. FTS5 keeps the marks
 * of other scripts (Cyrillic й and ё, Greek ά), so stripping them here would find rows the index
 * does not (the spec compares both on such texts).
 */
export function foldText(text: string): string {
  // Most texts are Latin only: every mark goes, without the slower per-letter script check.
  if (!OTHER_SCRIPT.test(text)) return text.normalize('NFD').replace(ANY_MARK, '').toLowerCase();
  const folded = text.normalize('NFD').replace(LATIN_MARKS, '');
  // A kept mark is composed again with its letter (и + breve is й, not и then a mark).
  return folded.normalize('NFC').toLowerCase();
}

const OTHER_SCRIPT = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const ANY_MARK = /\p{M}/gu;
const LATIN_MARKS = /(?<=\p{Script=Latin})\p{M}+/gu;

/**
 * `desk_text_has(name, content, key)`: 1 when `key` (already folded by foldText) is a substring of
 * the folded title or description. A broad ticket search checks each row it walks in sort order
 * with it (see src/tickets/ticket-text.ts): a few microseconds a row, where an FTS5 probe by rowid
 * costs milliseconds on a large index.
 */
export function textHas(name: string | null, content: string | null, key: string): 0 | 1 {
  return (name !== null && foldText(name).includes(key)) || (content !== null && foldText(content).includes(key)) ? 1 : 0;
}

/**
 * `desk_like(value, pattern[, escape])`: SQLite's LIKE (`%` any run, `_` one character, `escape`
 * taking the next character literally, ASCII letters alone folding case, NULL with a NULL operand)
 * over the whole of both texts, where SQLite's own stops at the first NUL of either. A pattern from
 * a caller's text that holds a NUL is matched with it (see src/database/caller-like.ts).
 */
export function likeMatches(value: SqlValue, pattern: SqlValue, escape?: SqlValue): 0 | 1 | null {
  if (value === null || pattern === null) return null;
  return likeRegExp(String(pattern), typeof escape === 'string' ? escape : undefined)?.test(asciiLower(String(value))) ? 1 : 0;
}

/** What better-sqlite3 passes a function for a column or parameter (a BLOB as a Buffer). */
type SqlValue = string | number | bigint | Buffer | null;

/** The last pattern's expression: a statement passes one pattern for all of its rows. */
let lastLike: { pattern: string; escape: string | undefined; regexp: RegExp | undefined } | undefined;

function likeRegExp(pattern: string, escape: string | undefined): RegExp | undefined {
  if (lastLike?.pattern === pattern && lastLike.escape === escape) return lastLike.regexp;
  let source = '';
  let escaping = false;
  for (const c of pattern) {
    if (escaping) {
      source += regExpLiteral(asciiLower(c));
      escaping = false;
    } else if (c === escape) escaping = true;
    else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += regExpLiteral(asciiLower(c));
  }
  // SQLite: a pattern ending in its escape character matches nothing.
  const regexp = escaping ? undefined : new RegExp(`^${source}$`, 'su');
  lastLike = { pattern, escape, regexp };
  return regexp;
}

/** LIKE folds the case of ASCII letters only (SQLite without ICU): `É` and `é` stay apart. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

function regExpLiteral(c: string): string {
  return c.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

export interface SqlFunctionHost {
  function(name: string, options: { deterministic: boolean; varargs: boolean }, fn: (...args: never[]) => unknown): unknown;
}

export function registerSqlFunctions(db: SqlFunctionHost): void {
  db.function('desk_text_has', { deterministic: true, varargs: false }, textHas);
  db.function('desk_like', { deterministic: true, varargs: true }, likeMatches);
}
