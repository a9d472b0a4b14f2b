import { datesAgainstStored, endBeforeStart, type Period } from './date-order.js';

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

describe('endBeforeStart', () => {
  it("names both dates with their values in the caller's zone, and where a start not sent came from", () => {
    const values = { date: new Date('2026-12-07T13:00:00Z'), time_to_resolve: new Date('2026-06-03T21:00:00Z') };
    expect(endBeforeStart(values, 'date', 'time_to_resolve', 'America/Sao_Paulo')[0].message).toBe(
      'time_to_resolve (2026-06-03T18:00:00-03:00) is before date (2026-12-07T10:00:00-03:00).',
    );
    expect(endBeforeStart(values, 'date', 'time_to_resolve', 'UTC', 'now')[0]).toMatchObject({
      message: 'time_to_resolve (2026-06-03T21:00:00+00:00) is before date (2026-12-07T13:00:00+00:00, now).',
      expected: 'a date on or after date (2026-12-07T13:00:00+00:00, now)',
    });
    expect(endBeforeStart({ ...values, time_to_resolve: values.date }, 'date', 'time_to_resolve', 'UTC')).toEqual([]);
  });
});
