import type { EntityManager } from 'typeorm';
import { ACTOR_TYPE, GroupTicket, TicketUser } from '../database/entities/index.js';
import { insertRows } from '../database/write-rows.js';
import type { ActorRef } from '../input/references/actor-list.js';

/** Single-value ticket fields kept in the actor tables (glpi_tickets_users, glpi_groups_tickets), not on the row. */
export const ACTOR_FIELDS = ['requester_id', 'assignee_id', 'assignee_group_id'] as const;

/** The actor roles as lists, by their field names, and their GLPI type. */
export const ROLES = { requesters: ACTOR_TYPE.requester, observers: ACTOR_TYPE.observer, assignees: ACTOR_TYPE.assigned } as const;
export type Role = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as Role[];

/** Which part of a role each single-value field replaces: the requester users, the assigned users, the assigned groups. */
const SINGLES: ReadonlyArray<{ field: (typeof ACTOR_FIELDS)[number]; role: Role; type: ActorRef['type'] }> = [
  { field: 'requester_id', role: 'requesters', type: 'user' },
  { field: 'assignee_id', role: 'assignees', type: 'user' },
  { field: 'assignee_group_id', role: 'assignees', type: 'group' },
];

/** The list fields of a write: `assignees` replaces the role, `add_assignees` / `remove_assignees` change it. */
export const ACTOR_LIST_FIELDS = ROLE_NAMES.flatMap((r) => [r, `add_${r}`, `remove_${r}`]);

/** What one write does to one role. */
export interface RoleChange {
  set?: ActorRef[];
  add?: ActorRef[];
  remove?: ActorRef[];
}

/**
 * Actor changes of a create or update. The single-value fields replace their part of a role: the
 * requester users (`requester_id`), the assigned users (`assignee_id`), the assigned groups
 * (`assignee_group_id`); `null` empties it.
 */
export interface ActorChanges {
  requester_id?: number;
  assignee_id?: number | null;
  assignee_group_id?: number | null;
  roles?: Partial<Record<Role, RoleChange>>;
}

type Table = typeof TicketUser | typeof GroupTicket;

function tableOf(type: ActorRef['type']): { table: Table; column: 'users_id' | 'groups_id' } {
  return type === 'user' ? { table: TicketUser, column: 'users_id' } : { table: GroupTicket, column: 'groups_id' };
}

/**
 * Writes the changes: replaced parts first, then removals, then additions of actors not already there
 * (rows keep their order: the first is the single-value field). Additions wait in `pending` and go in
 * one statement per table, written before any delete or read of the actors, so each sees them as if
 * they had been inserted one by one.
 */
export async function writeActors(manager: EntityManager, ticketId: number, changes: ActorChanges, isNew: boolean): Promise<void> {
  const pending = new PendingActors(manager, ticketId);
  for (const { field, role, type: kind } of SINGLES) {
    const id = changes[field];
    if (id === undefined) continue;
    const type = ROLES[role];
    if (!isNew) await pending.delete(tableOf(kind).table, { type });
    if (id !== null) pending.add(kind, id, type);
  }
  for (const role of ROLE_NAMES) {
    const change = changes.roles?.[role];
    if (!change) continue;
    const type = ROLES[role];
    if (change.set && !isNew) {
      await pending.delete(TicketUser, { type });
      await pending.delete(GroupTicket, { type });
    }
    for (const actor of change.remove ?? []) {
      const { table, column } = tableOf(actor.type);
      await pending.delete(table, { type, [column]: actor.id });
    }
    const adding = [...(change.set ?? []), ...(change.add ?? [])];
    if (!adding.length) continue;
    const present = isNew && !change.add ? new Set<string>() : await pending.actorsIn(type);
    for (const actor of adding) {
      const key = `${actor.type}:${actor.id}`;
      if (present.has(key)) continue;
      present.add(key);
      pending.add(actor.type, actor.id, type);
    }
  }
  await pending.flush();
}

/** Actor rows to insert, kept in order per table until the next delete, read or the end. */
class PendingActors {
  private readonly rows: Record<ActorRef['type'], Array<Record<string, number>>> = { user: [], group: [] };

  constructor(
    private readonly manager: EntityManager,
    private readonly ticketId: number,
  ) {}

  add(kind: ActorRef['type'], id: number, type: number): void {
    this.rows[kind].push({ tickets_id: this.ticketId, [tableOf(kind).column]: id, type });
  }

  async delete(table: Table, where: Record<string, number>): Promise<void> {
    await this.flush();
    await this.manager.delete(table, { tickets_id: this.ticketId, ...where });
  }

  async actorsIn(type: number): Promise<Set<string>> {
    await this.flush();
    return actorsIn(this.manager, this.ticketId, type);
  }

  async flush(): Promise<void> {
    for (const kind of ['user', 'group'] as const) {
      const rows = this.rows[kind];
      if (!rows.length) continue;
      this.rows[kind] = [];
      await insertRows(this.manager, tableOf(kind).table, rows);
    }
  }
}

async function actorsIn(manager: EntityManager, ticketId: number, type: number): Promise<Set<string>> {
  const [users, groups] = await Promise.all([
    manager.find(TicketUser, { where: { tickets_id: ticketId, type } }),
    manager.find(GroupTicket, { where: { tickets_id: ticketId, type } }),
  ]);
  return new Set([...users.map((u) => `user:${u.users_id}`), ...groups.map((g) => `group:${g.groups_id}`)]);
}

/** The actor fields of `changes`, for `applied`: ids of single fields, lists as {type, id}. */
export function actorsApplied(changes: ActorChanges): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ACTOR_FIELDS) {
    if (changes[key] !== undefined) out[key] = changes[key];
  }
  for (const role of ROLE_NAMES) {
    const change = changes.roles?.[role];
    if (change?.set) out[role] = change.set;
    if (change?.add) out[`add_${role}`] = change.add;
    if (change?.remove) out[`remove_${role}`] = change.remove;
  }
  return out;
}

/**
 * Whether `changes` leave `actor`, now in `role` on the ticket, there: not when they replace that
 * part of the role (the list, or the single-value field of its kind) or remove that actor.
 */
export function keepsActor(changes: ActorChanges, role: Role, actor: ActorRef): boolean {
  const change = changes.roles?.[role];
  if (change?.set !== undefined || SINGLES.some((s) => s.role === role && s.type === actor.type && changes[s.field] !== undefined)) return false;
  return !(change?.remove ?? []).some((removed) => removed.type === actor.type && removed.id === actor.id);
}

/** Whether the changes put someone (a user or a group) on the assigned role. */
export function assignsSomeone(changes: ActorChanges): boolean {
  const assignees = changes.roles?.assignees;
  return changes.assignee_id != null || changes.assignee_group_id != null || !!assignees?.set?.length || !!assignees?.add?.length;
}

/** Whether the changes may leave the ticket without an assignee: one removed, a single-value field cleared, the list replaced. */
export function unassignsSomeone(changes: ActorChanges): boolean {
  const assignees = changes.roles?.assignees;
  return changes.assignee_id === null || changes.assignee_group_id === null || !!assignees?.remove?.length || assignees?.set !== undefined;
}

/** Whether a user or a group is assigned to the ticket (as written so far in `manager`'s transaction). */
export async function hasAssignee(manager: EntityManager, ticketId: number): Promise<boolean> {
  const where = { tickets_id: ticketId, type: ACTOR_TYPE.assigned };
  return (await manager.count(TicketUser, { where })) + (await manager.count(GroupTicket, { where })) > 0;
}
