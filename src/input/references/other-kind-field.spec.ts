import type { FieldSpec } from '../field-spec.js';
import { otherKindField } from './other-kind-field.js';

const ref = (name: string, kind: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  kind: 'ref',
  ref: kind,
  required: false,
  description: '',
  ...extra,
});

describe('otherKindField', () => {
  it('pairs the user and group fields of one role', () => {
    const fields = [
      ref('requester_id', 'user'),
      ref('assignee_id', 'user'),
      ref('assignee_group_id', 'group'),
      ref('approver_id', 'user'),
      ref('approver_group_id', 'group'),
    ];
    expect(otherKindField(fields[1], fields)?.name).toBe('assignee_group_id');
    expect(otherKindField(fields[2], fields)?.name).toBe('assignee_id');
    expect(otherKindField(fields[3], fields)?.name).toBe('approver_group_id');
    expect(otherKindField(fields[4], fields)?.name).toBe('approver_id');
  });

  it('takes the only field of the other kind when no field shares the role, and none when several could', () => {
    const project = [ref('users_id', 'user'), ref('groups_id', 'group'), ref('entities_id', 'entity')];
    expect(otherKindField(project[0], project)?.name).toBe('groups_id');
    expect(otherKindField(project[1], project)?.name).toBe('users_id');
    expect(otherKindField(project[2], project)).toBeUndefined();
    const two = [ref('requester_id', 'user'), ref('assignee_group_id', 'group'), ref('observer_group_id', 'group')];
    expect(otherKindField(two[0], two)).toBeUndefined();
  });

  it('never points at the record a tool acts on', () => {
    const fields = [ref('id', 'group', { target: true }), ref('member_id', 'user')];
    expect(otherKindField(fields[1], fields)).toBeUndefined();
  });
});
