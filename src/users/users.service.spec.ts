import { jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import type { AuthService } from '../auth/auth.service.js';
import type { Principal } from '../auth/principal.js';
import { requireCall, runInCall } from '../call/call-context.js';
import type { Outcome } from '../envelope/envelope.js';
import { DeskError } from '../envelope/desk-error.js';
import { attachMeta } from '../input/input-meta.js';
import type { Presenter, Row } from '../present/presenter.js';
import type { WriteScope, WriteUnit } from '../writes/write-unit.js';
import { GroupUser, ProfileUser, User } from '../database/entities/index.js';
import { CreateUserDto } from './dto/create-user.dto.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import { UserFieldsDto } from './dto/user-fields.dto.js';
import { DeactivateUserDto, GetUserDto } from './dto/user-id.dto.js';
import { parseRights } from '../auth/principal.loader.js';
import { rightsBeyond } from '../auth/rights.js';
import { UserAssignments } from './user-assignments.js';
import { userKeys } from './user-values.js';
import type { GroupRef, UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const CALLER = 1;
const SELF_SERVICE = 4;
const TECHNICIAN = 3;
const SUPER_ADMIN = 1;
const SEDE = 2;
const PORTO = 3;

const RIGHTS: Record<number, string> = {
  [SUPER_ADMIN]: JSON.stringify({ project: ['read', 'create', 'update', 'delete'], ticket: ['read', 'create', 'update', 'delete'], user: ['read', 'create', 'update', 'delete'], ticket_scope: 'all', admin: true }),
  [TECHNICIAN]: JSON.stringify({ project: ['read', 'create', 'update'], ticket: ['read', 'create', 'update'], user: ['read'], ticket_scope: 'all' }),
  [SELF_SERVICE]: JSON.stringify({ project: [], ticket: ['read', 'create'], user: [], ticket_scope: 'own' }),
};

/** An administrator who may manage users but holds Technician-level project and ticket rights only. */
function principal(): Principal {
  return {
    userId: CALLER,
    login: 'admin',
    displayName: 'Admin',
    tokenId: 1,
    scopes: ['mcp'],
    timezone: 'UTC',
    language: 'en_GB',
    assignments: [],
    defaultEntityId: SEDE,
    scope: { entityIds: [SEDE, PORTO], ancestorIds: [] },
    rights: { project: ['read', 'create', 'update'], ticket: ['read', 'create', 'update'], user: ['read', 'create', 'update', 'delete'], ticket_scope: 'all', admin: false },
  };
}

function parsed<T extends object>(dto: T, values: Record<string, unknown>, provided: string[] = Object.keys(values)): T {
  Object.assign(dto, values);
  return attachMeta(dto, { provided: new Set(provided), resolved: {}, timezone: 'UTC' });
}

function storedUser(overrides: Row = {}): Row {
  return {
    id: 7, name: 'maria.silva', realname: 'Silva', firstname: 'Maria', email: 'maria.silva@example.com', phone: null,
    timezone: 'America/Sao_Paulo', language: 'pt_BR', is_active: 1, entities_id: SEDE, profiles_id: TECHNICIAN,
    date_creation: NOW, date_mod: NOW, ...overrides,
  };
}

interface Options {
  current?: Row | null;
  /** Users holding a login or email (the one given or a look-alike). */
  owners?: { name?: number; email?: number };
  assignments?: Array<{ id: number; users_id: number; profiles_id: number; entities_id: number }>;
  members?: Array<{ users_id: number; groups_id: number }>;
  /** Active Super-Admins before the call (the stored user, id 7, among them when `superAdmin`). */
  superAdmins?: { count: number; superAdmin: boolean };
}

function setup(options: Options = {}) {
  const current = options.current === undefined ? storedUser() : options.current;
  const assignments = options.assignments ?? [{ id: 70, users_id: 7, profiles_id: TECHNICIAN, entities_id: SEDE }];
  const manager = {
    insert: jest.fn(async (_target: unknown, _values: unknown) => ({ identifiers: [{ id: 42 }] })),
    update: jest.fn(async (_target: unknown, _where: unknown, _values: unknown) => ({})),
    delete: jest.fn(async (_target: unknown, _where: unknown) => ({})),
  };
  const queries = {
    findVisible: jest.fn(async (id: number) => (current ? { ...current, id } : undefined)),
    lookAlikeOwner: jest.fn(async (column: 'name' | 'email', _value: string, except: number | undefined) => {
      const owner = options.owners?.[column];
      return owner === except ? undefined : owner;
    }),
    profileIdByName: jest.fn(async (name: string) => (name === 'Self-Service' ? SELF_SERVICE : undefined)),
    profileRights: jest.fn(async (id: number) => (RIGHTS[id] ? { name: `profile ${id}`, rights: RIGHTS[id] } : undefined)),
    assignmentId: jest.fn(async (userId: number, profileId: number, entityId: number) =>
      assignments.find((a) => a.users_id === userId && a.profiles_id === profileId && a.entities_id === entityId)?.id),
    isMember: jest.fn(async (userId: number, groupId: number) => (options.members ?? []).some((m) => m.users_id === userId && m.groups_id === groupId)),
    groupsOf: jest.fn(async (ids: number[]) => new Map<number, GroupRef[]>(ids.map((id) => [id, [{ id: 1, name: 'Service Desk' }]]))),
    isActiveSuperAdmin: jest.fn(async (_id: number) => options.superAdmins?.superAdmin ?? false),
    // Read after the change: the stored user no longer counts once demoted or deactivated.
    activeSuperAdmins: jest.fn(async () => (options.superAdmins?.count ?? 1) - (options.superAdmins?.superAdmin ? 1 : 0)),
  };
  const auth = { invalidate: jest.fn() };
  const presenter = { present: jest.fn(async (rows: Row[]) => rows.map((r) => ({ ...r }))) };
  const writes = {
    run: jest.fn(async (_input: unknown, work: (scope: WriteScope) => Promise<Outcome>) =>
      work({ manager: manager as unknown as EntityManager, now: NOW, call: requireCall() }),
    ),
  };
  const q = queries as unknown as UsersRepository;
  const service = new UsersService(q, new UserAssignments(q), presenter as unknown as Presenter, writes as unknown as WriteUnit, auth as unknown as AuthService);
  const call = <T>(tool: string, fn: () => Promise<T>): Promise<T> => runInCall({ transport: 'mcp', startedAt: 0, tool, domain: 'user', principal: principal() }, fn);
  const writesTo = (method: 'insert' | 'update' | 'delete', target: unknown) => manager[method].mock.calls.filter(([t]) => t === target);
  return { service, manager, queries, auth, call, writesTo };
}

async function failureOf(promise: Promise<unknown>): Promise<DeskError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DeskError) return error;
    throw error;
  }
  throw new Error('expected a DeskError');
}

describe('UsersService.get', () => {
  it('answers NOT_FOUND for a user outside the caller\'s entities', async () => {
    const t = setup({ current: null });
    const error = await failureOf(t.call('user_get', () => t.service.get(parsed(new GetUserDto(), { id: 9 }))));
    expect(error.code).toBe('NOT_FOUND');
  });

  it('shows groups after the default assignment, loaded for all rows at once', async () => {
    const t = setup();
    const out = await t.call('user_get', () => t.service.get(parsed(new GetUserDto(), { id: 7 })));
    const view = out.data as Row;
    expect(Object.keys(view).slice(9, 12)).toEqual(['entities_id', 'profiles_id', 'groups']);
    expect(view.groups).toEqual([{ id: 1, name: 'Service Desk' }]);
    expect(t.queries.groupsOf).toHaveBeenCalledTimes(1);
  });

  it('skips the group query when the projection leaves groups out', async () => {
    const t = setup();
    const out = await t.call('user_get', () => t.service.get(parsed(new GetUserDto(), { id: 7, fields: ['name'] })));
    expect(out.data).not.toHaveProperty('groups');
    expect(t.queries.groupsOf).not.toHaveBeenCalled();
  });
});

describe('UsersService.create', () => {
  it('defaults to Self-Service in the caller\'s entity and keeps every lookup key', async () => {
    const t = setup();
    const out = await t.call('user_create', () =>
      t.service.create(parsed(new CreateUserDto(), { name: 'Ana.Lima', firstname: 'Ána', realname: ' Lima', email: 'Ana@Example.com', timezone: 'america/sao_paulo' })),
    );
    const [[, row]] = t.writesTo('insert', User);
    expect(row).toMatchObject({
      name: 'Ana.Lima', name_key: 'ana.lima', email_key: 'ana@example.com', fullname_key: 'ana lima',
      timezone: 'America/Sao_Paulo', is_active: true, profiles_id: SELF_SERVICE, entities_id: SEDE, is_deleted: false, date_creation: NOW,
    });
    const [[, assignment]] = t.writesTo('insert', ProfileUser);
    expect(assignment).toMatchObject({ users_id: 42, profiles_id: SELF_SERVICE, entities_id: SEDE, is_recursive: false });
    expect(t.writesTo('insert', GroupUser)).toHaveLength(0);
    expect(out).toMatchObject({ id: 42, applied: { name: 'Ana.Lima', profiles_id: SELF_SERVICE, entities_id: SEDE, is_active: true } });
  });

  it('adds the group membership it was given', async () => {
    const t = setup();
    const out = await t.call('user_create', () => t.service.create(parsed(new CreateUserDto(), { name: 'ana', profiles_id: TECHNICIAN, entities_id: PORTO, groups_id: 5 })));
    expect(t.writesTo('insert', GroupUser)[0][1]).toMatchObject({ users_id: 42, groups_id: 5 });
    expect(out.applied).toMatchObject({ groups_id: 5, profiles_id: TECHNICIAN, entities_id: PORTO });
  });

  it('refuses a taken login with CONFLICT naming it, before writing anything', async () => {
    const t = setup({ owners: { name: 7 } });
    const error = await failureOf(t.call('user_create', () => t.service.create(parsed(new CreateUserDto(), { name: 'MARIA.SILVA' }))));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain("'MARIA.SILVA'");
    expect(t.manager.insert).not.toHaveBeenCalled();
  });

  it('refuses to hand out a profile stronger than the caller\'s own', async () => {
    const t = setup();
    const error = await failureOf(t.call('user_create', () => t.service.create(parsed(new CreateUserDto(), { name: 'root2', profiles_id: SUPER_ADMIN }))));
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toMatch(/project:delete/);
    expect(t.manager.insert).not.toHaveBeenCalled();
  });
});

describe('UsersService.update', () => {
  it('moves the default assignment and recomputes the keys from old and new values', async () => {
    const t = setup();
    const out = await t.call('user_update', () => t.service.update(parsed(new UpdateUserDto(), { id: 7, firstname: 'Mária', profiles_id: SELF_SERVICE, phone: null }, ['id', 'firstname', 'profiles_id', 'phone'])));
    expect(t.writesTo('update', ProfileUser)).toEqual([[ProfileUser, { id: 70 }, { profiles_id: SELF_SERVICE, entities_id: SEDE, date_mod: NOW }]]);
    const [[, where, changes]] = t.writesTo('update', User);
    expect(where).toEqual({ id: 7 });
    expect(changes).toMatchObject({ firstname: 'Mária', phone: null, profiles_id: SELF_SERVICE, entities_id: SEDE, fullname_key: 'maria silva', name_key: 'maria.silva', date_mod: NOW });
    expect(out.applied).toEqual({ firstname: 'Mária', phone: null, profiles_id: SELF_SERVICE, entities_id: SEDE });
  });

  it('drops the old default row when the user already holds the new pair', async () => {
    const t = setup({
      assignments: [
        { id: 70, users_id: 7, profiles_id: TECHNICIAN, entities_id: SEDE },
        { id: 71, users_id: 7, profiles_id: TECHNICIAN, entities_id: PORTO },
      ],
    });
    await t.call('user_update', () => t.service.update(parsed(new UpdateUserDto(), { id: 7, entities_id: PORTO })));
    expect(t.writesTo('delete', ProfileUser)).toEqual([[ProfileUser, { id: 70 }]]);
    expect(t.writesTo('update', ProfileUser)).toHaveLength(0);
  });

  it('adds a group only when the user is not in it yet', async () => {
    const t = setup({ members: [{ users_id: 7, groups_id: 1 }] });
    const out = await t.call('user_update', () => t.service.update(parsed(new UpdateUserDto(), { id: 7, groups_id: 1 })));
    expect(t.manager.insert).not.toHaveBeenCalled();
    expect(t.manager.update).not.toHaveBeenCalled();
    expect(out.message).toBe('Nothing to change in user 7.');
  });

  it('refuses a login another user holds, but not the user\'s own', async () => {
    const taken = setup({ owners: { name: 8 } });
    const error = await failureOf(taken.call('user_update', () => taken.service.update(parsed(new UpdateUserDto(), { id: 7, name: 'tech' }))));
    expect(error.code).toBe('CONFLICT');
    const own = setup({ owners: { name: 7 } });
    await own.call('user_update', () => own.service.update(parsed(new UpdateUserDto(), { id: 7, name: 'Maria.Silva' })));
    expect(own.writesTo('update', User)[0][2]).toMatchObject({ name: 'Maria.Silva', name_key: 'maria.silva' });
  });

  it('refuses to demote the last active Super-Admin, and lets one of two go; cached principals are dropped', async () => {
    const last = setup({ superAdmins: { count: 1, superAdmin: true } });
    const error = await failureOf(last.call('user_update', () => last.service.update(parsed(new UpdateUserDto(), { id: 7, profiles_id: TECHNICIAN }))));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('last active Super-Admin');
    expect(last.auth.invalidate).not.toHaveBeenCalled();
    const oneOfTwo = setup({ superAdmins: { count: 2, superAdmin: true } });
    await oneOfTwo.call('user_update', () => oneOfTwo.service.update(parsed(new UpdateUserDto(), { id: 7, is_active: false })));
    expect(oneOfTwo.auth.invalidate).toHaveBeenCalled();
    // A change that cannot demote does not look.
    const rename = setup({ superAdmins: { count: 1, superAdmin: true } });
    await rename.call('user_update', () => rename.service.update(parsed(new UpdateUserDto(), { id: 7, firstname: 'Ana' })));
    expect(rename.queries.activeSuperAdmins).not.toHaveBeenCalled();
  });

  it('refuses to switch the caller off', async () => {
    const t = setup();
    const error = await failureOf(t.call('user_update', () => t.service.update(parsed(new UpdateUserDto(), { id: CALLER, is_active: false }))));
    expect(error.issues).toMatchObject([{ field: 'is_active', code: 'INVALID_VALUE' }]);
    expect(t.manager.update).not.toHaveBeenCalled();
  });
});

describe('UsersService.deactivate', () => {
  it('sets is_active=false and deletes nothing', async () => {
    const t = setup();
    const out = await t.call('user_deactivate', () => t.service.deactivate(parsed(new DeactivateUserDto(), { id: 7 })));
    expect(t.manager.update).toHaveBeenCalledWith(User, { id: 7 }, { is_active: false, date_mod: NOW });
    expect(t.manager.delete).not.toHaveBeenCalled();
    expect(out.applied).toEqual({ is_active: false });
  });

  it('refuses to deactivate the last active Super-Admin', async () => {
    const t = setup({ superAdmins: { count: 1, superAdmin: true } });
    expect((await failureOf(t.call('user_deactivate', () => t.service.deactivate(parsed(new DeactivateUserDto(), { id: 7 }))))).code).toBe('CONFLICT');
  });

  it('writes nothing for a user already inactive', async () => {
    const t = setup({ current: storedUser({ is_active: 0 }) });
    const out = await t.call('user_deactivate', () => t.service.deactivate(parsed(new DeactivateUserDto(), { id: 7 })));
    expect(t.manager.update).not.toHaveBeenCalled();
    expect(out.applied).toEqual({});
  });

  it('answers NOT_FOUND for an invisible user and refuses the caller', async () => {
    const hidden = setup({ current: null });
    expect((await failureOf(hidden.call('user_deactivate', () => hidden.service.deactivate(parsed(new DeactivateUserDto(), { id: 9 }))))).code).toBe('NOT_FOUND');
    const self = setup();
    expect((await failureOf(self.call('user_deactivate', () => self.service.deactivate(parsed(new DeactivateUserDto(), { id: CALLER }))))).code).toBe('VALIDATION_FAILED');
  });
});

describe('user field rules', () => {
  it('checks the user\'s own zone and language code', () => {
    const dto = Object.assign(new UpdateUserDto(), { timezone: 'Mars/Olympus', language: 'Portuguese' });
    expect(UserFieldsDto.crossCheck(dto)).toMatchObject([
      { field: 'timezone', code: 'INVALID_VALUE' },
      { field: 'language', code: 'INVALID_VALUE' },
    ]);
    expect(UserFieldsDto.crossCheck(Object.assign(new UpdateUserDto(), { timezone: 'Europe/Lisbon', language: 'pt_BR' }))).toEqual([]);
  });

  it('builds keys without "null" for missing name parts', () => {
    expect(userKeys({ name: ' Zé ', firstname: null, realname: 'Souza', email: null })).toEqual({ name_key: 'ze', email_key: null, fullname_key: 'souza', name_lookalike: 'ze', email_lookalike: null });
  });

  it('lists the rights a profile would add', () => {
    const caller = principal();
    expect(rightsBeyond(caller.rights, parseRights(RIGHTS[TECHNICIAN]))).toEqual([]);
    expect(rightsBeyond(caller.rights, parseRights(RIGHTS[SUPER_ADMIN]))).toEqual(['project:delete', 'ticket:delete', 'admin']);
    expect(rightsBeyond({ ...caller.rights, ticket_scope: 'own' }, parseRights(RIGHTS[TECHNICIAN]))).toEqual(['ticket:all-tickets']);
  });
});
