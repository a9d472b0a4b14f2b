import { monthOfColumn } from './zoned-months.js';

describe('monthOfColumn', () => {
  it('puts the edge of a month where the zone has it, DST included', () => {
    // Europe/Lisbon is UTC+1 from 2026-03-29: April starts at 2026-03-31 23:00 UTC.
    expect(monthOfColumn('t.date', new Date('2026-03-15T00:00:00Z'), new Date('2026-04-02T00:00:00Z'), 'Europe/Lisbon')).toBe(
      "CASE WHEN t.date IS NULL THEN NULL WHEN t.date < '2026-03-31 23:00:00' THEN '2026-03' ELSE '2026-04' END",
    );
    // America/Sao_Paulo kept DST (UTC-2) until February 2019: December 2018 began at 02:00 UTC.
    expect(monthOfColumn('t.d', new Date('2018-11-20T00:00:00Z'), new Date('2018-12-05T00:00:00Z'), 'America/Sao_Paulo')).toContain(
      "WHEN t.d < '2018-12-01 02:00:00' THEN '2018-11'",
    );
  });

  it('names the months of both ends in the zone, across a year', () => {
    const sql = monthOfColumn('c', new Date('2025-12-31T23:30:00Z'), new Date('2026-02-01T00:30:00Z'), 'Europe/Lisbon');
    expect(sql.match(/THEN '\d{4}-\d{2}'/g)).toEqual(["THEN '2025-12'", "THEN '2026-01'"]);
    expect(sql).toContain("ELSE '2026-02'");
    expect(monthOfColumn('c', new Date('2026-01-31T23:30:00Z'), new Date('2026-01-31T23:30:00Z'), 'Asia/Tokyo')).toBe(
      "CASE WHEN c IS NULL THEN NULL ELSE '2026-02' END",
    );
  });
});
