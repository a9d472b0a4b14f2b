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
  ])('reads %p as %p seconds', (input, seconds) => {
    expect(durationSeconds(input)).toBe(seconds);
  });

  it.each(['', 'soon', '1h90', '-5', 1.5, '12 parsecs', null])('refuses %p', (input) => {
    expect(durationSeconds(input)).toBeUndefined();
  });
});
