import { durationSeconds } from './duration.js';

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
