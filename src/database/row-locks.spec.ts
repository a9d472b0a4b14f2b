import { lockedIds } from './row-locks.js';

describe('lockedIds', () => {
  const link = { table: 'glpi_tickets', fields: ['id', 'other_id'] };

  it('takes the ids the fields hold, ascending and once each: two writes locking two rows take them in one order', () => {
    expect(lockedIds(link, { id: 9, other_id: 3 })).toEqual([3, 9]);
    expect(lockedIds(link, { id: 3, other_id: 9 })).toEqual([3, 9]);
    expect(lockedIds(link, { id: 4, other_id: 4 })).toEqual([4]);
  });

  it('names nothing for a field left out or holding no id (a create, a name the pipe did not resolve)', () => {
    expect(lockedIds({ table: 'glpi_projecttasks', fields: ['id'] }, { name: 'New task' })).toEqual([]);
    expect(lockedIds(link, { id: 'printer', other_id: null })).toEqual([]);
  });
});
