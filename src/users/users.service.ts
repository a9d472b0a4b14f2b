import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type AssignedEntityRow, AssignmentsRepository } from '../auth/assignments.repository.js';
import { AuthService } from '../auth/auth.service.js';
import type { EntityScope } from '../auth/principal.js';
import { User } from '../database/entities/index.js';
import { updatedUserKeys, userKeys } from '../database/user-keys.js';
import { canonicalZone } from '../dates/dates.js';
import { DeskError } from '../envelope/desk-error.js';
import { quoted } from '../envelope/echo.js';
import { type Answer, INSERTED, type Outcome } from '../envelope/envelope.js';
import type { Issue } from '../envelope/issue.js';
import { metaOf } from '../input/input-meta.js';
import { appliedView, Presenter, type Row, showsField, type View } from '../present/presenter.js';
import { pageOutcome, runSearch, type SearchArgs } from '../search/search-runner.js';
import type { Call } from '../tools/call.js';
import { Tool } from '../tools/tool.decorator.js';
import { hasInputProblems, refuseProblems } from '../writes/all-problems.js';
import { updateMessage } from '../writes/update-message.js';
import { WriteUnit } from '../writes/write-unit.js';
import { CreateUserDto } from './dto/create-user.dto.js';
import { SearchUsersDto } from './dto/search-users.dto.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import { DeactivateUserDto, GetUserDto } from './dto/user-id.dto.js';
import { takenOnWrite } from './taken-on-write.js';
import { USER_COLUMNS, USER_FIELD_NAMES, USER_OUTPUT } from './user.fields.js';
import { type Placement, UserAssignments } from './user-assignments.js';
import { SUPER_ADMIN_PROFILE, UsersRepository } from './users.repository.js';

/** Profile a new user gets when the call names none: the least privileged of the GLPI defaults. */
const DEFAULT_PROFILE = 'Self-Service';

/** Users: the one code path behind the user_* tools and /api/users. */
@Injectable()
export class UsersService {
  constructor(
    private readonly queries: UsersRepository,
    private readonly assignments: UserAssignments,
    private readonly presenter: Presenter,
    private readonly writes: WriteUnit,
    private readonly auth: AuthService,
    private readonly assigned: AssignmentsRepository,
  ) {}

  @Tool({
    name: 'user_get',
    domain: 'user',
    access: 'read',
    title: 'Get a user',
    summary: 'One user by id or login, with profile, entity and groups as {id, name}.',
    notFor: 'finding users (user_search).',
    example: { id: 5 },
    input: GetUserDto,
  })
  async get(input: GetUserDto, call: Call): Promise<Outcome> {
    const scope = call.principal.scope;
    const row = await this.queries.findVisible(input.id, scope);
    if (!row) throw DeskError.notFound('User', input.id);
    const [view] = await this.views([row], call.zone, scope, input.fields);
    return { message: `User ${input.id} '${String(row.name)}'.`, id: input.id, data: view };
  }

  @Tool({
    name: 'user_search',
    domain: 'user',
    access: 'read',
    title: 'Search users',
    summary: 'Users matching filters and free text; sorted and paged. Active only unless is_active is given.',
    notFor: 'tickets (ticket_search).',
    example: { query: 'silva', groups_id: 'Service Desk', limit: 10 },
    input: SearchUsersDto,
  })
  async search(input: SearchUsersDto, call: Call): Promise<Outcome> {
    const scope = call.principal.scope;
    const page = await runSearch(this.queries.searchPlan(scope, input), input as unknown as SearchArgs, call);
    const items = await this.views(page.rows, call.zone, scope, input.fields);
    const hint = page.total === 0 && input.cursor === undefined ? await this.noneFoundHint(input, call) : undefined;
    return pageOutcome('user', hint ? { ...page, hint: [page.hint, hint].filter(Boolean).join(' ') } : page, items, metaOf(input).resolved);
  }

  /**
   * What a search of users that found none says, when the same search otherwise made finds some (a
   * hint is right or absent): that deactivated users match (the search lists active ones unless
   * told), or that users match `name` in part (name matches whole logins; query finds a part).
   */
  private async noneFoundHint(input: SearchUsersDto, call: Call): Promise<string | undefined> {
    const matches = (total: number) => `${total} user${total === 1 ? ' matches' : 's match'}`;
    const them = (total: number) => (total === 1 ? 'it' : 'them');
    if (input.is_active === undefined) {
      const total = await this.countOf(this.searchLike(input, { is_active: false, limit: 0 }), call);
      if (total > 0) return `${matches(total).replace('user', 'deactivated user')}: send is_active false to list ${them(total)}.`;
    }
    if (typeof input.name === 'string' && input.query === undefined) {
      const total = await this.countOf(this.searchLike(input, { name: undefined, query: input.name, limit: 0 }), call);
      const name = quoted(input.name);
      if (total > 0)
        return `name matches a whole login; ${matches(total)} '${name}' in part of a name, login or email: send query '${name}' to list ${them(total)}.`;
    }
    return undefined;
  }

  /** `input` with `changes` (a copy that keeps its class), for a search made otherwise. */
  private searchLike(input: SearchUsersDto, changes: Partial<SearchUsersDto>): SearchUsersDto {
    return Object.assign(Object.create(Object.getPrototypeOf(input) as object) as SearchUsersDto, input, changes);
  }

  /** How many users `input` finds (its limit 0: counted without a page). */
  private async countOf(input: SearchUsersDto, call: Call): Promise<number> {
    return (await runSearch(this.queries.searchPlan(call.principal.scope, input), input as unknown as SearchArgs, call)).total;
  }

  @Tool({
    name: 'user_create',
    domain: 'user',
    access: 'create',
    title: 'Create a user',
    summary: 'Creates a user with a profile on an entity and optionally a group; returns "applied".',
    notFor: 'changing users (user_update); passwords.',
    notes: ["timezone: the user's IANA zone; language: e.g. pt_BR."],
    example: {
      name: 'ana.lima',
      firstname: 'Ana',
      realname: 'Lima',
      profiles_id: 'Technician',
      entities_id: 'Sede',
    },
    input: CreateUserDto,
  })
  async create(input: CreateUserDto, call: Call): Promise<Answer> {
    const meta = metaOf(input);
    return this.writes.run(call, input, async ({ manager, now }) => {
      const issues: Issue[] = [];
      const profileId = input.profiles_id ?? (await this.queries.profileIdByName(DEFAULT_PROFILE, manager));
      const entityId = input.entities_id ?? call.principal.defaultEntityId ?? undefined;
      if (profileId === undefined)
        issues.push({ field: 'profiles_id', code: 'REQUIRED', message: `profiles_id is required: there is no '${DEFAULT_PROFILE}' profile to default to.` });
      if (entityId === undefined) issues.push({ field: 'entities_id', code: 'REQUIRED', message: 'entities_id is required: you have no default entity.' });
      const taken = await this.takenIssues(input, undefined, manager);
      refuseWithTaken(call, input, issues, taken);
      if (profileId === undefined || entityId === undefined) throw new Error('unreachable: a missing profile or entity is a problem refuseWithTaken answered');
      const refusal = refusalOf(await this.assignments.grantRefusal(call.principal, profileId, manager), takenText(taken));
      if (refusal) throw refusal;

      const values: Record<string, unknown> = {};
      for (const column of USER_COLUMNS) {
        const value = (input as unknown as Record<string, unknown>)[column];
        if (value !== undefined && value !== null) values[column] = value;
      }
      if (typeof values.timezone === 'string') values.timezone = canonicalZone(values.timezone);
      values.is_active ??= true;
      values.profiles_id = profileId;
      values.entities_id = entityId;
      const result = await refusingTaken(values, () =>
        manager.insert(User, { ...values, ...userKeys(values), is_deleted: false, date_creation: now, date_mod: now }),
      );
      const id = Number(result.identifiers[0].id);
      await this.assignments.add(manager, id, { profileId, entityId }, now);
      if (input.groups_id !== undefined) {
        await this.assignments.join(manager, id, input.groups_id, now, true);
        values.groups_id = input.groups_id;
      }
      const view = await this.storedView(id, call.zone, call.principal.scope, manager);
      return { message: `User '${input.name}' created.`, id, [INSERTED]: true, applied: appliedView(values, call.zone), resolved: meta.resolved, data: view };
    });
  }

  @Tool({
    name: 'user_update',
    sameFieldsAs: 'user_create',
    domain: 'user',
    access: 'update',
    title: 'Update a user',
    summary: 'Changes the given fields of one user (null clears). profiles_id/entities_id move the default assignment; groups_id adds a group.',
    notFor: 'deactivating (user_deactivate).',
    notes: ["timezone: the user's IANA zone; language: e.g. pt_BR."],
    example: { id: 'ana.lima', profiles_id: 'Technician', groups_id: 'Infraestrutura' },
    input: UpdateUserDto,
    locks: { table: 'glpi_users', fields: ['id'] },
  })
  async update(input: UpdateUserDto, call: Call): Promise<Answer> {
    const meta = metaOf(input);
    const outcome = await this.writes.run(call, input, async ({ manager, now, rehearsal }) => {
      const current = await this.queries.findVisible(input.id, call.principal.scope, manager);
      if (!current) throw DeskError.notFound('User', input.id);
      assertManages(await this.assigned.assignedEntities(input.id, manager), call.principal.scope, String(current.name));
      if (rehearsal) [rehearsal.before] = await this.presenter.present([current], USER_OUTPUT, call.zone);
      const issues: Issue[] = [];
      const values: Record<string, unknown> = {};
      for (const column of USER_COLUMNS) {
        if (meta.provided.has(column)) values[column] = (input as unknown as Record<string, unknown>)[column] ?? null;
      }
      const target = this.placementOf(input, current, issues);
      const taken = await this.takenIssues(values, input.id, manager);
      refuseWithTaken(call, input, issues, taken);
      // is_active=false never gets here (UpdateUserDto: deactivating is user_deactivate's): a profile change is what may demote.
      const wasSuperAdmin = input.profiles_id !== undefined && (await this.queries.isActiveSuperAdmin(input.id, manager));

      // One retry fixes all: a profile the caller may not give is answered now, with a taken login
      // or email; a taken value alone is answered now too, except where a Super-Admin may be
      // demoted: then after the last-Super-Admin check below, with it.
      const forbidden = target && input.profiles_id !== undefined ? await this.assignments.grantRefusal(call.principal, target.profileId, manager) : undefined;
      const refusal = refusalOf(forbidden, forbidden || !wasSuperAdmin ? takenText(taken) : undefined);
      if (refusal) throw refusal;
      if (typeof values.timezone === 'string') values.timezone = canonicalZone(values.timezone);
      if (target) {
        await this.assignments.moveDefault(manager, input.id, placementFrom(current), target, now);
        values.profiles_id = target.profileId;
        values.entities_id = target.entityId;
      }
      const columns = { ...values };
      if (input.groups_id !== undefined && (await this.assignments.join(manager, input.id, input.groups_id, now))) values.groups_id = input.groups_id;
      if (Object.keys(values).length && taken.length === 0) {
        await refusingTaken(columns, () => manager.update(User, { id: input.id }, { ...columns, ...updatedUserKeys(current, columns), date_mod: now }));
      }
      const lastSuperAdmin = wasSuperAdmin ? await this.lastSuperAdmin(manager, String(current.name)) : undefined;
      if (taken.length || lastSuperAdmin) throw new DeskError('CONFLICT', [takenText(taken), lastSuperAdmin].filter(Boolean).join(' '));

      const view = await this.storedView(input.id, call.zone, call.principal.scope, manager);
      const count = Object.keys(values).length;
      return {
        message: updateMessage('user', input.id, count),
        id: input.id,
        applied: appliedView(values, call.zone),
        resolved: meta.resolved,
        data: view,
      };
    });
    this.auth.invalidate(); // the user's rights may have changed: cached principals go
    return outcome;
  }

  @Tool({
    name: 'user_deactivate',
    domain: 'user',
    access: 'delete',
    title: 'Deactivate a user',
    summary: 'Sets is_active=false: the user can no longer act. Nothing is deleted.',
    notFor: 'reactivating (user_update is_active=true).',
    example: { id: 5 },
    input: DeactivateUserDto,
    locks: { table: 'glpi_users', fields: ['id'] },
  })
  async deactivate(input: DeactivateUserDto, call: Call): Promise<Answer> {
    const meta = metaOf(input);
    const outcome = await this.writes.run(call, input, async ({ manager, now, rehearsal }) => {
      const current = await this.queries.findVisible(input.id, call.principal.scope, manager);
      if (!current) throw DeskError.notFound('User', input.id);
      assertManages(await this.assigned.assignedEntities(input.id, manager), call.principal.scope, String(current.name));
      if (rehearsal) [rehearsal.before] = await this.presenter.present([current], USER_OUTPUT, call.zone);
      if (input.id === call.principal.userId) throw DeskError.validation(call, [selfDeactivation('id')]);
      const login = String(current.name);
      if (!isTrue(current.is_active)) {
        return { message: `User ${input.id} '${login}' was already inactive; nothing changed.`, id: input.id, applied: {}, resolved: meta.resolved };
      }
      const wasSuperAdmin = await this.queries.isActiveSuperAdmin(input.id, manager);
      await manager.update(User, { id: input.id }, { is_active: false, date_mod: now });
      const lastSuperAdmin = wasSuperAdmin ? await this.lastSuperAdmin(manager, login) : undefined;
      if (lastSuperAdmin) throw new DeskError('CONFLICT', lastSuperAdmin);
      return {
        message: `User ${input.id} '${login}' deactivated: they can no longer sign in; their records stay.`,
        id: input.id,
        applied: { is_active: false },
        resolved: meta.resolved,
      };
    });
    this.auth.invalidate();
    return outcome;
  }

  /**
   * Nobody, the user included, can take away the last active Super-Admin: the change is checked
   * after it is made, in its transaction, which the conflict answered then undoes. The conflict's
   * text when none is left; undefined otherwise.
   */
  private async lastSuperAdmin(manager: EntityManager, login: string): Promise<string | undefined> {
    if ((await this.queries.activeSuperAdmins(manager)) > 0) return undefined;
    return `'${login}' is the last active ${SUPER_ADMIN_PROFILE}: demoting or deactivating them would leave nobody to administer everything. Give another user the ${SUPER_ADMIN_PROFILE} profile first. Nothing was changed.`;
  }

  /** The new default assignment when the call changes profile or entity; issues when half of it is unknown. */
  private placementOf(input: UpdateUserDto, current: Row, issues: Issue[]): Placement | undefined {
    if (input.profiles_id === undefined && input.entities_id === undefined) return undefined;
    const profileId = input.profiles_id ?? numberOrUndefined(current.profiles_id);
    const entityId = input.entities_id ?? numberOrUndefined(current.entities_id);
    if (profileId === undefined)
      issues.push({ field: 'profiles_id', code: 'REQUIRED', message: 'This user has no default profile yet: send profiles_id together with entities_id.' });
    if (entityId === undefined)
      issues.push({ field: 'entities_id', code: 'REQUIRED', message: 'This user has no default entity yet: send entities_id together with profiles_id.' });
    return profileId !== undefined && entityId !== undefined ? { profileId, entityId } : undefined;
  }

  /**
   * Logins and emails are unique up to case, accents and look-alike characters: `maría.silva` or
   * `mаria.silva` (Cyrillic а) next to `maria.silva` would let one user pass for another. An issue
   * for each value taken; both are checked, so that the retry fixes every taken value at once.
   */
  private async takenIssues(values: { name?: unknown; email?: unknown }, self: number | undefined, manager: EntityManager): Promise<Issue[]> {
    const issues: Issue[] = [];
    for (const [field, value] of [
      ['name', values.name],
      ['email', values.email],
    ] as const) {
      if (typeof value === 'string' && (await this.queries.lookAlikeOwner(field, value, self, manager)) !== undefined) issues.push(takenIssue(field, value));
    }
    return issues;
  }

  private async storedView(id: number, timezone: string, scope: EntityScope | undefined, manager: EntityManager): Promise<View> {
    const stored = await this.queries.findVisible(id, undefined, manager);
    const [view] = await this.views([stored!], timezone, scope, undefined, manager);
    return view;
  }

  /** Rows as callers see them, with every row's groups loaded in one query. */
  private async views(rows: Row[], timezone: string, scope: EntityScope | undefined, projection?: readonly string[], manager?: EntityManager): Promise<View[]> {
    const views = await this.presenter.present(rows, USER_OUTPUT, timezone, projection);
    const withGroups = showsField(projection, 'groups');
    const groups = withGroups
      ? await this.queries.groupsOf(
          rows.map((r) => Number(r.id)),
          scope,
          manager,
        )
      : undefined;
    return views.map((view) => {
      const ordered: View = {};
      for (const name of USER_FIELD_NAMES) {
        if (name === 'groups') {
          if (groups) ordered.groups = groups.get(Number(view.id)) ?? [];
        } else if (name in view) ordered[name] = view[name];
      }
      return ordered;
    });
  }
}

/**
 * A profile the caller may not give and a taken login or email, in one answer: one retry fixes
 * both. Rights come first (FORBIDDEN); a taken value alone is a CONFLICT. Undefined when neither.
 */
function refusalOf(forbidden: string | undefined, taken: string | undefined): DeskError | undefined {
  if (forbidden) return new DeskError('FORBIDDEN', taken ? `${forbidden} Also: ${taken}` : forbidden);
  return taken ? new DeskError('CONFLICT', taken) : undefined;
}

/** What the caller calls a unique field: the login is stored as the user's name. */
const UNIQUE_AS = { name: 'login', email: 'email' } as const;

/** A login or email another user holds, as an issue of its field. */
function takenIssue(field: 'name' | 'email', value: string): Issue {
  const what = UNIQUE_AS[field];
  return {
    field,
    code: 'CONFLICT',
    received: value,
    message: `The ${what} '${quoted(value)}' belongs to another user, or to one that only looks different (${what}s are unique; case, accents and look-alike characters are ignored). Choose another ${what}.`,
    expected: `a ${what} no other user has`,
  };
}

/** The CONFLICT's text for taken values that are the call's only problem, all named in one sentence; undefined when none is taken. */
function takenText(taken: readonly Issue[]): string | undefined {
  if (taken.length === 0) return undefined;
  const kinds = taken.map((issue) => UNIQUE_AS[issue.field as keyof typeof UNIQUE_AS]);
  const what = taken.map((issue, at) => `${kinds[at]} '${quoted(issue.received)}'`).join(' and the ');
  return `The ${what} ${taken.length === 1 ? 'belongs to another user, or to one that only looks' : 'belong to other users, or to ones that only look'} different (${kinds.map((kind) => `${kind}s`).join(' and ')} are unique; case, accents and look-alike characters are ignored). Choose ${kinds.map((kind) => `another ${kind}`).join(' and ')}.`;
}

/**
 * `write`, with a login or email that a write running at the same time stored first (a unique
 * index refused it here: MySQL/MariaDB) answered as the CONFLICT a call after that write gets.
 */
async function refusingTaken<T>(values: Record<string, unknown>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const field = takenOnWrite(error);
    const value = field === undefined ? undefined : values[field];
    const taken = field !== undefined && typeof value === 'string' ? takenText([takenIssue(field, value)]) : undefined;
    throw taken ? new DeskError('CONFLICT', taken) : error;
  }
}

/**
 * A taken login or email beside other problems of the call is one more issue of the one
 * VALIDATION_FAILED; alone, it is left to the CONFLICT (refusalOf), as a clash with another record is.
 */
function refuseWithTaken(call: Call, input: object, issues: Issue[], taken: readonly Issue[]): void {
  if (issues.length || hasInputProblems(input)) refuseProblems(call, input, [...issues, ...taken]);
}

function selfDeactivation(field: string): Issue {
  return { field, code: 'INVALID_VALUE', message: 'You cannot deactivate your own user: you would lose access at once. Ask another administrator.' };
}

function placementFrom(row: Row): Placement | undefined {
  const profileId = numberOrUndefined(row.profiles_id);
  const entityId = numberOrUndefined(row.entities_id);
  return profileId !== undefined && entityId !== undefined ? { profileId, entityId } : undefined;
}

function numberOrUndefined(value: unknown): number | undefined {
  return value === null || value === undefined ? undefined : Number(value);
}

function isTrue(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/**
 * GLPI lets a user be changed or deactivated only by a caller with rights in every entity the user
 * has a profile in: a user seen from below (a recursive profile above the caller's entities) or
 * also working elsewhere is read, never changed, from here. FORBIDDEN naming those entities.
 */
function assertManages(assigned: AssignedEntityRow[], scope: EntityScope | undefined, login: string): void {
  if (!scope) return;
  const outside = new Map<number, string>();
  for (const row of assigned) {
    const id = Number(row.entities_id);
    if (!scope.entityIds.includes(id)) outside.set(id, row.entity_name ?? `entity ${id}`);
  }
  if (outside.size) {
    throw new DeskError(
      'FORBIDDEN',
      `You cannot change ${login}: they also have a profile in ${[...outside.values()].join(', ')}, outside your entities. Ask someone with rights there.`,
    );
  }
}
