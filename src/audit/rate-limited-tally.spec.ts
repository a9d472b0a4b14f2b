import { jest } from '@jest/globals';
import type { SpentLimit } from '../auth/call-limits.js';
import type { CallTrace } from '../tools/call.js';
import type { AuditEntry } from './audit.service.js';
import { RateLimitedTally } from './rate-limited-tally.js';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);

function spent(over: Partial<SpentLimit> = {}): SpentLimit {
  return { key: 'read:5', kind: 'read', max: 120, resetAt: NOW + 30_000, userId: 5, address: null, ...over };
}

const CALL: CallTrace = {
  transport: 'mcp',
  requestId: 'req_test',
  startedAt: 0,
  tool: 'ticket_get',
  route: null,
  domain: 'ticket',
  principal: null,
  sessionId: null,
};

describe('RateLimitedTally', () => {
  let written: AuditEntry[];
  let tally: RateLimitedTally;

  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    written = [];
    tally = new RateLimitedTally((entry) => written.push(entry));
  });
  afterEach(() => {
    tally.drain();
    jest.useRealTimers();
  });

  const changes = (entry: AuditEntry): Record<string, unknown> => JSON.parse(entry.changes!) as Record<string, unknown>;

  it('writes nothing per refusal, and one entry with the count when the window ends', () => {
    for (let i = 0; i < 5000; i++) tally.add(CALL, spent());
    expect(written).toEqual([]);
    jest.advanceTimersByTime(30_000 + 1_000);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ users_id: 5, outcome: 'RATE_LIMITED', transport: 'mcp', tool: null, session_id: null });
    expect(changes(written[0])).toEqual({ refused: 5000, budget: 'read', limit_per_minute: 120, window_ends_at: new Date(NOW + 30_000).toISOString() });
    expect(written[0].message).toBe('5000 read calls refused past the limit of 120 per minute.');
  });

  it('keeps budgets apart: users, kinds and addresses', () => {
    tally.add(CALL, spent());
    tally.add(CALL, spent({ key: 'write:5', kind: 'write', max: 30 }));
    tally.add(CALL, spent({ key: 'read:6', userId: 6 }));
    tally.add(
      { ...CALL, transport: 'rest' },
      spent({ key: 'unauthenticated:203.0.113.7', kind: 'unauthenticated', userId: null, address: '203.0.113.7', max: 60 }),
    );
    tally.add(CALL, spent());
    tally.drain();
    expect(written.map((e) => [e.users_id, changes(e).budget, changes(e).refused])).toEqual([
      [5, 'read', 2],
      [5, 'write', 1],
      [6, 'read', 1],
      [null, 'unauthenticated', 1],
    ]);
    expect(changes(written[3]).client_address).toBe('203.0.113.7');
    expect(written[3].message).toContain('from 203.0.113.7');
  });

  it('starts a new entry when a refusal falls in the next window', () => {
    tally.add(CALL, spent());
    tally.add(CALL, spent({ resetAt: NOW + 30_500 })); // the same window, seen through a store that reports time left
    tally.add(CALL, spent({ resetAt: NOW + 90_000 }));
    expect(written).toHaveLength(1);
    expect(changes(written[0]).refused).toBe(2);
    tally.drain();
    expect(written.map((e) => changes(e).refused)).toEqual([2, 1]);
  });

  it('writes everything on drain, and nothing twice', () => {
    tally.add(CALL, spent());
    tally.drain();
    tally.drain();
    jest.advanceTimersByTime(120_000);
    expect(written).toHaveLength(1);
  });
});
