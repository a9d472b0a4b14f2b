import { toDate } from '../database/db-dates.js';
import { CLOSED_STATUS, SOLVED_STATUS } from '../input/vocab/glpi-vocabularies.js';
import { priorityFrom } from '../input/vocab/priority-matrix.js';
import type { Row } from '../present/presenter.js';

/** GLPI's defaults for a new ticket. */
export const DEFAULT_TYPE = 1; // Incident
export const NEW_STATUS = 1;
export const ASSIGNED_STATUS = 2;
export const PLANNED_STATUS = 3;

/**
 * GLPI's rule when a ticket's last assignee (user or group) goes: an open ticket is New again, a
 * solved or closed one keeps its status. Undefined when the status stays.
 */
export function statusWithoutAssignee(status: number): number | undefined {
  return status === NEW_STATUS || status === SOLVED_STATUS || status === CLOSED_STATUS ? undefined : NEW_STATUS;
}

/**
 * GLPI's rule when a task with a planned start is added: a New or assigned ticket is Processing
 * (planned); any other status (Pending, Solved…) stays. Undefined when the status stays.
 */
export function statusWithPlannedTask(status: number): number | undefined {
  return status === NEW_STATUS || status === ASSIGNED_STATUS ? PLANNED_STATUS : undefined;
}

export const DEFAULT_URGENCY = 3;
export const DEFAULT_IMPACT = 3;

/** What the status stamps depend on, read from the stored row (null on create). */
export interface StatusState {
  status: number;
  solvedate: Date | null;
  closedate: Date | null;
}

export function statusStateOf(row: Row): StatusState {
  return {
    status: Number(row.status),
    solvedate: toDate(row.solvedate as Date | string | null),
    closedate: toDate(row.closedate as Date | string | null),
  };
}

/**
 * solvedate / closedate that follow moving to `status`, as GLPI keeps them: entering Solved stamps
 * solvedate, entering Closed stamps closedate (and solvedate when it is empty), leaving them clears
 * them. Only changed columns are returned, so repeating the same status is a no-op.
 */
export function statusStamps(status: number, before: StatusState | null, now: Date): { solvedate?: Date | null; closedate?: Date | null } {
  const out: { solvedate?: Date | null; closedate?: Date | null } = {};
  const wasFinished = before !== null && (before.status === SOLVED_STATUS || before.status === CLOSED_STATUS);
  if (status === CLOSED_STATUS) {
    if (!(before?.status === CLOSED_STATUS && before.closedate)) out.closedate = now;
    if (!before?.solvedate) out.solvedate = now;
  } else if (status === SOLVED_STATUS) {
    if (!(wasFinished && before?.solvedate)) out.solvedate = now;
    if (before?.closedate) out.closedate = null;
  } else {
    if (before?.solvedate) out.solvedate = null;
    if (before?.closedate) out.closedate = null;
  }
  return out;
}

/** Priority after a change of urgency or impact, when the caller names no priority. */
export function recomputedPriority(urgency: unknown, impact: unknown, stored: Row): number {
  return priorityFrom(Number(urgency ?? stored.urgency), Number(impact ?? stored.impact));
}
