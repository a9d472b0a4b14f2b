import { readId } from './record-id.js';

describe('readId', () => {
  it('reads positive integers, given as numbers or digits', () => {
    expect(readId(42)).toBe(42);
    expect(readId(' 42 ')).toBe(42);
    expect(readId('007')).toBe(7);
    expect(readId('#5')).toBe(5);
    expect(readId(' #12 ')).toBe(12);
  });

  it('calls a number that cannot be an id a wrong id', () => {
    for (const value of [0, -1, 1.5, '0', '99999999999999999999', Number.MAX_SAFE_INTEGER + 2]) expect(readId(value)).toBeNull();
  });

  it('calls anything else no id (a name, say)', () => {
    for (const value of ['Sede', '1.5', '-1', '#', '##5', '5#', '# 5', '', ' ', null, undefined, true, { id: 1 }]) expect(readId(value)).toBeUndefined();
  });
});
