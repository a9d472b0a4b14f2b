import type { Condition } from '../auth/visibility.js';
import { type DbDate, toDate } from '../database/db-dates.js';
import { CLOSED_STATUS, SOLVED_STATUS } from '../input/vocab/glpi-vocabularies.js';

/** What the deadline fields of a ticket depend on, as read from its row. */
export interface DeadlineState {
  status: number | string;
  time_to_resolve: DbDate | null;
  solvedate: DbDate | null;
}

/** The computed deadline fields every ticket answer carries. */
export interface DeadlineView {
  /** Past time_to_resolve: still open after it, or solved after it (GLPI's rule). False without a deadline. */
  overdue: boolean;
  /** Time left until time_to_resolve ("2d 3h 5m", "-1h 20m" once past); null when there is no deadline or the ticket is solved or closed. */
  time_to_resolve_remaining: string | null;
}

export const DEADLINE_FIELDS = ['overdue', 'time_to_resolve_remaining'] as const;

function finished(status: number): boolean {
  return status === SOLVED_STATUS || status === CLOSED_STATUS;
}

/** The deadline fields of one ticket at `now`. */
export function deadlineOf(row: DeadlineState, now: Date): DeadlineView {
  const deadline = toDate(row.time_to_resolve);
  if (!deadline) return { overdue: false, time_to_resolve_remaining: null };
  const status = Number(row.status);
  if (finished(status)) {
    const solved = toDate(row.solvedate);
    return { overdue: solved !== null && solved.getTime() > deadline.getTime(), time_to_resolve_remaining: null };
  }
  const left = deadline.getTime() - now.getTime();
  return { overdue: left < 0, time_to_resolve_remaining: durationText(left) };
}

/** A signed duration in days, hours and minutes, largest unit first ("-1d 2h", "45m", "0m"). */
export function durationText(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  let minutes = Math.floor(Math.abs(ms) / 60_000);
  const days = Math.floor(minutes / 1440);
  minutes -= days * 1440;
  const hours = Math.floor(minutes / 60);
  minutes -= hours * 60;
  // Concatenated, not an array filtered and joined: every ticket in every answer carries one.
  let text = days ? `${days}d` : '';
  if (hours) text += text ? ` ${hours}h` : `${hours}h`;
  if (minutes || text === '') text += text ? ` ${minutes}m` : `${minutes}m`;
  return sign + text;
}

/**
 * The same rule as deadlineOf, as SQL over tickets `alias` (the `overdue` search filter and
 * ticket_stats' past-deadline count): `?` is the current time.
 */
export function overdueCondition(alias: string, now: Date | string, overdue = true): Condition {
  const sql =
    `(${alias}.time_to_resolve IS NOT NULL AND ((${alias}.status NOT IN (${SOLVED_STATUS}, ${CLOSED_STATUS}) AND ${alias}.time_to_resolve < ?)` +
    ` OR (${alias}.status IN (${SOLVED_STATUS}, ${CLOSED_STATUS}) AND ${alias}.solvedate > ${alias}.time_to_resolve)))`;
  return { sql: overdue ? sql : `NOT ${sql}`, params: [now] };
}
