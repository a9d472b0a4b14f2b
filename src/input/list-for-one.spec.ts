import type { FieldSpec } from './field-spec.js';
import { listFormOf, oneOfList, takesOne } from './list-for-one.js';

const field = (name: string, kind: FieldSpec['kind'], ref?: string): FieldSpec => ({ name, kind, required: false, description: '', ...(ref ? { ref } : {}) });
const TICKET = [
  field('assignee_id', 'ref', 'user'),
  field('assignee_group_id', 'ref', 'group'),
  field('assignees', 'actors'),
  field('itilcategories_id', 'ref', 'itilCategory'),
];
const TASK = [field('member_id', 'ref', 'user'), field('add_members', 'actors')];

describe('listFormOf', () => {
  it.each([
    ['assignee_id', TICKET, 'assignees'],
    ['assignee_group_id', TICKET, 'assignees'],
    ['member_id', TASK, 'add_members'],
    ['itilcategories_id', TICKET, undefined],
    ['name', TICKET, undefined],
  ])('%p on its tool: %p', (name, specs, expected) => {
    expect(listFormOf(name, specs)).toBe(expected);
  });
});

describe('oneOfList', () => {
  it('takes a list of one as its item', () => {
    expect(oneOfList(TICKET[0], ['tech'], TICKET, false)).toEqual({ value: 'tech' });
    expect(oneOfList(TICKET[3], [7], TICKET, true)).toEqual({ value: 7 });
  });

  it('refuses a list of several, or an empty one, saying what to send instead', () => {
    const message = (spec: FieldSpec, list: unknown[], searching: boolean) => {
      const answer = oneOfList(spec, list, TICKET, searching);
      return 'issue' in answer ? answer.issue.message : undefined;
    };
    expect(message(TICKET[0], ['tech', 'glpi'], false)).toBe(
      'assignee_id takes one of the users, and the list sent names 2: send one, or send them all as assignees.',
    );
    expect(message(TICKET[0], ['tech', 'glpi'], true)).toBe(
      'assignee_id takes one of the users, and the list sent names 2: to search several, call once for each.',
    );
    // A search's filter that reads lists (FieldSpec.not) is sent here only a list it cannot read.
    const listing = { ...TICKET[3], not: true } as FieldSpec;
    expect(message(listing, [{ id: 1 }, { id: 2 }], true)).toBe(
      'itilcategories_id takes one of the ITIL categories, or a list of at most 20 of their names or ids, and the list sent holds what is no name or id.',
    );
    expect(
      message(
        listing,
        Array.from({ length: 21 }, (_, i) => i + 1),
        true,
      ),
    ).toContain('and the list sent names 21.');
    expect(message(TICKET[3], [1, 2, 3], false)).toBe('itilcategories_id takes one of the ITIL categories, and the list sent names 3: send one.');
    expect(message(TICKET[3], [], false)).toBe('itilcategories_id takes one of the ITIL categories, and the list sent is empty: send one.');
    expect(message({ ...TICKET[0], nullable: true }, [], false)).toBe(
      'assignee_id takes one of the users, and the list sent is empty: send one, or null to clear it.',
    );
  });
});

describe('oneOfList on a write that takes several records', () => {
  it('is sent an empty list only, and asks for at least one', () => {
    const tickets: FieldSpec = { ...field('tickets_id', 'ref', 'ticket'), several: true };
    const answer = oneOfList(tickets, [], [tickets], false);
    expect('issue' in answer && answer.issue.message).toBe(
      'tickets_id takes one of the tickets or a list of them, and the list sent is empty: send at least one.',
    );
    expect(oneOfList(tickets, [3], [tickets], false)).toEqual({ value: 3 });
  });
});

describe('oneOfList on the record a tool acts on', () => {
  it('says to call once for each record of a list of several', () => {
    const id: FieldSpec = { ...field('id', 'ref', 'ticket'), target: true };
    const answer = oneOfList(id, [3, 4], [id], false);
    expect('issue' in answer && answer.issue.message).toBe('id takes one of the tickets, and the list sent names 2: call once for each.');
    expect(oneOfList(id, [3], [id], false)).toEqual({ value: 3 });
  });
});

describe('takesOne', () => {
  it('is every field but the list fields and a search enum that takes a list', () => {
    expect((['text', 'int', 'bool', 'enum', 'ref', 'date', 'timezone', 'choice'] as const).map((kind) => takesOne(field('f', kind)))).toEqual(
      Array(8).fill(true),
    );
    expect(takesOne(field('fields', 'choices'))).toBe(false);
    expect(takesOne(field('assignees', 'actors'))).toBe(false);
    expect(takesOne({ ...field('status', 'enum'), filter: [] })).toBe(false);
  });

  it('names one value, and for a choice its values, where the field is no reference', () => {
    const groupBy: FieldSpec = { ...field('group_by', 'choice'), values: ['status', 'type'] };
    expect(oneOfList(groupBy, ['status'], [groupBy], true)).toEqual({ value: 'status' });
    expect(oneOfList(groupBy, ['status', 'type'], [groupBy], true)).toEqual({
      issue: {
        field: 'group_by',
        code: 'INVALID_TYPE',
        received: '["status","type"]',
        message: 'group_by takes one value, and the list sent names 2: send one.',
        expected: 'status, type',
        available: ['status', 'type'],
      },
    });
  });
});
