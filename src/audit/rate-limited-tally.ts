import type { SpentLimit } from '../auth/call-limits.js';
import type { CallTrace } from '../tools/call.js';
import type { AuditEntry } from './audit-entry.js';

/** A refusal whose window end differs by more than this opened a new window (Redis reports time left, not the end). */
const SAME_WINDOW_MS = 1_000;
/** Open tallies at once; past it the oldest is written early. */
const MAX_OPEN = 10_000;

interface Tally {
  spent: SpentLimit;
  first: CallTrace;
  at: Date;
  count: number;
  timer: NodeJS.Timeout;
}

/**
 * RATE_LIMITED refusals counted in memory, one tally per budget (user and kind, or client address)
 * and window, each written as ONE audit row carrying the count when its window ends or the audit
 * log is flushed. A flood past a limit therefore costs no database write per call.
 */
export class RateLimitedTally {
  private readonly open = new Map<string, Tally>();

  constructor(private readonly emit: (entry: AuditEntry) => void) {}

  add(call: CallTrace, spent: SpentLimit): void {
    let tally = this.open.get(spent.key);
    if (tally && spent.resetAt > tally.spent.resetAt + SAME_WINDOW_MS) {
      this.close(spent.key);
      tally = undefined;
    }
    if (!tally) {
      if (this.open.size >= MAX_OPEN) this.close(this.open.keys().next().value!);
      const timer = setTimeout(() => this.close(spent.key), Math.max(0, spent.resetAt - Date.now()) + SAME_WINDOW_MS);
      timer.unref();
      tally = { spent, first: call, at: new Date(), count: 0, timer };
      this.open.set(spent.key, tally);
    }
    tally.count++;
  }

  /** Writes every open tally now (flush, shutdown); later refusals of the same window start a new one. */
  drain(): void {
    for (const key of [...this.open.keys()]) this.close(key);
  }

  private close(key: string): void {
    const tally = this.open.get(key);
    if (!tally) return;
    clearTimeout(tally.timer);
    this.open.delete(key);
    this.emit(entryOf(tally));
  }
}

function entryOf({ spent, first, at, count }: Tally): AuditEntry {
  const what =
    spent.kind === 'unauthenticated'
      ? `request${count === 1 ? '' : 's'} without a valid token from ${spent.address}`
      : `${spent.kind} call${count === 1 ? '' : 's'}`;
  return {
    at,
    users_id: spent.userId,
    token_id: spent.userId === null ? null : (first.principal?.tokenId ?? null),
    session_id: null,
    request_id: null,
    transport: first.transport,
    tool: null,
    route: null,
    domain: null,
    outcome: 'RATE_LIMITED',
    duration_ms: 0,
    changes: JSON.stringify({
      refused: count,
      budget: spent.kind,
      limit_per_minute: spent.max,
      window_ends_at: new Date(spent.resetAt).toISOString(),
      ...(spent.address !== null ? { client_address: spent.address } : {}),
    }),
    message: `${count} ${what} refused past the limit of ${spent.max} per minute.`,
  };
}
