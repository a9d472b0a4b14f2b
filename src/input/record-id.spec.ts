import { readId } from './record-id.js';

describe('readId', () => {
  it('reads positive integers, given as numbers or digits', () => {
    expect(readId(42)).toBe(42);
    expect(readId(' 42 ')).toBe(42);
    expect(readId('007')).toBe(7);
    expect(readId('#5')).toBe(5);
    expect(readId(' #12 ')).toBe(12);
  });

  it('reads a whole number written with a zero fraction, as integer fields take it ("60.0")', () => {
    expect(readId('3.0')).toBe(3);
    expect(readId('3.00')).toBe(3);
    expect(readId(' #3.0 ')).toBe(3);
    expect(readId('0.0')).toBeNull();
  });

  it('calls a number that cannot be an id a wrong id', () => {
    for (const value of [0, -1, 1.5, '0', '99999999999999999999', Number.MAX_SAFE_INTEGER + 2]) expect(readId(value)).toBeNull();
  });

  it('calls anything else no id (a name, say)', () => {
    for (const value of ['Sede', '1.5', '3.5', '3.', '3.01', '.0', '-1', '#', '##5', '5#', '# 5', '', ' ', null, undefined, true, { id: 1 }])
      expect(readId(value)).toBeUndefined();
  });
});
