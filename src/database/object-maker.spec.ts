import { objectMaker } from './object-maker.js';

describe('objectMaker', () => {
  it('makes the object of the names, in their order, from the values', () => {
    const make = objectMaker(['id', 'name', 'date_mod']);
    const made = make?.([1, 'Printer', null]);
    expect(made).toEqual({ id: 1, name: 'Printer', date_mod: null });
    expect(Object.keys(made ?? {})).toEqual(['id', 'name', 'date_mod']);
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
  });

  it('gives a repeated name its last value, where the first put it (as setting them one by one would)', () => {
    const made = objectMaker(['b', 'a', 'b'])?.([1, 2, 3]);
    expect(Object.entries(made ?? {})).toEqual([
      ['b', 3],
      ['a', 2],
    ]);
  });

  it('takes any name as a key, never as code', () => {
    const names = ['x"y', 'a\\b', '0', "'); throw new Error('no'); ('", 'ação', 'constructor', '\u2028'];
    const made = objectMaker(names)?.(names.map((_, i) => i));
    const oneByOne: Record<string, unknown> = {};
    names.forEach((name, i) => (oneByOne[name] = i));
    expect(Object.entries(made ?? {})).toEqual(Object.entries(oneByOne));
  });

  it('keeps undefined values as keys, as a store of undefined does', () => {
    expect(Object.keys(objectMaker(['a', 'b'])?.([undefined, 1]) ?? {})).toEqual(['a', 'b']);
  });

  it('declines a __proto__ name (a literal would set the prototype)', () => {
    expect(objectMaker(['a', '__proto__'])).toBeUndefined();
  });
});
