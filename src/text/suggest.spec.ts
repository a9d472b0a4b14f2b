import fc from 'fast-check';
import { PROJECT_WRITABLE } from '../projects/project.fields.js';
import { TICKET_WRITABLE } from '../tickets/ticket.fields.js';
import { ACTOR_FIELDS } from '../tickets/ticket-actors.js';
import { matchKey } from './normalize.js';
import { clearWinner, closest, editDistance, rankClosest, spelledAlike } from './suggest.js';

// The real field lists of the project and ticket tools (columns written, and a ticket's actors).
const PROJECT_FIELDS = PROJECT_WRITABLE;
const TICKET_FIELDS = [...TICKET_WRITABLE, ...ACTOR_FIELDS];

describe('suggestion matcher', () => {
  it('finds fields by the words inside their names', () => {
    expect(closest('state', PROJECT_FIELDS)).toBe('projectstates_id');
    expect(closest('requester', TICKET_FIELDS)).toBe('requester_id');
    expect(closest('category', TICKET_FIELDS)).toBe('itilcategories_id');
    expect(closest('location', TICKET_FIELDS)).toBe('locations_id');
    expect(closest('assignee', TICKET_FIELDS)).toBe('assignee_id');
    expect(closest('percent', PROJECT_FIELDS)).toBe('percent_done');
  });

  it('finds close spellings', () => {
    expect(closest('Procesing', ['New', 'Processing', 'Closed'])).toBe('Processing');
    expect(closest('prioridade', PROJECT_FIELDS)).toBe('priority');
    expect(closest('titel', ['title', 'name'])).toBe('title');
  });

  it('never suggests the opposite of a word', () => {
    expect(closest('inactive', ['is_active', 'name'])).toBeUndefined();
    expect(closest('disabled', ['enabled', 'name'])).toBeUndefined();
    expect(closest('inativo', ['ativo', 'nome'])).toBeUndefined();
    expect(closest('unassigned', ['assigned', 'name'])).toBeUndefined();
    expect(closest('actve', ['is_active', 'name'])).toBe('is_active');
  });

  it('finds a reference field by its name without the id word, before any misspelling', () => {
    expect(closest('approver', ['approver_id', 'approval', 'answer'])).toBe('approver_id');
  });

  it('tells a spelling of a name from a name that only shares a word', () => {
    expect(spelledAlike('urgencia', 'urgency')).toBe(true);
    expect(spelledAlike('Order-By', 'order_by')).toBe(true);
    expect(spelledAlike('approver', 'approver_id')).toBe(true);
    expect(spelledAlike('dono', 'percent_done')).toBe(false);
    expect(spelledAlike('due_before', 'overdue')).toBe(false);
    expect(spelledAlike('inactive', 'is_active')).toBe(false);
  });

  it('suggests nothing for unrelated input', () => {
    expect(closest('zzzzqqq', PROJECT_FIELDS)).toBeUndefined();
    expect(closest('', PROJECT_FIELDS)).toBeUndefined();
  });

  it('takes no word of a field name that only says when or where (created_at is no updated_at, criado_em no alterado_em)', () => {
    expect(closest('created_at', ['updated_at', 'name', 'id'])).toBeUndefined();
    expect(closest('criado_em', ['alterado_em', 'name'])).toBeUndefined();
    expect(closest('updated', ['updated_at', 'name'])).toBe('updated_at');
  });

  it('suggests nothing when two targets are as close (plan or real start?)', () => {
    expect(closest('start_date', PROJECT_FIELDS)).toBeUndefined();
    expect(
      clearWinner([
        { target: 'a', score: 1 },
        { target: 'b', score: 1.5 },
      ]),
    ).toBeUndefined();
    expect(
      clearWinner([
        { target: 'a', score: 0 },
        { target: 'a', score: 0 },
        { target: 'b', score: 1 },
      ]),
    ).toBe('a');
  });

  it('an exact candidate (any case or accents) always wins (property)', () => {
    fc.assert(
      fc.property(fc.subarray(TICKET_FIELDS, { minLength: 1 }), fc.nat(), (candidates, pick) => {
        const target = candidates[pick % candidates.length];
        return closest(target.toUpperCase(), candidates) === target;
      }),
    );
  });

  it('edit distance is symmetric, zero only for equal strings, and bounded by the longer length (property)', () => {
    const word = fc.string({ maxLength: 8 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        const ab = editDistance(a, b);
        return ab === editDistance(b, a) && (ab === 0) === (a === b) && ab <= Math.max(a.length, b.length);
      }),
    );
    expect(editDistance('titel', 'title')).toBe(1);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  });

  it('ranks and limits', () => {
    expect(rankClosest('project_serch', ['project_search', 'project_get', 'ticket_search'], 2)[0]).toBe('project_search');
  });

  it('match keys ignore case, accents and spacing', () => {
    expect(matchKey('  Migração   ERP ')).toBe('migracao erp');
    expect(matchKey('JOÃO Souza')).toBe(matchKey('joao souza'));
  });
});
