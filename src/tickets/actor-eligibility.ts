import type { EntityManager } from 'typeorm';
import type { EntityLine } from '../auth/entity-line.js';
import { entityScope, mergeRights, parseRights } from '../auth/principal.loader.js';
import type { DbFlag } from '../database/db-dates.js';
import { placeholders } from '../database/sql-texts.js';
import type { Resolved } from '../envelope/envelope.js';
import type { Issue } from '../envelope/issue.js';
import { deactivated, issueOnNamed, type UserNamed } from '../users/inactive-users.js';
import { type ActorChanges, type Role, ROLE_NAMES, ROLES } from './ticket-actors.js';

/** One user a write puts on a role of a ticket, and the field that named them. */
export interface UserAdded extends UserNamed {
  role: Role;
}

const SINGLE_OF: Record<Role, 'requester_id' | 'assignee_id' | undefined> = { requesters: 'requester_id', assignees: 'assignee_id', observers: undefined };

/**
 * The users the changes put on the ticket, each with the field that named them. `exempt` (the
 * caller) is left out of requesters and observers: a caller is active, and those roles ask nothing
 * more, so a write that adds only the caller there asks the database nothing.
 */
export function usersAdded(changes: ActorChanges, exempt: number): UserAdded[] {
  const added: UserAdded[] = [];
  for (const role of ROLE_NAMES) {
    const single = SINGLE_OF[role];
    const singleId = single ? changes[single] : undefined;
    if (typeof singleId === 'number') added.push({ userId: singleId, role, field: single! });
    const change = changes.roles?.[role];
    for (const [field, list] of [
      [role, change?.set],
      [`add_${role}`, change?.add],
    ] as const) {
      for (const actor of list ?? []) if (actor.type === 'user') added.push({ userId: actor.id, role, field });
    }
  }
  return added.filter((a) => a.role === 'assignees' || a.userId !== exempt);
}

/** What the one query answers: the added users' profile assignments, and which of them the ticket has in which role. */
interface Row {
  kind: 'user' | 'actor' | 'assigned';
  id: number | string;
  /** A user's assigned entity; an actor's GLPI type. */
  ref: number | string | null;
  /** A user's login. */
  name: string | null;
  /** The path of a user's assigned entity. */
  path: string | null;
  is_active: DbFlag | null;
  is_recursive: DbFlag | null;
  profile: string | null;
  rights: string | null;
}

interface UserFacts {
  login: string;
  active: boolean;
  assignments: Array<{ entityId: number; path: string; recursive: boolean; profile: string; rights: string | null }>;
}

/**
 * Issues for the users a write adds to ticket `ticketId` (null: a ticket being opened) in the
 * entity of `line` (the ticket's, read once per write): a user new in a role must be active, and a
 * user new among the assignees must hold, in that entity, a profile whose ticket rights reach
 * beyond their own tickets (GLPI offers only those as technicians). Actors already in their role
 * are not checked again. One query, asked only when the write adds users.
 */
export async function actorIssues(
  manager: EntityManager,
  ticketId: number | null,
  lineOf: () => Promise<EntityLine>,
  added: UserAdded[],
  resolved: Readonly<Record<string, Resolved>>,
  move?: EntityMove,
): Promise<Issue[]> {
  if (!added.length && !move) return [];
  const ids = [...new Set(added.map((a) => a.userId))];
  const line = await lineOf();
  const rows = await readFacts(manager, ticketId, ids, move !== undefined);
  const users = factsByUser(rows);
  const present = new Set(rows.filter((r) => r.kind === 'actor').map((r) => `${Number(r.ref)}:${Number(r.id)}`));
  const issues: Issue[] = [];
  for (const a of added) {
    const user = users.get(a.userId);
    // An assignee already there is judged again where a moved ticket goes.
    const checkedBefore = present.has(`${ROLES[a.role]}:${a.userId}`) && !(move && a.role === 'assignees');
    if (!user || checkedBefore) continue;
    // Reactivating does not make someone a technician: that reason comes first.
    const reason = (a.role === 'assignees' ? unassignableBecause(user, line) : undefined) ?? (user.active ? undefined : deactivated(user.login));
    if (reason) issues.push(issueOnNamed(a, reason, resolved));
  }
  if (move) {
    const listed = new Set(added.filter((a) => a.role === 'assignees').map((a) => a.userId));
    for (const r of rows) {
      const user = r.kind === 'assigned' ? users.get(Number(r.id)) : undefined;
      if (!user || listed.has(Number(r.id)) || !move.keeps(Number(r.id))) continue;
      const reason = unassignableBecause(user, line, `${user.login}, assigned to this ticket,`);
      if (reason) issues.push({ ...move.issue, message: `${reason} ${KEPT_ADVICE}` });
    }
  }
  return issues;
}

/**
 * A ticket moved to another entity by an update: its users kept as assignees must take charge of
 * tickets there too. `keeps`: whether the update leaves that assignee on the ticket; `issue`: the
 * field that moved it, as sent, for the refusal.
 */
export interface EntityMove {
  keeps(userId: number): boolean;
  issue: Pick<Issue, 'field' | 'code' | 'received'>;
}

const KEPT_ADVICE = 'Unassign them in the same call (remove_assignees), assign others, or keep the ticket where it is.';

/**
 * Why `user` may not be assigned tickets of the entity of `line`, or undefined when a profile of
 * theirs there (assigned on it, or recursively above it, as their visible entities are computed)
 * reaches tickets beyond their own. `who` names the user in the message (a kept assignee is said to be one).
 */
function unassignableBecause(user: UserFacts, line: EntityLine, who = user.login): string | undefined {
  const there = user.assignments.filter((a) =>
    entityScope([{ profileId: 0, profileName: a.profile, entityId: a.entityId, recursive: a.recursive }], line.entities).entityIds.includes(line.id),
  );
  if (there.some((a) => mergeRights([parseRights(a.rights)]).ticket_scope === 'all')) return undefined;
  const where = `${who} cannot be assigned tickets in ${line.path}`;
  if (!there.length) {
    const theirs = user.assignments.map((a) => `${a.profile} in ${a.path}`);
    return `${where}: they have no profile there${theirs.length ? ` (theirs: ${theirs.join(', ')})` : ''}.`;
  }
  const profiles = [...new Set(there.map((a) => a.profile))].join(', ');
  const ownOnly = there.some((a) => parseRights(a.rights).ticket_scope === 'own');
  return `${where}: their profiles there (${profiles}) ${ownOnly ? 'only see their own tickets' : 'give no right on tickets'}.`;
}

function factsByUser(rows: Row[]): Map<number, UserFacts> {
  const users = new Map<number, UserFacts>();
  for (const r of rows) {
    if (r.kind !== 'user') continue;
    const id = Number(r.id);
    let user = users.get(id);
    if (!user) users.set(id, (user = { login: String(r.name), active: !!Number(r.is_active), assignments: [] }));
    if (r.ref !== null && r.profile !== null)
      user.assignments.push({
        entityId: Number(r.ref),
        path: r.path ?? `entity ${Number(r.ref)}`,
        recursive: !!Number(r.is_recursive),
        profile: r.profile,
        rights: r.rights,
      });
  }
  return users;
}

/**
 * Each user's profile assignments, and (on an existing ticket) the roles the users already hold
 * there, in one round trip: a write waits for each query it asks. The entity tree is not read: the
 * ticket's entity line says all that a profile needs to reach it.
 */
async function readFacts(manager: EntityManager, ticketId: number | null, userIds: number[], moved: boolean): Promise<Row[]> {
  const list = placeholders(userIds.length);
  // A moved ticket's assigned users are read too (their profiles, and that they are assigned).
  const assigned = `SELECT a.users_id FROM glpi_tickets_users a WHERE a.tickets_id = ? AND a.type = ${ROLES.assignees}`;
  const who = [userIds.length ? `u.id IN (${list})` : undefined, moved ? `u.id IN (${assigned})` : undefined].filter(Boolean).join(' OR ');
  const parts = [
    `SELECT 'user' AS kind, u.id AS id, pu.entities_id AS ref, u.name AS name, pe.completename AS path, u.is_active AS is_active, pu.is_recursive AS is_recursive,
       p.name AS profile, p.rights AS rights
     FROM glpi_users u LEFT JOIN glpi_profiles_users pu ON pu.users_id = u.id LEFT JOIN glpi_profiles p ON p.id = pu.profiles_id
       LEFT JOIN glpi_entities pe ON pe.id = pu.entities_id
     WHERE ${who}`,
  ];
  const params: unknown[] = [...userIds];
  if (moved) params.push(ticketId);
  if (ticketId !== null && userIds.length) {
    parts.push(
      `SELECT 'actor', tu.users_id, tu.type, NULL, NULL, NULL, NULL, NULL, NULL FROM glpi_tickets_users tu WHERE tu.tickets_id = ? AND tu.users_id IN (${list})`,
    );
    params.push(ticketId, ...userIds);
  }
  if (moved) {
    parts.push(
      `SELECT 'assigned', a.users_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM glpi_tickets_users a WHERE a.tickets_id = ? AND a.type = ${ROLES.assignees}`,
    );
    params.push(ticketId);
  }
  return (await manager.query(parts.join(' UNION ALL '), params)) as Row[];
}
