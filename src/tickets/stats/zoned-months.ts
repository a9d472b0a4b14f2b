import { monthIn, monthStartIn } from '../../dates/dates.js';

/**
 * SQL naming the month (`YYYY-MM`) of a datetime column as the caller's zone sees it, for values
 * between `first` and `last`. Neither database can be trusted with zone names (MariaDB needs its
 * zone tables loaded, SQLite has none), and an offset changes with DST from month to month, so the
 * month's edges are computed here and the column is compared with them: a CASE with one branch per
 * month. Edges are UTC text without fractions, which both databases compare with their stored
 * datetimes (SQLite's UTC text, MySQL's DATETIME) in the same order.
 */
export function monthOfColumn(column: string, first: Date, last: Date, zone: string): string {
  const from = monthIn(first, zone);
  const to = monthIn(last, zone);
  const branches: string[] = [];
  let { year, month } = from;
  while (year < to.year || (year === to.year && month < to.month)) {
    const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
    branches.push(`WHEN ${column} < '${utcText(monthStartIn(next.year, next.month, zone))}' THEN '${label(year, month)}'`);
    ({ year, month } = next);
  }
  return [`CASE WHEN ${column} IS NULL THEN NULL`, ...branches, `ELSE '${label(to.year, to.month)}' END`].join(' ');
}

function label(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

function utcText(instant: Date): string {
  return instant.toISOString().slice(0, 19).replace('T', ' ');
}
