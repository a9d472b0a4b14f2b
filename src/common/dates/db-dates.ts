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
