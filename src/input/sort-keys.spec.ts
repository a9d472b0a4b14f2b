import { sortKeysOf, sortWrittenIn } from './sort-keys.js';

describe('sortKeysOf', () => {
  it('gives the keys of a choice whose values come in ascending and descending pairs', () => {
    expect(sortKeysOf(['date', '-date', 'priority', '-priority'])).toEqual(['date', 'priority']);
  });

  it('gives none for any other choice', () => {
    expect(sortKeysOf(['requester', 'assignee', 'observer', 'any'])).toBeUndefined();
    expect(sortKeysOf(['date', '-date', 'priority'])).toBeUndefined();
    expect(sortKeysOf([])).toBeUndefined();
  });
});

describe('sortWrittenIn', () => {
  it('writes a sort sent as an object as the text a sort reads', () => {
    expect(sortWrittenIn({ date: 'desc' })).toBe('date desc');
    expect(sortWrittenIn({ field: 'priority', order: 'DESC' })).toBe('priority DESC');
    expect(sortWrittenIn({ direction: 'asc', column: 'name' })).toBe('name asc');
    expect(sortWrittenIn({ by: 'status' })).toBe('status');
  });

  it('leaves alone what names more than one sort, a key it does not know beside the field, and any other value', () => {
    for (const value of [
      { date: 'desc', priority: 'asc' },
      { field: 'date', order: 'desc', then: 'id' },
      { order: 'desc' },
      { date: 1 },
      {},
      'date desc',
      ['date'],
      null,
    ]) {
      expect([value, sortWrittenIn(value)]).toEqual([value, undefined]);
    }
  });
});
