import { fromNow, shiftDay, sinceStart, weekdayReadings } from './relative-days.js';

describe('relative days', () => {
  it('shifts a bare date by days and months; a month on keeps the day, or takes the month’s last', () => {
    expect(shiftDay('2026-12-04', 3)).toBe('2026-12-07');
    expect(shiftDay('2026-12-30', 5)).toBe('2027-01-04');
    expect(shiftDay('2026-01-31', 0, 1)).toBe('2026-02-28');
    expect(shiftDay('2028-01-31', 0, 1)).toBe('2028-02-29');
    expect(shiftDay('2026-03-31', 0, -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-15', 0, 2)).toBe('2027-02-15');
  });

  it('reads the words for a day or for now, and a count ahead of now or back, in English and pt-BR, as days and months or as milliseconds', () => {
    expect(fromNow('today')).toEqual({ days: 0, months: 0 });
    expect(fromNow('amanha')).toEqual({ days: 1, months: 0 });
    expect(fromNow('ontem')).toEqual({ days: -1, months: 0 });
    expect(fromNow('agora')).toEqual({ ms: 0 });
    expect(fromNow('in 3 days')).toEqual({ days: 3, months: 0 });
    expect(fromNow('in a week')).toEqual({ days: 7, months: 0 });
    expect(fromNow('2 weeks ago')).toEqual({ days: -14, months: 0 });
    expect(fromNow('3 months from now')).toEqual({ days: 0, months: 3 });
    expect(fromNow('ha um mes')).toEqual({ days: 0, months: -1 });
    expect(fromNow('daqui a 2 horas')).toEqual({ ms: 7_200_000 });
    expect(fromNow('30 minutos atras')).toEqual({ ms: -1_800_000 });
    for (const text of ['in days', 'in 2 years', 'in 2 days ago', 'ha 2 dias atras', 'next week', 'in -1 days'])
      expect([text, fromNow(text)]).toEqual([text, undefined]);
  });

  // 2026-12-04 is a Friday; 2026-12-02 a Wednesday.
  it('reads a weekday alone as the coming one, and today’s weekday as today or a week on', () => {
    expect(weekdayReadings('monday', '2026-12-04')).toEqual([{ value: '2026-12-07', reading: 'the coming Monday' }]);
    expect(weekdayReadings('sexta-feira', '2026-12-02')).toEqual([{ value: '2026-12-04', reading: 'the coming Friday' }]);
    expect(weekdayReadings('this friday', '2026-12-04')).toEqual([
      { value: '2026-12-04', reading: 'today, Friday' },
      { value: '2026-12-11', reading: 'Friday a week from today' },
    ]);
    expect(weekdayReadings('na quarta', '2026-12-04')).toEqual([{ value: '2026-12-09', reading: 'the coming Wednesday' }]);
  });

  it('reads a range start after "since" (desde): a weekday alone as its latest, today included; anything else as what follows', () => {
    expect(sinceStart('since monday', '2026-12-04')).toEqual({ day: '2026-11-30' });
    expect(sinceStart('desde sexta-feira', '2026-12-04')).toEqual({ day: '2026-12-04' });
    expect(sinceStart('desde segunda', '2026-12-06')).toEqual({ day: '2026-11-30' });
    expect(sinceStart('since last friday', '2026-12-04')).toEqual({ rest: 'last friday' });
    expect(sinceStart('desde ontem', '2026-12-04')).toEqual({ rest: 'ontem' });
    for (const text of ['monday', 'since', 'sincere', 'last monday']) expect([text, sinceStart(text, '2026-12-04')]).toEqual([text, undefined]);
  });

  it('reads "next" weekday as the coming one or the one a week after it, and "last" as the latest before today', () => {
    expect(weekdayReadings('next friday', '2026-12-02')).toEqual([
      { value: '2026-12-04', reading: 'the coming Friday' },
      { value: '2026-12-11', reading: 'the Friday after it' },
    ]);
    expect(weekdayReadings('proxima segunda', '2026-12-04')).toEqual([
      { value: '2026-12-07', reading: 'the coming Monday' },
      { value: '2026-12-14', reading: 'the Monday after it' },
    ]);
    expect(weekdayReadings('terca que vem', '2026-12-04').map((r) => r.value)).toEqual(['2026-12-08', '2026-12-15']);
    expect(weekdayReadings('last friday', '2026-12-04')).toEqual([{ value: '2026-11-27', reading: 'the latest Friday before today' }]);
    expect(weekdayReadings('sabado passado', '2026-12-04')).toEqual([{ value: '2026-11-28', reading: 'the latest Saturday before today' }]);
    expect(weekdayReadings('ultima quinta-feira', '2026-12-04').map((r) => r.value)).toEqual(['2026-12-03']);
  });

  it('reads nothing else as a weekday', () => {
    for (const text of ['next week', 'fridays', 'friday next month', 'semana passada', 'segunda vez', ''])
      expect([text, weekdayReadings(text, '2026-12-04')]).toEqual([text, []]);
  });
});
