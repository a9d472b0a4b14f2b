import type { EntityManager } from 'typeorm';
import { ProjectTaskTeam, ProjectTaskTicket } from '../../database/entities/index.js';
import type { ActorRef } from '../../input/references/actor-list.js';

/** GLPI's itemtype of a team member row: users and groups both join a task's team. */
const ITEMTYPE = { user: 'User', group: 'Group' } as const;

/** What a save stored in a task's team or links: only the rows it added or removed, never one already so. */
export interface Stored<T> {
  added: T[];
  removed: T[];
}

/** The members of a task's team, in the order they joined. */
export async function teamOf(manager: EntityManager, taskId: number): Promise<ActorRef[]> {
  const rows = await manager.find(ProjectTaskTeam, { where: { projecttasks_id: taskId }, order: { id: 'ASC' } });
  return rows.flatMap((row): ActorRef[] =>
    row.itemtype === ITEMTYPE.user
      ? [{ type: 'user', id: Number(row.items_id) }]
      : row.itemtype === ITEMTYPE.group
        ? [{ type: 'group', id: Number(row.items_id) }]
        : [],
  );
}

/** Adds members to a task's team (each once) and removes others; answers those it actually added and removed. */
export async function changeTeam(manager: EntityManager, taskId: number, added: readonly ActorRef[], removed: readonly ActorRef[]): Promise<Stored<ActorRef>> {
  const rowOf = (member: ActorRef) => ({ projecttasks_id: taskId, itemtype: ITEMTYPE[member.type], items_id: member.id });
  const stored: Stored<ActorRef> = { added: [], removed: [] };
  for (const member of added) {
    if ((await manager.count(ProjectTaskTeam, { where: rowOf(member) })) > 0) continue;
    await manager.insert(ProjectTaskTeam, rowOf(member));
    stored.added.push(member);
  }
  for (const member of removed) {
    if ((await manager.count(ProjectTaskTeam, { where: rowOf(member) })) === 0) continue;
    await manager.delete(ProjectTaskTeam, rowOf(member));
    stored.removed.push(member);
  }
  return stored;
}

/** Links tickets to a task (each once) and unlinks others; answers those it actually linked and unlinked. */
export async function changeTickets(manager: EntityManager, taskId: number, linked: readonly number[], unlinked: readonly number[]): Promise<Stored<number>> {
  const rowOf = (ticket: number) => ({ projecttasks_id: taskId, tickets_id: ticket });
  const stored: Stored<number> = { added: [], removed: [] };
  for (const ticket of linked) {
    if ((await manager.count(ProjectTaskTicket, { where: rowOf(ticket) })) > 0) continue;
    await manager.insert(ProjectTaskTicket, rowOf(ticket));
    stored.added.push(ticket);
  }
  for (const ticket of unlinked) {
    if ((await manager.count(ProjectTaskTicket, { where: rowOf(ticket) })) === 0) continue;
    await manager.delete(ProjectTaskTicket, rowOf(ticket));
    stored.removed.push(ticket);
  }
  return stored;
}

/** The team and ticket fields a save was sent. */
export interface TeamFields {
  member_id?: number;
  add_members?: ActorRef[];
  tickets_id?: number | readonly number[];
  remove_tickets_id?: number | readonly number[];
}

/**
 * The team and ticket fields of `applied`, each in the form it was sent, holding only what was
 * stored: a member already in the team, a ticket already linked, one removed that was not there
 * are left out (and a field left with nothing, whole).
 */
export function teamApplied(sent: TeamFields, team: Stored<ActorRef>, tickets: Stored<number>): Record<string, unknown> {
  const applied: Record<string, unknown> = {};
  const key = (member: ActorRef) => `${member.type}:${member.id}`;
  const added = new Set(team.added.map(key));
  // Each member stored once is answered once: under member_id when it named them.
  if (sent.member_id !== undefined && added.delete(key({ type: 'user', id: sent.member_id }))) applied.member_id = sent.member_id;
  const members = (list: ActorRef[] | undefined, stored: Set<string>) => (list ?? []).filter((member) => stored.delete(key(member)));
  const addMembers = members(sent.add_members, added);
  if (addMembers.length) applied.add_members = addMembers;
  // Those taken off are answered as they were found among the team (resolveRemovals).
  if (team.removed.length) applied.remove_members = team.removed;
  const ticketsOf = (value: number | readonly number[] | undefined, stored: readonly number[]) =>
    typeof value === 'number' ? (stored.includes(value) ? value : undefined) : value?.filter((id) => stored.includes(id));
  const linked = ticketsOf(sent.tickets_id, tickets.added);
  if (linked !== undefined && (typeof linked === 'number' || linked.length)) applied.tickets_id = linked;
  const unlinked = ticketsOf(sent.remove_tickets_id, tickets.removed);
  if (unlinked !== undefined && (typeof unlinked === 'number' || unlinked.length)) applied.remove_tickets_id = unlinked;
  return applied;
}
