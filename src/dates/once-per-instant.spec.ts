import { oncePerInstant } from './once-per-instant.js';

describe('oncePerInstant', () => {
  it('formats an instant once while it repeats, and again when another comes', () => {
    const formatted: number[] = [];
    const text = oncePerInstant((instant) => (formatted.push(instant), `t${instant}`));
    expect([5, 5, 6, 5, 5].map(text)).toEqual(['t5', 't5', 't6', 't5', 't5']);
    expect(formatted).toEqual([5, 6, 5]);
  });

  it('formats NaN every time, so a format that refuses it refuses it every time', () => {
    const iso = oncePerInstant((instant) => new Date(instant).toISOString());
    expect(() => iso(Number.NaN)).toThrow(RangeError);
    expect(() => iso(Number.NaN)).toThrow(RangeError);
    expect(iso(0)).toBe('1970-01-01T00:00:00.000Z');
  });
});
