import fc from 'fast-check';
import { PROJECT_WRITABLE } from '../projects/project.fields.js';
import { TICKET_WRITABLE } from '../tickets/ticket.fields.js';
import { ACTOR_FIELDS } from '../tickets/ticket-actors.js';
import { matchKey } from './normalize.js';
import { clearWinner, closest, closestName, closestTied, editDistance, rankClosest, spelledAlike } from './suggest.js';

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

  it('takes no short word for another that differs in its first letter: another word, not a slip', () => {
    for (const [input, candidate] of [
      ['by', 'my'],
      ['rate', 'late'],
      ['date', 'late'],
      ['Rede', 'Sede'],
      ['Sede', 'Rede'],
    ]) {
      expect([input, candidate, closest(input, [candidate]), spelledAlike(input, candidate)]).toEqual([input, candidate, undefined, false]);
    }
    // A slip after the first letter of a short word, or in a longer one, is still one.
    expect(closest('tpye', ['type', 'name'])).toBe('type');
    expect(closest('Nwe', ['New', 'Closed'])).toBe('New');
    expect(closest('Hardwere', ['Hardware', 'Rede'])).toBe('Hardware');
    expect(closest('Xardware', ['Hardware', 'Rede'])).toBe('Hardware');
  });

  it('never suggests the opposite of a word', () => {
    expect(closest('inactive', ['is_active', 'name'])).toBeUndefined();
    expect(closest('disabled', ['enabled', 'name'])).toBeUndefined();
    expect(closest('inativo', ['ativo', 'nome'])).toBeUndefined();
    expect(closest('unassigned', ['assigned', 'name'])).toBeUndefined();
    expect(closest('actve', ['is_active', 'name'])).toBe('is_active');
    // A sign for 'not' before a name is its opposite too, not a slip of it.
    for (const name of ['!maria.silva', '!= maria.silva', '<>maria.silva', '≠ maria.silva', '-maria.silva', 'not maria.silva']) {
      expect([name, closest(name, ['maria.silva', 'joao.souza']), spelledAlike(name, 'maria.silva')]).toEqual([name, undefined, false]);
    }
    expect(closest('-dtae', ['-date', 'date'])).toBe('-date');
    // And so is any word for it (English or Portuguese), before a name of one word or several.
    for (const name of ['exceto Rede', 'except Rede', 'não Rede', 'menos Rede', 'todos menos Rede', 'all but Rede']) {
      expect([name, closest(name, ['Hardware', 'Rede', 'Software']), spelledAlike(name, 'Rede')]).toEqual([name, undefined, false]);
    }
    expect(closest('não Sede > Andar 2', ['Porto', 'Sede', 'Sede > Andar 2'])).toBeUndefined();
    // A name that itself starts with such a word is still a name to suggest.
    expect(closest('nao silvaa', ['Nao Silva', 'Rede'])).toBe('Nao Silva');
  });

  it('finds a reference field by its name without the id word, before any misspelling', () => {
    expect(closest('approver', ['approver_id', 'approval', 'answer'])).toBe('approver_id');
  });

  it("suggests a record's name only for a slip of the whole of it, never for another name sharing a word", () => {
    const projects = ['Migração ERP', 'Renovação do parque de impressoras', 'Portal do cliente', 'Portal RH'];
    expect(closestName('Migração CRM', projects)).toBeUndefined();
    expect(closestName('Portal do cliente', ['Migração ERP', 'Portal RH'])).toBeUndefined();
    expect(closestName('Portal RH', ['Migração ERP', 'Portal do cliente'])).toBeUndefined();
    // A typo, missing accents, a word dropped or the words in another order still name it.
    expect(closestName('Migrçao ERP', projects)).toBe('Migração ERP');
    expect(closestName('renovacao parque impressoras', projects)).toBe('Renovação do parque de impressoras');
    expect(closestName('ERP Migração', projects)).toBe('Migração ERP');
    expect(closestName('Souza João', ['João Souza', 'Maria Silva'])).toBe('João Souza');
    expect(closestName('Silv', ['glpi', 'maria.silva', 'joao.souza'])).toBe('maria.silva');
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

  it('takes a name of several words for a misspelling of another only when each of its words is one', () => {
    // created_at is two edits from created_to, but "at" is no misspelling of "to": a shared word at most.
    expect(spelledAlike('created_at', 'created_to')).toBe(false);
    expect(spelledAlike('updated_at', 'updated_after')).toBe(false);
    expect(closest('created_at', ['created_to', 'created_from'])).toBeUndefined();
    expect(closest('asignee_grup', ['assignee_group', 'name'])).toBe('assignee_group');
    expect(closest('startdate', ['start_date', 'name'])).toBe('start_date');
  });

  it('matches a short word only as it is spelt (notes is no misspelling of nome)', () => {
    expect(closest('notes', ['nome', 'percent_done'])).toBeUndefined();
    expect(closest('categry_name', ['category', 'name_x'])).toBe('category');
  });

  it('suggests nothing on a word every kind of field has (a resolution date is not the opening date)', () => {
    expect(closest('resolution_date', ['date', 'name', 'time_to_resolve_x'])).toBeUndefined();
    expect(closest('ticket_name', ['ticket', 'priority'])).toBe('ticket');
    expect(closest('requester_name', ['requester_id', 'name_x'])).toBe('requester_id');
    expect(closest('priority_level', ['priority', 'date'])).toBe('priority');
  });

  it('lists the targets as close as each other, for a caller that can tell them apart', () => {
    // requester_id by its other name `requester`, as the input parser lists a field's aliases.
    const texts = [
      ['requester_id', 'requester_id'],
      ['requester', 'requester_id'],
      ['requesters', 'requesters'],
      ['name', 'name'],
    ] as const;
    expect(closestTied('requester_name', texts)).toEqual(['requester_id', 'requesters']);
    expect(closestTied('zzzz', texts)).toEqual([]);
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
