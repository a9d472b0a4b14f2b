import { jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import type { EntityLine, LineEntity } from '../auth/entity-line.js';
import { actorIssues, usersAdded } from './actor-eligibility.js';

const TECHNICIAN = JSON.stringify({ ticket: ['read', 'create', 'update'], ticket_scope: 'all' });
const SELF_SERVICE = JSON.stringify({ ticket: ['read', 'create'], ticket_scope: 'own' });
const NO_TICKETS = JSON.stringify({ project: ['read'], ticket: [] });

/** Root (1) > Sede (2) > Andar (4); Root > Filial Porto (3). */
const ENTITIES = new Map<number, { parent: number | null; path: string }>([
  [1, { parent: null, path: 'Root entity' }],
  [2, { parent: 1, path: 'Root entity > Sede' }],
  [3, { parent: 1, path: 'Root entity > Filial Porto' }],
  [4, { parent: 2, path: 'Root entity > Sede > Andar' }],
]);

/** The line of an entity, as readEntityLine reads it, asked without a query. */
function lineOf(id: number): () => Promise<EntityLine> {
  const entities: LineEntity[] = [];
  for (let at: number | null = id; at !== null; at = ENTITIES.get(at)!.parent) entities.push({ id: at, entities_id: ENTITIES.get(at)!.parent });
  const ancestorIds = entities.slice(1).map((e) => e.id);
  return () => Promise.resolve({ id, path: ENTITIES.get(id)!.path, entities, scope: { entityIds: [id], ancestorIds } });
}

function user(id: number, login: string, active: boolean, entity: number | null, recursive: boolean, profile: string | null, rights: string | null) {
  const path = entity === null ? null : ENTITIES.get(entity)!.path;
  return { kind: 'user', id, ref: entity, name: login, path, is_active: active ? 1 : 0, is_recursive: recursive ? 1 : 0, profile, rights };
}

type Answering = EntityManager & { query: jest.Mock<() => Promise<object[]>> };

function managerAnswering(rows: object[]): Answering {
  return { query: jest.fn(async () => rows) } as unknown as Answering;
}

describe('usersAdded', () => {
  it('lists the users each field puts on a role, groups and removals left out', () => {
    const added = usersAdded(
      {
        assignee_id: 7,
        assignee_group_id: 1,
        roles: {
          observers: {
            add: [
              { type: 'user', id: 8 },
              { type: 'group', id: 2 },
            ],
            remove: [{ type: 'user', id: 9 }],
          },
          requesters: { set: [{ type: 'user', id: 10 }] },
        },
      },
      1,
    );
    expect(added).toEqual([
      { userId: 10, role: 'requesters', field: 'requesters' },
      { userId: 8, role: 'observers', field: 'add_observers' },
      { userId: 7, role: 'assignees', field: 'assignee_id' },
    ]);
  });

  it('leaves the caller out of requesters and observers (a caller is active), not out of assignees', () => {
    expect(usersAdded({ requester_id: 1, roles: { observers: { add: [{ type: 'user', id: 1 }] } } }, 1)).toEqual([]);
    expect(usersAdded({ assignee_id: 1 }, 1)).toEqual([{ userId: 1, role: 'assignees', field: 'assignee_id' }]);
    expect(usersAdded({ assignee_id: null, roles: { assignees: { remove: [{ type: 'user', id: 3 }] } } }, 1)).toEqual([]);
  });
});

describe('actorIssues', () => {
  it('asks nothing of the database when the write adds no user', async () => {
    const manager = managerAnswering([]);
    expect(await actorIssues(manager, 3, lineOf(2), [], {})).toEqual([]);
    expect(manager.query).not.toHaveBeenCalled();
  });

  it('assigns a user whose profile reaches beyond their own tickets in the entity, or recursively above it, in one query', async () => {
    const manager = managerAnswering([user(5, 'maria', true, 2, true, 'Technician', TECHNICIAN), user(6, 'ana', true, 1, true, 'Technician', TECHNICIAN)]);
    const added = [
      { userId: 5, role: 'assignees' as const, field: 'assignees' },
      { userId: 6, role: 'assignees' as const, field: 'assignees' },
    ];
    expect(await actorIssues(manager, 3, lineOf(4), added, {})).toEqual([]);
    expect(manager.query).toHaveBeenCalledTimes(1);
  });

  it('refuses as assignee a user with no profile in the entity, one limited to their own tickets, or one with no ticket rights, saying why', async () => {
    const manager = managerAnswering([
      user(5, 'normal', true, 2, false, 'Technician', TECHNICIAN),
      user(6, 'joao', true, 3, true, 'Self-Service', SELF_SERVICE),
      user(7, 'post', true, 1, true, 'Self-Service', SELF_SERVICE),
      user(8, 'pm', true, 1, true, 'Projects', NO_TICKETS),
    ]);
    const added = [5, 6, 7, 8].map((userId) => ({ userId, role: 'assignees' as const, field: 'add_assignees' }));
    const resolved = { 'add_assignees[1]': { input: 'João', id: 6, name: 'joao', type: 'user' as const } };
    const issues = await actorIssues(manager, null, lineOf(4), added, resolved);
    expect(issues).toEqual([
      {
        field: 'add_assignees',
        code: 'INVALID_VALUE',
        received: 5,
        message: 'normal cannot be assigned tickets in Root entity > Sede > Andar: they have no profile there (theirs: Technician in Root entity > Sede).',
      },
      {
        field: 'add_assignees[1]',
        code: 'INVALID_VALUE',
        received: 'João',
        message:
          'joao cannot be assigned tickets in Root entity > Sede > Andar: they have no profile there (theirs: Self-Service in Root entity > Filial Porto).',
      },
      expect.objectContaining({
        message: 'post cannot be assigned tickets in Root entity > Sede > Andar: their profiles there (Self-Service) only see their own tickets.',
      }),
      expect.objectContaining({
        message: 'pm cannot be assigned tickets in Root entity > Sede > Andar: their profiles there (Projects) give no right on tickets.',
      }),
    ]);
  });

  it('refuses a deactivated user in any role, unless already in that role on the ticket', async () => {
    const rows = [
      user(9, 'gone', false, 1, true, 'Technician', TECHNICIAN),
      { kind: 'actor', id: 9, ref: 3, name: null, path: null, is_active: null, is_recursive: null, profile: null, rights: null },
    ];
    const added = [
      { userId: 9, role: 'observers' as const, field: 'observers' },
      { userId: 9, role: 'requesters' as const, field: 'requester_id' },
    ];
    expect(await actorIssues(managerAnswering(rows), 3, lineOf(2), added, { requester_id: { input: 'gone', id: 9, name: 'gone' } })).toEqual([
      {
        field: 'requester_id',
        code: 'INVALID_VALUE',
        received: 'gone',
        message: 'gone is deactivated: reactivate them (user_update is_active true) or choose another.',
      },
    ]);
  });
});
