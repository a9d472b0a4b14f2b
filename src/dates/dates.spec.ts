import fc from 'fast-check';
import { canonicalZone, dateHint, dayIn, formatDate, isValidTimeZone, offsetMinutes, parseDate, suggestDate, suggestTimeZone, zoneInForce } from './dates.js';
import { shiftDay, weekdayReadings } from './relative-days.js';

const PT_MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

const ZONES = ['UTC', 'America/Sao_Paulo', 'Europe/Lisbon', 'Asia/Kolkata', 'America/New_York', 'Australia/Adelaide'];

describe('dates', () => {
  it('reads a bare date as midnight in the given zone', () => {
    const parsed = parseDate('2026-06-01', 'America/Sao_Paulo');
    expect(parsed.ok && parsed.value.toISOString()).toBe('2026-06-01T03:00:00.000Z');
  });

  it("reads a bare date ending a range as the day's last second, also on a day a DST switch shortens; a time given stays", () => {
    const end = (text: string, zone: string) => {
      const parsed = parseDate(text, zone, 'end');
      return parsed.ok && parsed.value.toISOString();
    };
    expect(end('2026-06-01', 'America/Sao_Paulo')).toBe('2026-06-02T02:59:59.000Z');
    expect(end('2026-06-01', 'UTC')).toBe('2026-06-01T23:59:59.000Z');
    // New York springs forward on 2026-03-08: that day has 23 hours.
    expect(end('2026-03-08', 'America/New_York')).toBe('2026-03-09T03:59:59.000Z');
    expect(end('2026-06-01 10:00', 'UTC')).toBe('2026-06-01T10:00:00.000Z');
    expect(end('2026-06-01T10:00:00Z', 'America/Sao_Paulo')).toBe('2026-06-01T10:00:00.000Z');
  });

  it('reads a month or a year bounding a range as all of it, in the zone, and nowhere else', () => {
    const bound = (text: string, edge: 'start' | 'end', zone = 'America/Sao_Paulo') => {
      const parsed = parseDate(text, zone, edge);
      return parsed.ok ? parsed.value.toISOString() : parsed.reason;
    };
    expect(bound('2026-11', 'start')).toBe('2026-11-01T03:00:00.000Z');
    expect(bound('2026-11', 'end')).toBe('2026-12-01T02:59:59.000Z');
    expect(bound('2026-2', 'end', 'UTC')).toBe('2026-02-28T23:59:59.000Z');
    expect(bound('2025', 'start', 'UTC')).toBe('2025-01-01T00:00:00.000Z');
    expect(bound('2025', 'end', 'UTC')).toBe('2025-12-31T23:59:59.000Z');
    expect(bound('2026-13', 'start')).toBe('month 13 does not exist');
    expect(bound('1800', 'start')).toBe('year 1800 outside 1900..2999');
    // A date that is set (no range) is one instant: a month or a year is not one.
    for (const text of ['2026-11', '2025']) expect(parseDate(text, 'UTC').ok).toBe(false);
  });

  it('offers a month or a year given for a date that is set as its first and last days, and names a month in words as the range bound it is', () => {
    const first = { reading: 'its first day' };
    const last = { reading: 'its last day' };
    expect(dateHint('2027-03')).toEqual({
      readings: [
        { value: '2027-03-01', ...first },
        { value: '2027-03-31', ...last },
      ],
    });
    expect(dateHint('2028-2')).toEqual({
      readings: [
        { value: '2028-02-01', ...first },
        { value: '2028-02-29', ...last },
      ],
    });
    expect(dateHint('2027')).toEqual({
      readings: [
        { value: '2027-01-01', ...first },
        { value: '2027-12-31', ...last },
      ],
    });
    for (const words of ['março de 2027', 'March 2027', 'mar 2027', 'Março/2027']) {
      expect([words, dateHint(words)]).toEqual([
        words,
        {
          readings: [
            { value: '2027-03-01', ...first },
            { value: '2027-03-31', ...last },
          ],
        },
      ]);
      // A range's bound takes the month itself, all of it.
      expect([words, dateHint(words, null, 'UTC', 'end')]).toEqual([words, { suggestion: '2027-03' }]);
      expect([words, dateHint(words, null, 'UTC', 'start')]).toEqual([words, { suggestion: '2027-03' }]);
    }
    // What is no month stays without a hint.
    for (const words of ['2027-13', '1800', 'smarch 2027']) expect([words, dateHint(words)]).toEqual([words, {}]);
  });

  it('reads "YYYY-MM-DD HH:MM:SS" and the T form without offset as wall time', () => {
    for (const input of ['2026-06-01 09:30:00', '2026-06-01T09:30:00', '2026-06-01 09:30']) {
      const parsed = parseDate(input, 'America/Sao_Paulo');
      expect(parsed.ok && parsed.value.toISOString()).toBe('2026-06-01T12:30:00.000Z');
    }
  });

  it('honours an explicit offset or Z over the zone', () => {
    const a = parseDate('2026-06-01T09:00:00-03:00', 'Asia/Kolkata');
    const b = parseDate('2026-06-01T12:00:00Z', 'Asia/Kolkata');
    expect(a.ok && b.ok && a.value.getTime() === b.value.getTime()).toBe(true);
  });

  it('reads today, yesterday and tomorrow (hoje, ontem, amanhã) as that day in the zone, a bare date of it; now as the instant', () => {
    const dayIn = (zone: string, shift: number): string => {
      const today = formatDate(new Date(), zone)!.slice(0, 10);
      const [y, m, d] = today.split('-').map(Number);
      return new Date(Date.UTC(y, m - 1, d + shift)).toISOString().slice(0, 10);
    };
    for (const zone of ['America/Sao_Paulo', 'Asia/Tokyo', 'Pacific/Kiritimati']) {
      const cases: Array<[string, number]> = [
        ['today', 0],
        ['Hoje', 0],
        [' yesterday ', -1],
        ['ontem', -1],
        ['TOMORROW', 1],
        ['amanhã', 1],
        ['amanha', 1],
      ];
      for (const [word, shift] of cases) {
        expect([word, zone, parseDate(word, zone)]).toEqual([word, zone, parseDate(dayIn(zone, shift), zone)]);
        expect([word, zone, parseDate(word, zone, 'end')]).toEqual([word, zone, parseDate(dayIn(zone, shift), zone, 'end')]);
      }
    }
    for (const word of ['now', 'agora']) {
      const read = parseDate(word, 'UTC');
      expect(read.ok && Math.abs(read.value.getTime() - Date.now()) < 5000).toBe(true);
    }
    // Words that name no one day are still no date.
    for (const word of ['last week', 'semana passada', 'todayy', 'today 25:00', 'now 10:00', 'in 2 hours 10:00']) expect(parseDate(word, 'UTC').ok).toBe(false);
  });

  it('reads a day word or count with a time of day (tomorrow 17:00, amanhã às 9:30, in 3 days at 08:00) as that wall time in the zone', () => {
    const zone = 'America/Sao_Paulo';
    const [y, m, d] = formatDate(new Date(), zone)!.slice(0, 10).split('-').map(Number);
    const day = (days: number): string => new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
    const cases: Array<[string, string]> = [
      ['tomorrow 17:00', `${day(1)} 17:00`],
      ['Tomorrow at 17:00', `${day(1)} 17:00`],
      ['amanhã às 9:30', `${day(1)} 09:30`],
      ['hoje 08:15:30', `${day(0)} 08:15:30`],
      ['in 3 days at 08:00', `${day(3)} 08:00`],
      ['daqui a 2 dias, 14:00', `${day(2)} 14:00`],
      ['yesterday 23:59', `${day(-1)} 23:59`],
    ];
    for (const [words, wall] of cases) {
      // A time given is an instant: a range's end is that instant, not the end of the day.
      expect([words, parseDate(words, zone)]).toEqual([words, parseDate(wall, zone)]);
      expect([words, parseDate(words, zone, 'end')]).toEqual([words, parseDate(wall, zone)]);
    }
  });

  it('reads a count of days, weeks or months from today (in 3 days, 2 weeks ago; daqui a 3 dias, há 2 semanas) as that day in the zone', () => {
    const zone = 'America/Sao_Paulo';
    const [y, m, d] = formatDate(new Date(), zone)!.slice(0, 10).split('-').map(Number);
    const day = (days: number, months = 0): string => {
      // A month on: the same day of the month, or the month's last where it has no such day.
      const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
      return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last) + days)).toISOString().slice(0, 10);
    };
    const cases: Array<[string, string]> = [
      ['in 3 days', day(3)],
      ['In 1 day', day(1)],
      ['in a week', day(7)],
      ['3 days from now', day(3)],
      ['2 days ago', day(-2)],
      ['1 week ago', day(-7)],
      ['in 2 weeks', day(14)],
      ['in one month', day(0, 1)],
      ['3 months ago', day(0, -3)],
      ['daqui a 3 dias', day(3)],
      ['em 10 dias', day(10)],
      ['dentro de uma semana', day(7)],
      ['há 2 dias', day(-2)],
      ['ha 2 dias', day(-2)],
      ['2 dias atrás', day(-2)],
      ['há um mês', day(0, -1)],
      ['daqui a 2 meses', day(0, 2)],
    ];
    for (const [words, date] of cases) {
      expect([words, parseDate(words, zone)]).toEqual([words, parseDate(date, zone)]);
      expect([words, parseDate(words, zone, 'end')]).toEqual([words, parseDate(date, zone, 'end')]);
    }
  });

  it('reads a count of hours or minutes from now (in 2 hours, 30 minutes ago; daqui a 2 horas) as that instant', () => {
    const cases: Array<[string, number]> = [
      ['in 2 hours', 2 * 3_600_000],
      ['in an hour', 3_600_000],
      ['30 minutes ago', -30 * 60_000],
      ['daqui a 2 horas', 2 * 3_600_000],
      ['há 45 minutos', -45 * 60_000],
      ['3 horas atrás', -3 * 3_600_000],
    ];
    for (const [words, shift] of cases) {
      const read = parseDate(words, 'UTC');
      expect([words, read.ok && Math.abs(read.value.getTime() - (Date.now() + shift)) < 5000]).toEqual([words, true]);
    }
  });

  it('refuses counts it cannot read as one day: no number, a fraction, a unit it does not take, or past year 2999', () => {
    for (const words of [
      'in some days',
      'in 1.5 days',
      'in 2 fortnights',
      'in 3 years',
      'in -2 days',
      'in 500000 days',
      'em dias',
      'in 2 days ago',
      'há 2 dias atrás',
    ])
      expect([words, parseDate(words, 'UTC').ok]).toEqual([words, false]);
  });

  it('refuses impossible dates and unknown formats with a reason', () => {
    for (const input of [
      '2026-02-30',
      '2026-13-01',
      '2026-06-01 24:00:00',
      '2026-06-01 123:00',
      '01/06/2026',
      'next tuesday',
      '2026-6-1',
      '',
      '2026-06-01T09:00:00+15:00',
    ]) {
      const parsed = parseDate(input, 'UTC');
      expect(parsed.ok).toBe(false);
    }
    expect(parseDate(20260601, 'UTC').ok).toBe(false);
  });

  it('accepts 29 February only in leap years', () => {
    expect(parseDate('2028-02-29', 'UTC').ok).toBe(true);
    expect(parseDate('2026-02-29', 'UTC').ok).toBe(false);
  });

  it('formats with the offset of the zone at that instant (DST aware)', () => {
    expect(formatDate(new Date('2026-01-15T12:00:00Z'), 'America/New_York')).toBe('2026-01-15T07:00:00-05:00');
    expect(formatDate(new Date('2026-07-15T12:00:00Z'), 'America/New_York')).toBe('2026-07-15T08:00:00-04:00');
    expect(formatDate(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe('2026-07-15T17:30:00+05:30');
    expect(formatDate(null, 'UTC')).toBeNull();
  });

  it("names an instant's day as the zone sees it: near midnight, the day before or after UTC's", () => {
    const evening = new Date('2026-12-07T00:01:22Z');
    expect(dayIn(evening, 'America/Sao_Paulo')).toBe('2026-12-06');
    expect(dayIn(evening, 'UTC')).toBe('2026-12-07');
    expect(dayIn(new Date('2026-12-06T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-12-07');
    expect(dayIn(null, 'UTC')).toBeNull();
  });

  it('formats every instant as the wall time in the zone plus its offset, years of any width included (property)', () => {
    // The plain formula, field by field: what formatDate's tables and caches must keep answering.
    const pad = (value: number, width = 2): string => String(Math.abs(value)).padStart(width, '0');
    const reference = (instant: Date, zone: string): string => {
      const offset = offsetMinutes(instant, zone);
      const local = new Date(instant.getTime() + offset * 60000);
      return (
        `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
        `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
        `${offset < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
      );
    };
    const zones = [...ZONES, 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham', 'Africa/Monrovia'];
    const instants = fc.oneof(fc.integer({ min: -2_208_988_800_000, max: 32_503_680_000_000 }), fc.integer({ min: -8.64e15, max: 8.64e15 }));
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (ms, zone) => {
        expect(formatDate(new Date(ms), zone)).toBe(reference(new Date(ms), zone));
      }),
      { numRuns: 3000 },
    );
    // Consecutive quarter hours and zones alternating: the per-zone cache answers each its own.
    for (let ms = Date.UTC(2026, 9, 31, 20); ms < Date.UTC(2026, 10, 2, 4); ms += 7 * 60_000) {
      for (const zone of zones) expect(formatDate(new Date(ms), zone)).toBe(reference(new Date(ms), zone));
    }
  });

  it('validates IANA zones', () => {
    expect(isValidTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone(3)).toBe(false);
  });

  it('reads a zone written with spaces for its underscores, in any case, and nothing looser', () => {
    for (const written of ['America/Sao Paulo', 'america/sao paulo', ' America/Sao  Paulo ', 'AMERICA/SAO PAULO']) {
      expect(isValidTimeZone(written)).toBe(true);
      expect(canonicalZone(written)).toBe('America/Sao_Paulo');
      expect(zoneInForce(written, null, 'UTC')).toBe('America/Sao_Paulo');
      expect(formatDate(new Date('2026-06-01T12:00:00Z'), written)).toBe('2026-06-01T09:00:00-03:00');
      expect(offsetMinutes(new Date('2026-06-01T12:00:00Z'), written)).toBe(-180);
    }
    const bare = parseDate('2026-06-01 09:30', 'America/Sao Paulo');
    expect(bare.ok && bare.value.toISOString()).toBe('2026-06-01T12:30:00.000Z');
    // A city alone, or a name that needs more than spacing, stays a suggestion, never a reading.
    for (const loose of ['Sao Paulo', 'America/São Paulo', 'America / Sao Paulo', 'America/SaoPaulo']) expect(isValidTimeZone(loose)).toBe(false);
    expect(zoneInForce('Sao Paulo', 'Europe/Lisbon', 'UTC')).toBe('Europe/Lisbon');
    expect(zoneInForce('Europe/Lisbon', null, 'UTC')).toBe('Europe/Lisbon');
  });

  it('round-trips: format(parse(x)) parses back to the same instant, in any zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2090-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.constantFrom(...ZONES),
        (date, zone) => {
          const instant = new Date(Math.floor(date.getTime() / 1000) * 1000);
          const text = formatDate(instant, zone)!;
          const parsed = parseDate(text, 'UTC');
          return parsed.ok && parsed.value.getTime() === instant.getTime();
        },
      ),
    );
  });

  it('wall time read in a zone shows the same wall time when formatted in that zone (outside DST gaps)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1951, max: 2089 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 4, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom(...ZONES),
        (y, mo, d, h, mi, zone) => {
          const pad = (n: number) => String(n).padStart(2, '0');
          const wall = `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:00`;
          const parsed = parseDate(wall, zone);
          // A wall time a DST switch skips or repeats is refused (see above); no other is.
          if (!parsed.ok) return /does not exist|happens twice/.test(parsed.reason);
          const shown = formatDate(parsed.value, zone)!;
          const offsetNow = offsetMinutes(parsed.value, zone);
          const offsetHourBefore = offsetMinutes(new Date(parsed.value.getTime() - 3 * 3600_000), zone);
          // Around a DST switch a wall time may not exist; elsewhere it must come back unchanged.
          return offsetNow !== offsetHourBefore || shown.startsWith(wall.replace(' ', 'T'));
        },
      ),
    );
  });

  it('refuses a wall time the zone skips, naming the hour it moved to, and reads a bare date of that day from its first moment', () => {
    const skipped = parseDate('2027-03-28 01:30', 'Europe/Lisbon');
    expect(skipped).toMatchObject({ ok: false, reason: expect.stringContaining('does not exist in Europe/Lisbon') });
    expect(!skipped.ok && skipped.reason).toContain('2027-03-28T02:00:00+01:00');
    // The time moved to is the suggestion, in the form the caller wrote (seconds, 'T' or a space).
    expect(!skipped.ok && skipped.suggestion).toBe('2027-03-28 02:00');
    expect(parseDate('2026-03-08 02:30:00', 'America/New_York')).toMatchObject({ ok: false, suggestion: '2026-03-08 03:00:00' });
    expect(parseDate('2026-03-08T02:30:15.5', 'America/New_York')).toMatchObject({ ok: false, suggestion: '2026-03-08T03:00:00' });
    const suggested = parseDate('2026-03-08 03:00:00', 'America/New_York');
    expect(suggested.ok && formatDate(suggested.value, 'America/New_York')).toBe('2026-03-08T03:00:00-04:00');
    // São Paulo moved its clocks at midnight: that day began at 01:00.
    const bare = parseDate('2018-11-04', 'America/Sao_Paulo');
    expect(bare.ok && formatDate(bare.value, 'America/Sao_Paulo')).toBe('2018-11-04T01:00:00-02:00');
  });

  it('refuses a wall time the zone shows twice, with both readings to choose from', () => {
    const twice = parseDate('2027-10-31 01:30', 'Europe/Lisbon');
    expect(twice.ok).toBe(false);
    if (twice.ok) return;
    expect(twice.reason).toContain('happens twice in Europe/Lisbon');
    expect(twice.readings?.map((r) => r.value)).toEqual(['2027-10-31T01:30:00+01:00', '2027-10-31T01:30:00+00:00']);
    const instants = twice.readings!.map((r) => {
      const read = parseDate(r.value, 'UTC');
      return read.ok ? read.value.toISOString() : read.reason;
    });
    expect(instants).toEqual(['2027-10-31T00:30:00.000Z', '2027-10-31T01:30:00.000Z']);
    // With its offset, or outside the repeated hour, there is one reading.
    expect(parseDate('2027-10-31T01:30:00+00:00', 'Europe/Lisbon').ok).toBe(true);
    expect(parseDate('2027-10-31 02:30', 'Europe/Lisbon').ok).toBe(true);
  });

  it('never throws on arbitrary input', () => {
    fc.assert(fc.property(fc.anything(), fc.constantFrom(...ZONES), (value, zone) => typeof parseDate(value, zone).ok === 'boolean'));
  });
});

describe('date suggestions', () => {
  it('suggests the accepted spelling of dates that can only mean one day', () => {
    expect(suggestDate('25/12/2026')).toBe('2026-12-25');
    expect(suggestDate('June 1st 2026')).toBe('2026-06-01');
    expect(suggestDate('1 de junho de 2026')).toBe('2026-06-01');
    expect(suggestDate('2026/06/01 9:30')).toBe('2026-06-01 09:30:00');
    expect(suggestDate('Dec 5, 2026 14:00')).toBe('2026-12-05 14:00:00');
  });

  it("hints a month's name and a day without a year as this year's day when it is to come, else the coming and the past one", () => {
    const zone = 'Asia/Tokyo';
    const today = formatDate(new Date(), zone)!.slice(0, 10);
    const year = Number(today.slice(0, 4));
    /** What "<Month> <day>" and "<day> de <mês>" are hinted as, for the month and day of `day`. */
    const expected = (day: string, clock = '') => {
      const thisYears = `${year}${day.slice(4)}${clock}`;
      if (thisYears.slice(0, 10) >= today) return { suggestion: thisYears };
      return { readings: [expect.objectContaining({ value: `${year + 1}${day.slice(4)}${clock}` }), expect.objectContaining({ value: thisYears })] };
    };
    for (const day of [shiftDay(today, 10), shiftDay(today, -10)]) {
      const [, m, d] = day.split('-').map(Number);
      const english = new Date(Date.UTC(2000, m - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
      expect(dateHint(`${english} ${d}`, null, zone)).toEqual(expected(day));
      expect(dateHint(`${d} de ${PT_MONTHS[m - 1]}`, null, zone)).toEqual(expected(day));
      expect(dateHint(`${english} ${d}th 14:00`, null, zone)).toEqual(expected(day, ' 14:00:00'));
    }
    expect(dateHint('February 30', null, zone)).toEqual({});
  });

  it('hints the days a weekday can name, seen from today in the zone, with the time of day given', () => {
    const zone = 'Asia/Tokyo';
    const today = formatDate(new Date(), zone)!.slice(0, 10);
    const expected = weekdayReadings('next friday', today).map((r) => ({ value: `${r.value} 10:00:00`, reading: r.reading }));
    expect(dateHint('Next Friday 10am', null, zone)).toEqual({ readings: expected });
    expect(expected).toHaveLength(2);
    expect(dateHint('sexta-feira passada', null, zone)).toEqual({ suggestion: weekdayReadings('sexta-feira passada', today)[0].value });
    for (const reading of expected) expect(parseDate(reading.value, zone).ok).toBe(true);
  });

  it('hints a range start written after "since" (desde) as the day it names, on a start only', () => {
    const zone = 'Asia/Tokyo';
    const today = formatDate(new Date(), zone)!.slice(0, 10);
    const latestMonday = shiftDay(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
    expect(dateHint('Since Monday', null, zone, 'start')).toEqual({ suggestion: latestMonday });
    expect(dateHint('since monday 14:00', null, zone, 'start')).toEqual({ suggestion: `${latestMonday} 14:00:00` });
    // What follows "since" may be a date as it is taken: the suggestion is then that text.
    expect(dateHint('desde ontem', null, zone, 'start')).toEqual({ suggestion: 'ontem' });
    expect(dateHint('since 2026-12-01', null, zone, 'start')).toEqual({ suggestion: '2026-12-01' });
    expect(dateHint('desde o início do mês', null, zone, 'start')).toEqual({ suggestion: `${today.slice(0, 8)}01` });
    expect(dateHint('since last friday', null, zone, 'start')).toEqual({ suggestion: weekdayReadings('last friday', today)[0].value });
    // Ending a range, or a date of its own, "since" says nothing of the day meant.
    expect(dateHint('since monday', null, zone, 'end')).toEqual({});
    expect(dateHint('since monday', null, zone)).toEqual({});
  });

  it('suggests a day word with an hour form as the date and time it names in the zone (tomorrow 5pm, amanhã às 17h)', () => {
    const zone = 'Asia/Tokyo';
    const [y, m, d] = formatDate(new Date(), zone)!.slice(0, 10).split('-').map(Number);
    const day = (days: number): string => new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
    expect(dateHint('tomorrow 5pm', null, zone)).toEqual({ suggestion: `${day(1)} 17:00:00` });
    expect(dateHint('Amanhã às 17h', null, zone)).toEqual({ suggestion: `${day(1)} 17:00:00` });
    expect(dateHint('today at 9:30 am', null, zone)).toEqual({ suggestion: `${day(0)} 09:30:00` });
    expect(dateHint('in 2 days 14h30', null, zone)).toEqual({ suggestion: `${day(2)} 14:30:00` });
    expect(dateHint('now 5pm', null, zone)).toEqual({});
  });

  it('hints an hour alone, noon, the end of the day and an hour before its day as that time today or on that day', () => {
    const zone = 'Asia/Tokyo';
    const [y, m, d] = formatDate(new Date(), zone)!.slice(0, 10).split('-').map(Number);
    const day = (days: number): string => new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
    expect(dateHint('14:00', null, zone)).toEqual({ suggestion: `${day(0)} 14:00:00` });
    expect(dateHint('18h', null, zone)).toEqual({ suggestion: `${day(0)} 18:00:00` });
    expect(dateHint('às 9h30', null, zone)).toEqual({ suggestion: `${day(0)} 09:30:00` });
    expect(dateHint('5pm', null, zone)).toEqual({ suggestion: `${day(0)} 17:00:00` });
    expect(dateHint('noon', null, zone)).toEqual({ suggestion: `${day(0)} 12:00:00` });
    expect(dateHint('tomorrow noon', null, zone)).toEqual({ suggestion: `${day(1)} 12:00:00` });
    expect(dateHint('Amanhã ao meio-dia', null, zone)).toEqual({ suggestion: `${day(1)} 12:00:00` });
    for (const words of ['end of day', 'EOD', 'by end of day', 'end of today', 'fim do dia', 'até o fim do dia', 'final do dia']) {
      expect([words, dateHint(words, null, zone)]).toEqual([words, { suggestion: `${day(0)} 23:59:59` }]);
    }
    expect(dateHint('9am tomorrow', null, zone)).toEqual({ suggestion: `${day(1)} 09:00:00` });
    expect(dateHint('14h amanhã', null, zone)).toEqual({ suggestion: `${day(1)} 14:00:00` });
    // An hour after "at" / "às" without am/pm: the morning's and the evening's, the likelier first.
    expect(dateHint('tomorrow at 9', null, zone)).toEqual({
      readings: [
        { value: `${day(1)} 09:00:00`, reading: '9 in the morning' },
        { value: `${day(1)} 21:00:00`, reading: '9 in the evening' },
      ],
    });
    expect(dateHint('amanhã às 3', null, zone)).toEqual({
      readings: [
        { value: `${day(1)} 15:00:00`, reading: '3 in the afternoon' },
        { value: `${day(1)} 03:00:00`, reading: '3 at night' },
      ],
    });
    expect(dateHint('at 9 tomorrow', null, zone)).toEqual(dateHint('tomorrow at 9', null, zone));
    expect(dateHint('amanhã às 15', null, zone)).toEqual({ suggestion: `${day(1)} 15:00:00` });
    expect(dateHint('today at 12', null, zone)).toEqual({ suggestion: `${day(0)} 12:00:00` });
    // Midnight ends a day and starts one: both, the day's end (a deadline's) first.
    const midnights = (days: number) => ({
      readings: [
        { value: `${day(days)} 23:59:59`, reading: 'midnight at the end of the day' },
        { value: `${day(days)} 00:00:00`, reading: 'midnight at the start of the day' },
      ],
    });
    for (const words of ['midnight', 'at midnight', 'meia-noite', 'à meia noite']) expect([words, dateHint(words, null, zone)]).toEqual([words, midnights(0)]);
    for (const words of ['tomorrow midnight', 'tomorrow at midnight', 'amanhã à meia-noite']) {
      expect([words, dateHint(words, null, zone)]).toEqual([words, midnights(1)]);
    }
    // A bare number is a day or a year, not an hour.
    expect(dateHint('9', null, zone)).toEqual({});
    expect(dateHint('10 de dezembro de 2026', null, zone)).toEqual({ suggestion: '2026-12-10' });
    expect(dateHint('at 25', null, zone)).toEqual({});
    expect(dateHint('now 5pm', null, zone)).toEqual({});
  });

  it('suggests the day a count of business days ahead names, weekends skipped (in 3 business days, em 2 dias úteis)', () => {
    const zone = 'America/Sao_Paulo';
    const today = formatDate(new Date(), zone)!.slice(0, 10);
    // Counted by hand: each step a day on, Saturdays and Sundays not counted.
    const ahead = (n: number): string => {
      let day = today;
      for (let left = n; left > 0;) {
        day = shiftDay(day, 1);
        const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
        if (weekday !== 0 && weekday !== 6) left--;
      }
      return day;
    };
    for (const [words, n] of [
      ['in 3 business days', 3],
      ['in 1 working day', 1],
      ['in a business day', 1],
      ['5 business days from now', 5],
      ['em 2 dias úteis', 2],
      ['daqui a 10 dias uteis', 10],
      ['dentro de um dia útil', 1],
    ] as const) {
      expect([words, dateHint(words, null, zone)]).toEqual([words, { suggestion: ahead(n) }]);
    }
    expect(dateHint('in 3 business days 17:00', null, zone)).toEqual({ suggestion: `${ahead(3)} 17:00:00` });
    expect(dateHint('in 0 business days', null, zone)).toEqual({});
  });

  it('suggests the first day of a span back from today (last week, past 7 days, últimos 30 dias) as that date in the zone', () => {
    const zone = 'America/Sao_Paulo';
    const today = formatDate(new Date(), zone)!.slice(0, 10);
    const cases: Array<[string, number, number]> = [
      ['last week', -7, 0],
      ['past week', -7, 0],
      ['semana passada', -7, 0],
      ['última semana', -7, 0],
      ['last 7 days', -7, 0],
      ['the past 3 days', -3, 0],
      ['últimos 30 dias', -30, 0],
      ['nos últimos 2 meses', 0, -2],
      ['last month', 0, -1],
      ['mês passado', 0, -1],
      ['last 2 weeks', -14, 0],
    ];
    for (const [words, days, months] of cases) {
      expect([words, dateHint(words, null, zone)]).toEqual([words, { suggestion: shiftDay(today, days, months) }]);
    }
    expect(dateHint('last century', null, zone)).toEqual({});
    // The start of this month or year: that day.
    for (const words of ['this month', 'este mês', 'start of the month', 'início do mês']) {
      expect([words, dateHint(words, null, zone)]).toEqual([words, { suggestion: `${today.slice(0, 8)}01` }]);
    }
    for (const words of ['this year', 'este ano', 'beginning of the year']) {
      expect([words, dateHint(words, null, zone)]).toEqual([words, { suggestion: `${today.slice(0, 4)}-01-01` }]);
    }
    // The end of this month or year: its last day.
    const [year, month] = today.split('-').map(Number);
    const monthEnd = `${today.slice(0, 8)}${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
    for (const words of ['end of month', 'end of the month', 'End of this month', 'fim do mês', 'final do mês', 'o fim do mês']) {
      expect([words, dateHint(words, null, zone)]).toEqual([words, { suggestion: monthEnd }]);
    }
    for (const words of ['end of the year', 'end of year', 'fim do ano', 'final do ano']) {
      expect([words, dateHint(words, null, zone)]).toEqual([words, { suggestion: `${today.slice(0, 4)}-12-31` }]);
    }
    expect(dateHint('end of month 17:00', null, zone)).toEqual({ suggestion: `${monthEnd} 17:00:00` });
    // Ending a range (x_to), a span back from today ends today, and this month or year at its last
    // day; a day the words name stays that day (the start of the month, the end of the year).
    const asEnd = (words: string) => dateHint(words, null, zone, 'end');
    for (const words of ['last week', 'últimos 30 dias', 'mês passado', 'last 7 days']) expect([words, asEnd(words)]).toEqual([words, { suggestion: today }]);
    for (const words of ['this month', 'este mês', 'neste mês']) expect([words, asEnd(words)]).toEqual([words, { suggestion: monthEnd }]);
    for (const words of ['this year', 'este ano']) expect([words, asEnd(words)]).toEqual([words, { suggestion: `${today.slice(0, 4)}-12-31` }]);
    expect(asEnd('início do mês')).toEqual({ suggestion: `${today.slice(0, 8)}01` });
    expect(asEnd('fim do ano')).toEqual({ suggestion: `${today.slice(0, 4)}-12-31` });
    expect(dateHint('this month', null, zone, 'start')).toEqual({ suggestion: `${today.slice(0, 8)}01` });
    // "this week" starts on a Monday or a Sunday, by custom: both days are offered, the caller's
    // custom first (Sunday for US English and Brazilian Portuguese).
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
    const monday = { value: shiftDay(today, -((weekday + 6) % 7)), reading: 'Monday, as ISO 8601 and most of Europe start the week' };
    const sunday = { value: shiftDay(today, -weekday), reading: 'Sunday, as Brazil and the US start the week' };
    for (const words of ['this week', 'esta semana', 'start of the week', 'início da semana', 'beginning of this week']) {
      expect([words, dateHint(words, null, zone)]).toEqual([words, { readings: [monday, sunday] }]);
      expect([words, dateHint(words, 'pt_BR', zone)]).toEqual([words, { readings: [sunday, monday] }]);
    }
    expect(dateHint('this week', 'en_US', zone)).toEqual({ readings: [sunday, monday] });
    // Next week: its Monday and its Sunday, a week on.
    const nextMonday = { value: shiftDay(monday.value, 7), reading: 'Monday, as ISO 8601 and most of Europe start the week' };
    const nextSunday = { value: shiftDay(sunday.value, 7), reading: 'Sunday, as Brazil and the US start the week' };
    for (const words of ['next week', 'próxima semana', 'semana que vem', 'start of next week', 'início da próxima semana']) {
      expect([words, dateHint(words, null, zone)]).toEqual([words, { readings: [nextMonday, nextSunday] }]);
    }
    // The end of the week: its Friday, the end of the working week, and its last day by the caller's
    // custom (Sunday after a Monday, Saturday after a Sunday), those not before today; one left is the suggestion.
    const weekEnd = (first: string, fridayAt: number, last: { value: string; reading: string }) => {
      const days = [{ value: shiftDay(first, fridayAt), reading: 'Friday, the end of the working week' }, last].filter((r) => r.value >= today);
      return days.length === 1 ? { suggestion: days[0].value } : { readings: days };
    };
    const isoEnd = (weeks: number) =>
      weekEnd(shiftDay(monday.value, 7 * weeks), 4, {
        value: shiftDay(monday.value, 7 * weeks + 6),
        reading: 'Sunday, the last day of a week that starts on Monday',
      });
    const usEnd = (weeks: number) =>
      weekEnd(shiftDay(sunday.value, 7 * weeks), 5, {
        value: shiftDay(sunday.value, 7 * weeks + 6),
        reading: 'Saturday, the last day of a week that starts on Sunday',
      });
    for (const words of [
      'end of the week',
      'end of week',
      'by end of this week',
      'fim da semana',
      'final da semana',
      'até o fim da semana',
      'fim desta semana',
    ]) {
      expect([words, dateHint(words, null, zone)]).toEqual([words, isoEnd(0)]);
      expect([words, dateHint(words, 'pt_BR', zone)]).toEqual([words, usEnd(0)]);
    }
    for (const words of ['end of next week', 'fim da próxima semana', 'final da semana que vem']) {
      expect([words, dateHint(words, null, zone)]).toEqual([words, isoEnd(1)]);
      expect([words, dateHint(words, 'en_US', zone)]).toEqual([words, usEnd(1)]);
    }
    // "fim de semana" is the weekend, a span: no day is suggested for it.
    expect(dateHint('fim de semana', null, zone)).toEqual({});
    expect(dateHint('this week 08:00', null, zone)).toEqual({
      readings: [
        { ...monday, value: `${monday.value} 08:00:00` },
        { ...sunday, value: `${sunday.value} 08:00:00` },
      ],
    });
  });

  it('suggests nothing for ambiguous or impossible dates', () => {
    expect(suggestDate('01/06/2026')).toBeUndefined();
    expect(suggestDate('31/02/2026')).toBeUndefined();
    expect(suggestDate('tomorrow')).toBeUndefined();
    expect(suggestDate(42)).toBeUndefined();
  });

  it.each([
    ['2026-07-01 14h', '2026-07-01 14:00:00'],
    ['2026-07-01 14h30', '2026-07-01 14:30:00'],
    ['2026-07-01 14:30h', '2026-07-01 14:30:00'],
    ['2026-07-01 2pm', '2026-07-01 14:00:00'],
    ['2026-07-01 2:30 pm', '2026-07-01 14:30:00'],
    ['2026-07-01 12am', '2026-07-01 00:00:00'],
    ['2026-07-01T9h', '2026-07-01 09:00:00'],
    ['15/01/2027 18h', '2027-01-15 18:00:00'],
    ['30/09/2026', '2026-09-30'],
    ['30/09/2026 às 9h', '2026-09-30 09:00:00'],
  ])('reads the hour form of %s as %s', (typed, meant) => {
    expect(dateHint(typed)).toEqual({ suggestion: meant });
  });

  it('offers both readings of a date that can be read two ways, day-first first unless the caller writes US English', () => {
    const dayFirst = { value: '2026-07-01', reading: 'day first: 1 July 2026' };
    const monthFirst = { value: '2026-01-07', reading: 'month first: January 7, 2026' };
    expect(dateHint('01/07/2026', 'pt_BR')).toEqual({ readings: [dayFirst, monthFirst] });
    expect(dateHint('01/07/2026', null)).toEqual({ readings: [dayFirst, monthFirst] });
    expect(dateHint('01/07/2026', 'en_US')).toEqual({ readings: [monthFirst, dayFirst] });
    expect(dateHint('01/07/2026 14h', 'pt_BR').readings?.map((r) => r.value)).toEqual(['2026-07-01 14:00:00', '2026-01-07 14:00:00']);
    expect(dateHint('07/07/2026')).toEqual({ suggestion: '2026-07-07' });
  });

  it('reads no hour out of numbers that are not times', () => {
    expect(dateHint('2026-07-01 14')).toEqual({});
    expect(dateHint('2026-07-01 13pm')).toEqual({});
    expect(dateHint('2026-07-01 25h')).toEqual({});
  });

  it('accepts a one-digit hour', () => {
    const parsed = parseDate('2026-06-01 9:30', 'UTC');
    expect(parsed.ok && parsed.value.toISOString()).toBe('2026-06-01T09:30:00.000Z');
  });

  it('never throws on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (text) => {
        const suggestion = suggestDate(text);
        return suggestion === undefined || parseDate(suggestion, 'UTC').ok;
      }),
    );
  });
});

describe('time zone suggestions', () => {
  it('fixes spacing, case and bare city names', () => {
    expect(suggestTimeZone('America/Sao Paulo')).toBe('America/Sao_Paulo');
    expect(suggestTimeZone('america/sao_paulo')).toBe('America/Sao_Paulo');
    expect(suggestTimeZone('Sao Paulo')).toBe('America/Sao_Paulo');
    expect(suggestTimeZone('Atlantis')).toBeUndefined();
  });

  it('suggests the zone of a city written with its accents, and of the names Brazil gives its own time', () => {
    expect(suggestTimeZone('São Paulo')).toBe('America/Sao_Paulo');
    expect(suggestTimeZone('Brasília')).toBe('America/Sao_Paulo');
    expect(suggestTimeZone('brasilia')).toBe('America/Sao_Paulo');
    expect(suggestTimeZone('horário de Brasília')).toBe('America/Sao_Paulo');
    expect(suggestTimeZone('BRT')).toBe('America/Sao_Paulo');
    expect(suggestTimeZone('Lisboa')).toBe('Europe/Lisbon');
    // Abbreviations that name several zones are no suggestion.
    expect(suggestTimeZone('CST')).toBeUndefined();
    expect(suggestTimeZone('IST')).toBeUndefined();
  });
});
