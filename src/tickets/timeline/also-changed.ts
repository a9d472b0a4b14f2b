import { TICKET_STATUS } from '../../input/vocab/glpi-vocabularies.js';
import { APPROVAL_STATUS } from './timeline-vocabularies.js';

/**
 * The records a ticket write changed besides the ticket (GLPI's cascades: its open duplicates
 * follow it to Solved or Closed, a solution waiting for approval is accepted or refused when the
 * ticket is closed or reopened), as its answer names them: `applied.also_changed` and a sentence of
 * the message. A write that changed nothing else names nothing.
 */
export interface AlsoChanged {
  /** `solution_id`: the solution entry a duplicate solved by a solution got, its own copy of it (null in a dry run). */
  tickets?: Array<{ id: number; status: number; solution_id?: number | null }>;
  solutions?: Array<{ id: number; status: number }>;
}

/** What a cascade changed: the records and the status each was given. */
export interface Followed {
  ids: readonly number[];
  status: number;
  /** The solution entry each followed ticket got, when a solution solved them (their own copy of it). */
  solutionOf?: ReadonlyMap<number, number>;
}

/**
 * `dryRun`: the entries the write added were rolled back, so their ids are not named (they would
 * point at nothing, or later at another record), as a dry run's own id is not.
 */
export function alsoChanged(duplicates: Followed | undefined, solutions: Followed | undefined, { dryRun = false } = {}): AlsoChanged | undefined {
  const tickets =
    duplicates?.ids.map((id) => {
      const solution = duplicates.solutionOf?.get(id);
      return { id, status: duplicates.status, ...(solution === undefined ? {} : { solution_id: dryRun ? null : solution }) };
    }) ?? [];
  const answered = solutions?.ids.map((id) => ({ id, status: solutions.status })) ?? [];
  if (tickets.length === 0 && answered.length === 0) return undefined;
  return { ...(tickets.length > 0 ? { tickets } : {}), ...(answered.length > 0 ? { solutions: answered } : {}) };
}

/** The message's sentence for `also`: " Also changed: ticket 8 (a duplicate) Solved with solution 12; solution 3 Refused." */
export function alsoChangedSentence(also: AlsoChanged | undefined): string {
  if (!also) return '';
  const parts = [
    ...(also.tickets ?? []).map(
      (t) =>
        `ticket ${t.id} (a duplicate) ${TICKET_STATUS.label(t.status) ?? t.status}${typeof t.solution_id === 'number' ? ` with solution ${t.solution_id}` : ''}`,
    ),
    ...(also.solutions ?? []).map((s) => `solution ${s.id} ${APPROVAL_STATUS.label(s.status) ?? s.status}`),
  ];
  return ` Also changed: ${parts.join('; ')}.`;
}
