/** A datetime column as a raw query returns it: a Date (mysql2) or UTC text (SQLite). */
export type DbDate = Date | string;

/** A boolean column as a raw query returns it: 0/1 (both drivers), or a boolean. */
export type DbFlag = number | boolean | string;

/**
 * Dates read with raw queries: mysql2 (timezone 'Z') returns Date objects; SQLite returns UTC text
 * 'YYYY-MM-DD HH:MM:SS(.sss)'. Both become Date.
 */
export function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  return new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);
}

/**
 * A Date as a parameter of a raw statement: SQLite stores datetimes as UTC text (the format the ORM
 * writes, so both sort and compare together); mysql2 (timezone 'Z') takes the Date itself.
 */
export function dateParam(value: Date, sqlite: boolean): Date | string {
  return sqlite ? value.toISOString().replace('T', ' ').slice(0, 23) : value;
}
