import type { TimelineKind } from './entry-kinds.js';

/**
 * Order of a timeline: newest first; entries of the same instant by kind (a solution after the task
 * that led to it), then by id. A cursor is the position of the last entry shown.
 */
export const KIND_RANK: Readonly<Record<TimelineKind, number>> = { validation: 0, followup: 1, task: 2, solution: 3 };

export interface TimelinePosition {
  ticket: number;
  date: string;
  rank: number;
  id: number;
}

export function encodeTimelineCursor(position: TimelinePosition): string {
  return Buffer.from(JSON.stringify([position.ticket, position.date, position.rank, position.id]), 'utf8').toString('base64url');
}

/** The position a cursor names, or undefined when it is no timeline cursor of `ticket`. */
export function decodeTimelineCursor(cursor: string, ticket: number): TimelinePosition | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 4) return undefined;
    const [t, date, rank, id] = parsed as unknown[];
    if (t !== ticket || typeof date !== 'string' || Number.isNaN(Date.parse(date)) || typeof rank !== 'number' || typeof id !== 'number') return undefined;
    return { ticket, date, rank, id };
  } catch {
    return undefined;
  }
}

/**
 * The condition that keeps, of one kind's rows, those after `position` in timeline order: a kind
 * ranked below the position's continues at its instant, one ranked above starts before it.
 */
export function afterPosition(
  kindRank: number,
  position: TimelinePosition | undefined,
  dateColumn: string,
  idColumn: string,
): { sql: string; params: unknown[] } {
  if (!position) return { sql: '', params: [] };
  const date = new Date(position.date);
  if (kindRank < position.rank) return { sql: ` AND ${dateColumn} <= ?`, params: [date] };
  if (kindRank > position.rank) return { sql: ` AND ${dateColumn} < ?`, params: [date] };
  return { sql: ` AND (${dateColumn} < ? OR (${dateColumn} = ? AND ${idColumn} < ?))`, params: [date, date, position.id] };
}
