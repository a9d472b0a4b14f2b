import type { EntityManager } from 'typeorm';
import { Ticket, TICKET_LINK, TicketLink } from '../../database/entities/index.js';
import { CLOSED_STATUS, SOLVED_STATUS } from '../../input/vocab/glpi-vocabularies.js';
import { statusStamps } from '../ticket-rules.js';
import type { Followed } from './also-changed.js';

/** GLPI's link type seen from the other ticket: a child's parent is a parent's child. */
export const INVERSE_LINK: Readonly<Record<number, number>> = {
  [TICKET_LINK.related]: TICKET_LINK.related,
  [TICKET_LINK.duplicate]: TICKET_LINK.duplicate,
  [TICKET_LINK.childOf]: TICKET_LINK.parentOf,
  [TICKET_LINK.parentOf]: TICKET_LINK.childOf,
};

/** The link between two tickets, whichever way it was stored. */
export function linkBetween(manager: EntityManager, a: number, b: number): Promise<TicketLink | null> {
  return manager.findOne(TicketLink, {
    where: [
      { tickets_id_1: a, tickets_id_2: b },
      { tickets_id_1: b, tickets_id_2: a },
    ],
  });
}

/** Tickets marked as duplicates of `ticketId` (either way round): they follow it when it is solved or closed, as in GLPI. */
export async function duplicatesOf(manager: EntityManager, ticketId: number): Promise<number[]> {
  const links = await manager.find(TicketLink, {
    where: [
      { tickets_id_1: ticketId, link: TICKET_LINK.duplicate },
      { tickets_id_2: ticketId, link: TICKET_LINK.duplicate },
    ],
  });
  return links.map((l) => (l.tickets_id_1 === ticketId ? l.tickets_id_2 : l.tickets_id_1));
}

/**
 * A ticket that becomes Solved or Closed takes its open duplicates with it (GLPI closes a
 * duplicate with the ticket it duplicates). Returns those that followed.
 */
export async function duplicatesFollow(manager: EntityManager, ticketId: number, status: number, userId: number, now: Date): Promise<Followed | undefined> {
  if (status !== SOLVED_STATUS && status !== CLOSED_STATUS) return undefined;
  const followed: number[] = [];
  for (const id of await duplicatesOf(manager, ticketId)) {
    const other = await manager.findOne(Ticket, { where: { id, is_deleted: false } });
    if (!other || other.status === CLOSED_STATUS || other.status === status) continue;
    const stamps = statusStamps(status, { status: other.status, solvedate: other.solvedate, closedate: other.closedate }, now);
    await manager.update(Ticket, { id }, { status, ...stamps, users_id_lastupdater: userId, date_mod: now });
    followed.push(id);
  }
  return followed.length > 0 ? { ids: followed, status } : undefined;
}
