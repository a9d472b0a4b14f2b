import { operatorForm } from './filter-operators.js';

describe('operatorForm', () => {
  it("writes a query language's operator object as the text or list a filter reads the same way", () => {
    expect(operatorForm({ not: 'closed' })).toBe('not closed');
    expect(operatorForm({ $ne: 6 })).toBe('not 6');
    expect(operatorForm({ in: ['new', 4] })).toEqual(['new', 4]);
    expect(operatorForm({ $in: [] })).toEqual([]);
    expect(operatorForm({ gte: 'high' })).toBe('>= high');
    expect(operatorForm({ $lt: 3 })).toBe('< 3');
  });

  it('writes none of several as the list of each left out, as ["not new", "not pending"] reads', () => {
    expect(operatorForm({ not: ['new', 'pending'] })).toEqual(['not new', 'not pending']);
    expect(operatorForm({ $nin: [1, 4] })).toEqual(['not 1', 'not 4']);
    expect(operatorForm({ nin: ['closed'] })).toEqual(['not closed']);
    expect(operatorForm({ notIn: [] })).toEqual([]);
  });

  it('leaves any other value alone: another key, several keys, an operand of the wrong shape, no object', () => {
    for (const value of [{ nin: 1 }, { not: 'a', in: [1] }, { not: [['a']] }, { $nin: [null] }, { in: 'a' }, { gte: null }, {}, 'not closed', ['a'], null, 3]) {
      expect([value, operatorForm(value)]).toEqual([value, undefined]);
    }
  });
});
