import { sortKeysOf } from './sort-keys.js';

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
