import { changedValues } from './changed-values.js';

describe('changedValues', () => {
  it('keeps only the values that differ from the stored ones, as each database reads them back', () => {
    const stored = { name: 'ERP', priority: '4', is_active: 1, plan_end_date: '2026-12-15 03:00:00', code: null, percent_done: 40 };
    const same = { name: 'ERP', priority: 4, is_active: true, plan_end_date: new Date('2026-12-15T03:00:00Z'), code: null };
    expect(changedValues(same, stored)).toEqual({});
    expect(changedValues({ name: 'erp', priority: 5, code: 'X', percent_done: null, plan_end_date: new Date('2026-12-16T03:00:00Z') }, stored)).toEqual({
      name: 'erp',
      priority: 5,
      code: 'X',
      percent_done: null,
      plan_end_date: new Date('2026-12-16T03:00:00Z'),
    });
  });
});
