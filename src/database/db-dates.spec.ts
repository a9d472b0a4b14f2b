import fc from 'fast-check';
import { dateParam, toDate } from './db-dates.js';

/** What the string parser makes of SQLite text (the reading toDate must keep). */
function parsed(text: string): number {
  return new Date(text.includes('T') ? text : `${text.replace(' ', 'T')}Z`).getTime();
}

describe('toDate', () => {
  it('reads SQLite datetime text as the string parser does, with and without milliseconds', () => {
    const texts = [
      '2026-06-01 00:00:00',
      '2026-06-01 12:34:56.789',
      '2026-12-31 23:59:59.999',
      '1970-01-01 00:00:00.000',
      '1000-01-01 00:00:00',
      '9999-12-31 23:59:59',
      '2024-02-29 08:00:00.5'.padEnd(23, '0'),
      // Days past the month's end roll over in both readings.
      '2026-02-30 00:00:00',
      '2026-04-31 10:00:00.001',
    ];
    for (const text of texts) expect([text, toDate(text)?.getTime()]).toEqual([text, parsed(text)]);
  });

  it('leaves every other text to the string parser, invalid ones included', () => {
    const texts = [
      '2026-06-01T12:00:00Z',
      '2026-06-01T12:00:00.000-03:00',
      '2026-06-01 12:00:00.1',
      '2026-06-01 12:00',
      '2026-13-01 00:00:00',
      '2026-00-10 00:00:00',
      '2026-01-00 00:00:00',
      '2026-01-01 24:00:00',
      '2026-01-01 23:60:00',
      '2026-01-01 23:59:60',
      '0050-01-01 00:00:00',
      '2026-0a-01 00:00:00',
      '2026/01/01 00:00:00',
      '+2026-01-01 00:00:0',
    ];
    for (const text of texts) expect([text, toDate(text)?.getTime()]).toEqual([text, parsed(text)]);
  });

  it('agrees with the string parser on any fields, in range or not', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const text = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), two(14), two(33), two(25), two(61), two(61), fc.option(fc.integer({ min: 0, max: 999 })))
      .map(([y, mo, d, h, mi, s, ms]) => `${String(y).padStart(4, '0')}-${mo}-${d} ${h}:${mi}:${s}${ms === null ? '' : `.${String(ms).padStart(3, '0')}`}`);
    fc.assert(fc.property(text, (t) => Object.is(toDate(t)?.getTime(), parsed(t))));
  });

  it('passes Dates through, reads numbers as epoch milliseconds, and empty values as null', () => {
    const date = new Date(1_750_000_000_000);
    expect(toDate(date)).toBe(date);
    expect(toDate(1_750_000_000_000)?.getTime()).toBe(1_750_000_000_000);
    expect([toDate(null), toDate(undefined), toDate('')]).toEqual([null, null, null]);
  });
});

describe('dateParam', () => {
  it('writes a Date as SQLite stores it (UTC, milliseconds), and gives mysql2 the Date itself', () => {
    const at = new Date('2026-12-03T07:20:05.123Z');
    expect(dateParam(at, true)).toBe('2026-12-03 07:20:05.123');
    expect(dateParam(at, false)).toBe(at);
  });

  it('answers each instant its own text, however the calls alternate (several rows share a millisecond under load)', () => {
    const a = new Date('2026-12-03T07:20:05.123Z');
    const b = new Date('2026-12-03T07:20:05.124Z');
    expect([a, a, b, a, b, b].map((d) => dateParam(d, true))).toEqual([
      '2026-12-03 07:20:05.123',
      '2026-12-03 07:20:05.123',
      '2026-12-03 07:20:05.124',
      '2026-12-03 07:20:05.123',
      '2026-12-03 07:20:05.124',
      '2026-12-03 07:20:05.124',
    ]);
    expect(dateParam(new Date(a.getTime()), true)).toBe('2026-12-03 07:20:05.123');
  });

  it('refuses an invalid Date every time, as toISOString does', () => {
    expect(() => dateParam(new Date(Number.NaN), true)).toThrow(RangeError);
    expect(() => dateParam(new Date(Number.NaN), true)).toThrow(RangeError);
  });
});
