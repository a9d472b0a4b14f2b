import { oncePerInstant } from '../dates/once-per-instant.js';

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
  const time = sqliteTextTime(value);
  if (time !== undefined) return new Date(time);
  return new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);
}

const ZERO = 48;

/** The digits of `text` from `start` to `end` as a number; -1 when one is not a digit. */
function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The instant of SQLite's own datetime text, 'YYYY-MM-DD HH:MM:SS' or with '.sss', read digit by
 * digit: the string date parser costs ~3x more and the timeline sorts and shows many of these per
 * call. Anything else (another length, a field out of its ordinary range, a year before 1000):
 * undefined, and the caller parses the text as before, so the result is always the parser's.
 */
function sqliteTextTime(text: string): number | undefined {
  const withMillis = text.length === 23;
  if (!withMillis && text.length !== 19) return undefined;
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== ' ' || text[13] !== ':' || text[16] !== ':' || (withMillis && text[19] !== '.')) return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  const hours = digitsAt(text, 11, 13);
  const minutes = digitsAt(text, 14, 16);
  const seconds = digitsAt(text, 17, 19);
  const millis = withMillis ? digitsAt(text, 20, 23) : 0;
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > 31 || hours < 0 || hours > 23) return undefined;
  if (minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59 || millis < 0) return undefined;
  return Date.UTC(year, month - 1, day, hours, minutes, seconds, millis);
}

/**
 * A Date as a parameter of a raw statement: SQLite stores datetimes as UTC text (the format the ORM
 * writes, so both sort and compare together); mysql2 (timezone 'Z') takes the Date itself.
 */
export function dateParam(value: Date, sqlite: boolean): Date | string {
  return sqlite ? sqliteDateText(value.getTime()) : value;
}

/** SQLite's datetime text of an instant; the audit's rows of one batch are stamped a few to a millisecond under load. */
const sqliteDateText = oncePerInstant((instant) => new Date(instant).toISOString().replace('T', ' ').slice(0, 23));
