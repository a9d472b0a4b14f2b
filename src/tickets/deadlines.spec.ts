import { deadlineOf, durationText } from './deadlines.js';

const NOW = new Date('2026-06-01T12:00:00.000Z');

describe('durationText', () => {
  it('writes days, hours and minutes, largest first, and leaves out empty units', () => {
    expect(durationText(((2 * 24 + 3) * 60 + 5) * 60_000)).toBe('2d 3h 5m');
    expect(durationText(24 * 3_600_000)).toBe('1d');
    expect(durationText(45 * 60_000 + 59_000)).toBe('45m');
    expect(durationText(0)).toBe('0m');
    expect(durationText((24 * 60 + 5) * 60_000)).toBe('1d 5m');
    expect(durationText(3 * 3_600_000)).toBe('3h');
    expect(durationText((3 * 60 + 1) * 60_000)).toBe('3h 1m');
    expect(durationText(400 * 24 * 3_600_000)).toBe('400d');
  });

  it('is negative once past', () => {
    expect(durationText(-(80 * 60_000))).toBe('-1h 20m');
    expect(durationText(-(25 * 3_600_000))).toBe('-1d 1h');
    // Less than a minute past still reads as past.
    expect(durationText(-30_000)).toBe('-0m');
  });
});

describe('deadlineOf', () => {
  const ticket = (status: number, time_to_resolve: string | null, solvedate: string | null = null) => ({ status, time_to_resolve, solvedate });

  it('has nothing to say without a deadline', () => {
    expect(deadlineOf(ticket(2, null), NOW)).toEqual({ overdue: false, time_to_resolve_remaining: null });
  });

  it('counts down to the deadline of an open ticket, then past it', () => {
    expect(deadlineOf(ticket(2, '2026-06-01 14:30:00'), NOW)).toEqual({ overdue: false, time_to_resolve_remaining: '2h 30m' });
    expect(deadlineOf(ticket(4, '2026-05-31 12:00:00'), NOW)).toEqual({ overdue: true, time_to_resolve_remaining: '-1d' });
  });

  it('judges a solved or closed ticket by when it was solved, with nothing remaining', () => {
    expect(deadlineOf(ticket(5, '2026-05-01 12:00:00', '2026-05-02 12:00:00'), NOW)).toEqual({ overdue: true, time_to_resolve_remaining: null });
    expect(deadlineOf(ticket(6, '2026-05-03 12:00:00', '2026-05-02 12:00:00'), NOW)).toEqual({ overdue: false, time_to_resolve_remaining: null });
  });
});
