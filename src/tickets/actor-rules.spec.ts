import { actorConflicts } from './actor-rules.js';

describe('actorConflicts', () => {
  it('refuses a role list sent with add_/remove_ of that role or with its single-value field', () => {
    const issues = actorConflicts({ assignees: [], add_assignees: [{ type: 'user', id: 2 }], assignee_group_id: 1, requesters: [] });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ field: 'assignees', code: 'INVALID_VALUE' });
    expect(issues[0].message).toContain('add_assignees, assignee_group_id');
  });

  it('tells a role list sent with its single-value field to send everyone in the list, never add_/remove_ the call did not send (ticket_create has none)', () => {
    const [issue] = actorConflicts({ requesters: [{ type: 'user', id: 3 }], requester_id: 2 });
    expect(issue).toEqual({
      field: 'requesters',
      code: 'INVALID_VALUE',
      message:
        'requesters replaces the whole list; it cannot be sent with requester_id. Send everyone in requesters, requester_id included, or requester_id alone.',
    });
    expect(actorConflicts({ assignees: [], assignee_id: 2, assignee_group_id: 1 })[0].message).toBe(
      'assignees replaces the whole list; it cannot be sent with assignee_id, assignee_group_id. Send everyone in assignees, assignee_id and assignee_group_id included, or assignee_id and assignee_group_id alone.',
    );
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
