import type { EntityManager } from 'typeorm';
import { ItilSolution } from '../../database/entities/index.js';
import { CLOSED_STATUS, SOLVED_STATUS } from '../../input/vocab/glpi-vocabularies.js';
import { hasAssignee } from '../ticket-actors.js';
import type { Followed } from './also-changed.js';
import { duplicatesFollow } from './link-rules.js';
import { APPROVAL } from './timeline-vocabularies.js';

/**
 * A ticket's waiting solution follows its status, as in GLPI: closing a Solved ticket accepts it;
 * moving a Solved ticket back to an open status refuses it (the requester or technician rejected
 * the solution). Nothing happens to a ticket that was not Solved. Returns the solutions it answered.
 */
export async function solutionFollowsStatus(
  manager: EntityManager,
  ticketId: number,
  before: number,
  after: number,
  userId: number,
  now: Date,
): Promise<Followed | undefined> {
  if (before !== SOLVED_STATUS || after === SOLVED_STATUS) return undefined;
  const status = after === CLOSED_STATUS ? APPROVAL.accepted : APPROVAL.refused;
  const waiting = { itemtype: 'Ticket', items_id: ticketId, status: APPROVAL.waiting };
  const ids = (await manager.find(ItilSolution, { select: { id: true }, where: waiting })).map((s) => Number(s.id));
  if (ids.length === 0) return undefined;
  await manager.update(ItilSolution, waiting, { status, users_id_approval: userId, date_approval: now, date_mod: now });
  return { ids, status };
}

/** A ticket takes a new solution unless it is closed or one is already waiting for approval (GLPI refuses both). */
export async function solutionRefusal(manager: EntityManager, ticketId: number, status: number): Promise<string | undefined> {
  if (status === CLOSED_STATUS) return `Ticket ${ticketId} is closed; reopen it (ticket_update status) before adding a solution.`;
  const waiting = await manager.count(ItilSolution, { where: { itemtype: 'Ticket', items_id: ticketId, status: APPROVAL.waiting } });
  if (waiting > 0) {
    // Any status but Solved or Closed refuses it; the one the ticket would be in (GLPI: New with no one assigned).
    const reopened = (await hasAssignee(manager, ticketId)) ? 'Processing (assigned)' : 'New';
    return `Ticket ${ticketId} already has a solution waiting for approval. Refuse it first (ticket_update status "${reopened}"), then add the new one.`;
  }
  return undefined;
}

/** What a solution entry says, as written on its ticket and on each duplicate it solves. */
export interface SolutionValues {
  content: string;
  solutiontypes_id: number | null;
  status: number;
}

/** Writes a solution entry of `userId` on a ticket; its id. */
export async function writeSolution(manager: EntityManager, ticketId: number, values: SolutionValues, userId: number, now: Date): Promise<number> {
  const result = await manager.insert(ItilSolution, { itemtype: 'Ticket', items_id: ticketId, users_id: userId, ...values, date_creation: now, date_mod: now });
  return Number(result.identifiers[0].id);
}

/**
 * A solution solves the ticket's open duplicates too, and each gets the same solution of its own
 * (GLPI adds it to every duplicate it solves), so a duplicate read alone says how it was solved.
 * Returns the duplicates solved, with the solution each got.
 */
export async function duplicatesSolved(
  manager: EntityManager,
  ticketId: number,
  values: SolutionValues,
  userId: number,
  now: Date,
): Promise<Followed | undefined> {
  const followed = await duplicatesFollow(manager, ticketId, SOLVED_STATUS, userId, now);
  if (!followed) return undefined;
  const solutionOf = new Map<number, number>();
  for (const id of followed.ids) solutionOf.set(id, await writeSolution(manager, id, values, userId, now));
  return { ...followed, solutionOf };
}
