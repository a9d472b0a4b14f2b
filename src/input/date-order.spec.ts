import { datesAgainstStored, type Period } from './date-order.js';

const PLAN: Period[] = [['plan_start_date', 'plan_end_date']];
const stored = { plan_start_date: '2027-02-01 03:00:00', plan_end_date: new Date('2027-03-01T03:00:00Z') };
const NONE: ReadonlySet<string> = new Set();

describe('datesAgainstStored', () => {
  it("refuses an end sent before the stored start, naming that start in the caller's zone", () => {
    const issues = datesAgainstStored({ plan_end_date: new Date('2027-01-01T03:00:00Z') }, stored, PLAN, 'America/Sao_Paulo', NONE);
    expect(issues).toEqual([
      expect.objectContaining({
        field: 'plan_end_date',
        code: 'INVALID_VALUE',
        message: 'plan_end_date is before plan_start_date (2027-02-01T00:00:00-03:00, as stored).',
      }),
    ]);
  });

  it('refuses a start sent after the stored end as a problem of the start, the field sent', () => {
    const issues = datesAgainstStored({ plan_start_date: new Date('2027-04-01T03:00:00Z') }, stored, PLAN, 'UTC', NONE);
    expect(issues.map((issue) => [issue.field, issue.message])).toEqual([
      ['plan_start_date', 'plan_start_date is after plan_end_date (2027-03-01T03:00:00+00:00, as stored).'],
    ]);
  });

  it("leaves a period sent whole to the DTO's own check, one not sent, one cleared, and one whose other end could not be read", () => {
    const early = new Date('2027-01-01T03:00:00Z');
    expect(datesAgainstStored({ plan_start_date: new Date('2027-05-01T00:00:00Z'), plan_end_date: early }, stored, PLAN, 'UTC', NONE)).toEqual([]);
    expect(datesAgainstStored({ percent_done: 5 }, stored, PLAN, 'UTC', NONE)).toEqual([]);
    expect(datesAgainstStored({ plan_end_date: null }, stored, PLAN, 'UTC', NONE)).toEqual([]);
    expect(datesAgainstStored({ plan_end_date: early }, { plan_start_date: null }, PLAN, 'UTC', NONE)).toEqual([]);
    expect(datesAgainstStored({ plan_end_date: early }, stored, PLAN, 'UTC', new Set(['plan_start_date']))).toEqual([]);
  });
});
