import { statusStamps, statusWithoutAssignee, statusWithPlannedTask } from './ticket-rules.js';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const EARLIER = new Date('2026-05-20T08:00:00.000Z');

describe('statusStamps', () => {
  const before = (status: number, solvedate: Date | null = null, closedate: Date | null = null) => ({ status, solvedate, closedate });

  it('stamps solvedate and closedate when a ticket is created Closed', () => {
    expect(statusStamps(6, null, NOW)).toEqual({ closedate: NOW, solvedate: NOW });
  });

  it('keeps the first solvedate when Solved is sent again', () => {
    expect(statusStamps(5, before(5, EARLIER), NOW)).toEqual({});
  });

  it('closes a solved ticket keeping its solvedate', () => {
    expect(statusStamps(6, before(5, EARLIER), NOW)).toEqual({ closedate: NOW });
  });

  it('moving from Closed back to Solved clears closedate only', () => {
    expect(statusStamps(5, before(6, EARLIER, EARLIER), NOW)).toEqual({ closedate: null });
  });

  it('clears both stamps when a closed ticket is reopened', () => {
    expect(statusStamps(2, before(6, EARLIER, EARLIER), NOW)).toEqual({ solvedate: null, closedate: null });
  });

  it('changes nothing between open statuses', () => {
    expect(statusStamps(4, before(2), NOW)).toEqual({});
  });
});

describe('statusWithoutAssignee', () => {
  it('makes an open ticket past New New again, and leaves New, Solved and Closed as they are', () => {
    expect([1, 2, 3, 4, 5, 6].map(statusWithoutAssignee)).toEqual([undefined, 1, 1, 1, undefined, undefined]);
  });
});

describe('statusWithPlannedTask', () => {
  it('plans a New or assigned ticket, and leaves planned, Pending, Solved and Closed as they are', () => {
    expect([1, 2, 3, 4, 5, 6].map(statusWithPlannedTask)).toEqual([3, 3, undefined, undefined, undefined, undefined]);
  });
});
