import type { EntityManager } from 'typeorm';
import { GroupTicket } from '../database/entities/index.js';
import type { ReferenceKept, ReferenceNamed } from '../writes/entity-fit.js';
import { type ActorChanges, keepsActor, ROLE_NAMES, ROLES } from './ticket-actors.js';
import type { TicketRow } from './tickets.repository.js';

/** The ticket columns that name a record of the ticket's entity (writes/entity-fit.ts). */
const COLUMNS = [
  { field: 'itilcategories_id', kind: 'itilCategory' },
  { field: 'locations_id', kind: 'location' },
] as const;

/** The references a ticket write names that come from the ticket's entity: its category, its location, and the groups it puts in a role. */
export function referencesNamed(values: Readonly<Record<string, unknown>>, actors: ActorChanges): ReferenceNamed[] {
  const named: ReferenceNamed[] = [];
  for (const { field, kind } of COLUMNS) {
    const id = values[field];
    if (typeof id === 'number') named.push({ kind, id, field });
  }
  if (typeof actors.assignee_group_id === 'number') named.push({ kind: 'group', id: actors.assignee_group_id, field: 'assignee_group_id' });
  for (const role of ROLE_NAMES) {
    const change = actors.roles?.[role];
    for (const [field, list] of [
      [role, change?.set],
      [`add_${role}`, change?.add],
    ] as const) {
      for (const actor of list ?? []) if (actor.type === 'group') named.push({ kind: 'group', id: actor.id, field });
    }
  }
  return named;
}

/**
 * The references a ticket moved to another entity keeps: its category and location unless the call
 * sets them, its groups unless the call replaces or removes them. The groups are read only here.
 */
export async function referencesKept(
  manager: EntityManager,
  current: TicketRow,
  provided: ReadonlySet<string>,
  actors: ActorChanges,
): Promise<ReferenceKept[]> {
  const kept: ReferenceKept[] = [];
  for (const { field, kind } of COLUMNS) {
    const id = current[field];
    if (id !== null && !provided.has(field)) kept.push({ kind, id: Number(id), change: `Change ${field} (or send null)` });
  }
  const groups = await manager.find(GroupTicket, { where: { tickets_id: current.id } });
  for (const role of ROLE_NAMES) {
    for (const g of groups) {
      if (g.type !== ROLES[role] || !keepsActor(actors, role, { type: 'group', id: g.groups_id })) continue;
      kept.push({ kind: 'group', id: Number(g.groups_id), change: `Remove it (remove_${role})` });
    }
  }
  return kept;
}
