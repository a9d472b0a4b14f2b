import type { Issue } from '../../envelope/issue.js';
import { type ActorLookup, MAX_ACTORS, resolveActorList } from './actor-list.js';
import type { Resolution } from './reference-resolver.js';

/** Users tech (2) and Ana (5); groups Service Desk (1) and "Ana" (7), a group that shares a user's name. */
const USERS: Record<string, number> = { tech: 2, ana: 5 };
const GROUPS: Record<string, number> = { 'service desk': 1, ana: 7 };

const lookup: ActorLookup = {
  resolve(kind: string, field: string, input: unknown): Promise<Resolution> {
    const table = kind === 'user' ? USERS : GROUPS;
    const hit =
      typeof input === 'number' ? Object.entries(table).find(([, id]) => id === input) : Object.entries(table).find(([n]) => n === String(input).toLowerCase());
    if (hit) return Promise.resolve({ ok: true, id: hit[1], name: hit[0] });
    const issue: Issue = { field, code: 'REFERENCE_NOT_FOUND', received: input, message: 'not found', available: Object.keys(table) };
    return Promise.resolve({ ok: false, issue });
  },
};

describe('resolveActorList', () => {
  it('takes user ids, user names and group names in one list, in order, once each', async () => {
    const r = await resolveActorList(lookup, 'assignees', [2, 'Service Desk', 'tech'], undefined);
    expect(r).toMatchObject({
      ok: true,
      actors: [
        { type: 'user', id: 2 },
        { type: 'group', id: 1 },
      ],
    });
    if (r.ok) expect(r.resolved['assignees[1]']).toEqual({ input: 'Service Desk', id: 1, name: 'service desk', type: 'group' });
  });

  it('reads a single value as a list of one', async () => {
    expect(await resolveActorList(lookup, 'observers', 'tech', undefined)).toMatchObject({ ok: true, actors: [{ type: 'user', id: 2 }] });
  });

  it('asks which one a name means when it is both a user and a group, and takes the object form that says', async () => {
    const r = await resolveActorList(lookup, 'assignees', ['Ana'], undefined);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ field: 'assignees[0]', code: 'REFERENCE_AMBIGUOUS', candidates: [{ id: 5 }, { id: 7 }] });
    expect(await resolveActorList(lookup, 'assignees', [{ group: 'Ana' }, { type: 'user', id: 5 }], undefined)).toMatchObject({
      ok: true,
      actors: [
        { type: 'group', id: 7 },
        { type: 'user', id: 5 },
      ],
    });
  });

  it('reports every bad item under its index, and refuses long lists whole', async () => {
    const r = await resolveActorList(lookup, 'requesters', ['nobody', { colour: 'red' }, 'tech'], undefined);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues.map((i) => [i.field, i.code])).toEqual([
        ['requesters[0]', 'REFERENCE_NOT_FOUND'],
        ['requesters[1]', 'INVALID_TYPE'],
      ]);
      expect(r.issues[0].message).toContain('users or groups');
    }
    const many = await resolveActorList(
      lookup,
      'requesters',
      Array.from({ length: MAX_ACTORS + 1 }, () => 2),
      undefined,
    );
    expect(many).toMatchObject({ ok: false, issues: [{ field: 'requesters', code: 'TOO_LONG' }] });
  });
});
