import type { EntityManager } from 'typeorm';
import { ACTOR_TYPE, GroupTicket, TicketUser } from '../database/entities/index.js';

/** Ticket fields kept in the actor tables (glpi_tickets_users, glpi_groups_tickets), not on the row. */
export const ACTOR_FIELDS = ['requester_id', 'assignee_id', 'assignee_group_id'] as const;

/** Actor roles a create or update may set; a key that is present replaces that role. */
export interface ActorChanges {
  requester_id?: number;
  assignee_id?: number | null;
  assignee_group_id?: number | null;
}

/**
 * Writes the roles present in `changes`: the role's rows are replaced by one row (or none for
 * null). A new ticket has no rows yet, so nothing is deleted for it.
 */
export async function writeActors(manager: EntityManager, ticketId: number, changes: ActorChanges, isNew: boolean): Promise<void> {
  const users: Array<[number, number | null | undefined]> = [
    [ACTOR_TYPE.requester, changes.requester_id],
    [ACTOR_TYPE.assigned, changes.assignee_id],
  ];
  for (const [type, userId] of users) {
    if (userId === undefined) continue;
    if (!isNew) await manager.delete(TicketUser, { tickets_id: ticketId, type });
    if (userId !== null) await manager.insert(TicketUser, { tickets_id: ticketId, users_id: userId, type });
  }
  const groupId = changes.assignee_group_id;
  if (groupId === undefined) return;
  if (!isNew) await manager.delete(GroupTicket, { tickets_id: ticketId, type: ACTOR_TYPE.assigned });
  if (groupId !== null) await manager.insert(GroupTicket, { tickets_id: ticketId, groups_id: groupId, type: ACTOR_TYPE.assigned });
}

/** The actor keys present in `changes`, for `applied`. */
export function actorsApplied(changes: ActorChanges): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const key of ACTOR_FIELDS) {
    if (changes[key] !== undefined) out[key] = changes[key];
  }
  return out;
}
