import { dayReadings, durationSeconds } from './duration.js';

describe('durationSeconds', () => {
  it.each([
    ['1h30', 5400],
    ['1h 30min', 5400],
    ['90 min', 5400],
    ['1:30', 5400],
    ['2 horas', 7200],
    ['1 hora e 15 minutos', 4500],
    ['1.5h', 5400],
    ['45m', 2700],
    ['3600', 3600],
    [5400, 5400],
    // ISO 8601, as models often write a duration.
    ['PT1H30M', 5400],
    ['pt45m', 2700],
    ['PT2H', 7200],
    ['PT90S', 90],
    ['PT0.5H', 1800],
    // A unit's words for one and for half of it.
    ['uma hora', 3600],
    ['an hour', 3600],
    ['one hour', 3600],
    ['um minuto', 60],
    ['meia hora', 1800],
    ['half an hour', 1800],
    ['half hour', 1800],
    ['1 hora e meia', 5400],
    ['uma hora e meia', 5400],
    ['an hour and a half', 5400],
    ['2 and a half hours', 9000],
    ['2 horas e meia', 9000],
    ['1 hour and 20 minutes', 4800],
  ])('reads %p as %p seconds', (input, seconds) => {
    expect(durationSeconds(input)).toBe(seconds);
  });

  it.each(['', 'soon', '1h90', '-5', 1.5, '12 parsecs', null, 'P1D', 'PT', 'P1DT2H', '3 dias', 'half', 'a', 'meia'])('refuses %p', (input) => {
    expect(durationSeconds(input)).toBeUndefined();
  });
});

describe('dayReadings', () => {
  it.each([
    ['3 dias', '72 hours', '24 hours', '3 days'],
    ['1 day', '24 hours', '8 hours', '1 day'],
    ['2 days', '48 hours', '16 hours', '2 days'],
    ['P2D', '48 hours', '16 hours', '2 days'],
    ['2d', '48 hours', '16 hours', '2 days'],
    ['um dia', '24 hours', '8 hours', '1 day'],
    ['meio dia', '12 hours', '4 hours', '0.5 day'],
    ['1,5 dias', '36 hours', '12 hours', '1.5 days'],
  ])('offers %p as %p (days of 24 hours) or %p (working days of 8 hours)', (input, calendar, working, days) => {
    expect(dayReadings(input)).toEqual([
      { value: calendar, reading: `${days} of 24 hours` },
      { value: working, reading: `${days.replace(/^([\d.]+) /, '$1 working ')} of 8 hours` },
    ]);
  });

  it.each(['3 horas', 'P1DT2H', 'soon', '', 5, 'dias', 'in 3 days'])('offers nothing for %p', (input) => {
    expect(dayReadings(input)).toBeUndefined();
  });
});
