import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type AssignedEntityRow, AssignmentsRepository } from './assignments.repository.js';
import { type Action, ACTIONS, type Assignment, type EntityScope, type MergedRights, type Principal, type ProfileRights, type Scope } from './principal.js';
import { allowedScopes, simplifiedInterfaceLimits } from './rights.js';

interface UserRow {
  id: number;
  name: string;
  firstname: string | null;
  realname: string | null;
  timezone: string | null;
  language: string | null;
  is_active: number | boolean;
  entities_id: number | null;
}

interface EntityRow {
  id: number;
  entities_id: number | null;
}

/** Builds the principal of a user: profiles, merged rights and visible entities (GLPI style). */
@Injectable()
export class PrincipalLoader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly assignments: AssignmentsRepository,
  ) {}

  /** The principal of a user acting through a token with `scopes`, capped by what the user's profiles allow. */
  async load(userId: number, tokenId: number | null, scopes: Scope[]): Promise<Principal | undefined> {
    const user = await this.dataSource
      .createQueryBuilder()
      .select([
        'u.id AS id',
        'u.name AS name',
        'u.firstname AS firstname',
        'u.realname AS realname',
        'u.timezone AS timezone',
        'u.language AS language',
        'u.is_active AS is_active',
        'u.entities_id AS entities_id',
      ])
      .from('glpi_users', 'u')
      .where('u.id = :id AND u.is_deleted = 0', { id: userId })
      .getRawOne<UserRow>();
    if (!user || !Number(user.is_active)) return undefined;
    const rows = await this.assignments.assignedEntities(userId);
    const entities = await this.dataSource
      .createQueryBuilder()
      .select(['e.id AS id', 'e.entities_id AS entities_id'])
      .from('glpi_entities', 'e')
      .getRawMany<EntityRow>();
    const assignments: Assignment[] = rows.map((r) => ({
      profileId: Number(r.profiles_id),
      profileName: r.profile_name,
      entityId: Number(r.entities_id),
      recursive: !!Number(r.is_recursive),
    }));
    const displayName = [user.firstname, user.realname].filter(Boolean).join(' ') || user.name;
    const profiles = rows.map((r) => ({ rights: assignedRights(r), helpdesk: r.profile_interface === 'helpdesk' }));
    const rights = { ...mergeRights(profiles.map((p) => p.rights)), settable: simplifiedInterfaceLimits(profiles) };
    return {
      userId: Number(user.id),
      login: user.name,
      displayName,
      tokenId,
      scopes: scopes.filter((scope) => allowedScopes(rights).includes(scope)),
      timezone: user.timezone || null,
      language: user.language || null,
      assignments,
      defaultEntityId: defaultEntity(user.entities_id, assignments),
      scope: entityScope(assignments, entities),
      rights,
    };
  }

  /** The merged rights of a user's profiles (none for an unknown user). */
  async rightsOf(userId: number): Promise<MergedRights> {
    return mergeRights((await this.assignments.assignedEntities(userId)).map(assignedRights));
  }
}

function defaultEntity(userEntity: number | null, assignments: Assignment[]): number | null {
  if (userEntity !== null && userEntity !== undefined) return Number(userEntity);
  return assignments[0]?.entityId ?? null;
}

/**
 * The rights a profile gives through one assignment. The admin right counts only where the profile
 * is given on the root entity: the admin API (every user's tokens and sessions, the whole audit log)
 * is not scoped by entity, so an Admin on a sub-entity administers its entity through the domain
 * tools and REST, not as an operator.
 */
function assignedRights(row: AssignedEntityRow): ProfileRights {
  const rights = parseRights(row.rights);
  const onRoot = row.entity_found !== null && row.parent_entity === null;
  return rights.admin === true && !onRoot ? { ...rights, admin: false } : rights;
}

export function parseRights(raw: string | null): ProfileRights {
  if (!raw) return {};
  try {
    return JSON.parse(raw) as ProfileRights;
  } catch {
    return {};
  }
}

export function mergeRights(all: ProfileRights[]): MergedRights {
  const merged = { project: new Set<Action>(), ticket: new Set<Action>(), user: new Set<Action>() };
  let ticketScope: 'all' | 'own' = 'own';
  let admin = false;
  for (const rights of all) {
    if (rights.admin === true) admin = true;
    for (const domain of ['project', 'ticket', 'user'] as const) {
      for (const action of rights[domain] ?? []) if ((ACTIONS as readonly string[]).includes(action)) merged[domain].add(action);
    }
    if (rights.ticket?.length && rights.ticket_scope !== 'own') ticketScope = 'all';
  }
  return { project: [...merged.project], ticket: [...merged.ticket], user: [...merged.user], ticket_scope: ticketScope, admin };
}

/** Visible entities: each assignment's entity, plus its descendants when recursive; and their ancestors. */
export function entityScope(assignments: readonly Assignment[], entities: readonly EntityRow[]): EntityScope {
  const children = new Map<number, number[]>();
  const parent = new Map<number, number | null>();
  for (const e of entities) {
    const id = Number(e.id);
    const up = e.entities_id === null ? null : Number(e.entities_id);
    parent.set(id, up);
    if (up !== null) children.set(up, [...(children.get(up) ?? []), id]);
  }
  const visible = new Set<number>();
  for (const a of assignments) {
    if (!parent.has(a.entityId)) continue;
    visible.add(a.entityId);
    if (!a.recursive) continue;
    const stack = [...(children.get(a.entityId) ?? [])];
    while (stack.length) {
      const id = stack.pop()!;
      if (visible.has(id)) continue;
      visible.add(id);
      stack.push(...(children.get(id) ?? []));
    }
  }
  const ancestors = new Set<number>();
  for (const id of visible) {
    for (let up = parent.get(id) ?? null; up !== null && !ancestors.has(up); up = parent.get(up) ?? null) ancestors.add(up);
  }
  return { entityIds: [...visible].sort((a, b) => a - b), ancestorIds: [...ancestors].sort((a, b) => a - b) };
}
