import { actorConflicts } from './actor-rules.js';

describe('actorConflicts', () => {
  it('refuses a role list sent with add_/remove_ of that role or with its single-value field', () => {
    const issues = actorConflicts({ assignees: [], add_assignees: [{ type: 'user', id: 2 }], assignee_group_id: 1, requesters: [] });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ field: 'assignees', code: 'INVALID_VALUE' });
    expect(issues[0].message).toContain('add_assignees, assignee_group_id');
  });

  it('refuses the same actor added and removed, but not a user and a group of the same id', () => {
    const issues = actorConflicts({
      add_observers: [
        { type: 'user', id: 2 },
        { type: 'group', id: 3 },
      ],
      remove_observers: [
        { type: 'user', id: 2 },
        { type: 'user', id: 3 },
      ],
    });
    expect(issues).toEqual([expect.objectContaining({ field: 'add_observers', message: expect.stringContaining('user 2 both added') })]);
  });

  it('lets add_ and remove_ of different actors through', () => {
    expect(actorConflicts({ add_assignees: [{ type: 'user', id: 2 }], remove_assignees: [{ type: 'group', id: 1 }] })).toEqual([]);
  });
});
