import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { TICKET_STATUS } from '../src/input/vocab/glpi-vocabularies.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

type Page = { items: { id: number; overdue: boolean }[]; total: number };

/** A zone written with spaces for its underscores, and booleans given as yes/no words in English or pt-BR. */
describe.each(DATABASES)('zones and yes/no words on %s', (kind) => {
  let stack: TestStack;
  let admin: Client;
  let ticketSession: string;
  let userSession: string;

  beforeAll(async () => {
    stack = await startStack(kind);
    admin = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    ticketSession = await openSession(admin, 'ticket');
    userSession = await openSession(admin, 'user');
  });
  afterAll(async () => {
    await admin?.close();
    await stack?.close();
  });

  const ticket = (tool: string, args: Record<string, unknown>) => callTool(admin, tool, { domain: 'ticket', session_id: ticketSession, ...args });
  const user = (tool: string, args: Record<string, unknown>) => callTool(admin, tool, { domain: 'user', session_id: userSession, ...args });

  it('stores a user zone written "America/Sao Paulo" as America/Sao_Paulo, and applied says so', async () => {
    const dry = success(await user('user_update', { id: 'normal', timezone: 'America/Sao Paulo', dry_run: 'sim' }));
    expect(dry).toMatchObject({ dry_run: true, applied: { timezone: 'America/Sao_Paulo' } });
    const done = success(await user('user_update', { id: 'normal', timezone: 'america/sao paulo', dry_run: 'não' }));
    expect(done.dry_run).toBeFalsy();
    expect(done.applied).toMatchObject({ timezone: 'America/Sao_Paulo' });
    const read = success(await user('user_get', { id: 'normal' }));
    expect(read.data).toMatchObject({ timezone: 'America/Sao_Paulo' });
  });

  it('reads dates in a call zone written with spaces', async () => {
    const dry = success(await ticket('ticket_create', { name: 'Zona com espaço', date: '2026-06-01 09:00', timezone: 'America/Sao Paulo', dry_run: 'yes' }));
    expect(dry).toMatchObject({ dry_run: true, applied: { date: '2026-06-01T09:00:00-03:00' } });
  });

  it('keeps a city alone a suggestion, not a reading', async () => {
    const refused = failure(await user('user_update', { id: 'normal', timezone: 'Sao Paulo' }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([expect.objectContaining({ field: 'timezone', code: 'INVALID_VALUE', did_you_mean: 'America/Sao_Paulo' })]);
  });

  it("takes an entry's kind in pt-BR: tarefa is a task, acompanhamento a followup, solução a solution", async () => {
    const id = Number(success(await ticket('ticket_create', { name: 'Teclado sem resposta' })).id);
    const task = success(await ticket('ticket_add_entry', { id, kind: 'Tarefa', content: 'Troca do teclado', duration: '30 min' }));
    expect(task.data).toMatchObject({ kind: 'task', duration: 1800 });
    expect(task.resolved).toEqual({ kind: { input: 'Tarefa', value: 'task' } });
    for (const [written, seconds] of [
      ['PT1H30M', 5400],
      ['meia hora', 1800],
      ['uma hora e meia', 5400],
    ] as const) {
      const dry = success(await ticket('ticket_add_entry', { id, kind: 'task', content: 'Ensaio', duration: written, dry_run: true }));
      expect([written, dry.applied]).toEqual([written, expect.objectContaining({ duration: seconds })]);
    }
    // Days are not read (24 hours, or a working day?): both readings are offered, each in a form that is read.
    const days = failure(await ticket('ticket_add_entry', { id, kind: 'task', content: 'Ensaio', duration: '3 dias', dry_run: true }), 'VALIDATION_FAILED');
    expect(days.error.issues).toEqual([
      expect.objectContaining({
        field: 'duration',
        received: '3 dias',
        candidates: [
          { value: '72 hours', reading: '3 days of 24 hours' },
          { value: '24 hours', reading: '3 working days of 8 hours' },
        ],
      }),
    ]);
    expect(days.error.issues![0].message).toContain("'72 hours' (3 days of 24 hours) or '24 hours' (3 working days of 8 hours)");
    for (const { value } of days.error.issues![0].candidates as Array<{ value: string }>) {
      success(await ticket('ticket_add_entry', { id, kind: 'task', content: 'Ensaio', duration: value, dry_run: true }));
    }
    for (const [word, kind] of [
      ['acompanhamento', 'followup'],
      ['worklog', 'task'],
      ['apontamento', 'task'],
      ['solução', 'solution'],
    ]) {
      const dry = success(await ticket('ticket_add_entry', { id, kind: word, content: 'Ensaio', dry_run: true }));
      expect([word, dry.applied]).toEqual([word, expect.objectContaining({ kind })]);
    }
    // A private note is a followup hidden from the requester (is_private): no kind's word, so never taken as a public followup.
    const privateNote = failure(await ticket('ticket_add_entry', { id, kind: 'internal note', content: 'x', dry_run: true }), 'VALIDATION_FAILED');
    expect(privateNote.error.issues).toEqual([expect.objectContaining({ field: 'kind', code: 'INVALID_VALUE' })]);
    // A word of no kind is still refused, with the kinds listed.
    const refused = failure(await ticket('ticket_add_entry', { id, kind: 'talvez', content: 'x' }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([expect.objectContaining({ field: 'kind', code: 'INVALID_VALUE', available: ['followup', 'task', 'solution'] })]);
  });

  it('reads "high priority" and "urgência alta" as their level, and suggests the level of one written with another scale\'s name', async () => {
    const dry = success(await ticket('ticket_create', { name: 'Servidor lento', priority: 'High priority', urgency: 'urgência muito alta', dry_run: true }));
    expect(dry.applied).toMatchObject({ priority: 4, urgency: 5 });
    const found = success(await ticket('ticket_search', { priority: 'alta prioridade, very high priority' }));
    expect(found.resolved).toMatchObject({ priority: { ids: [4, 5] } });
    const refused = failure(await ticket('ticket_create', { name: 'Servidor lento', impact: 'high priority', dry_run: true }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([expect.objectContaining({ field: 'impact', code: 'INVALID_VALUE', did_you_mean: 'High' })]);
    // Words of no one status: what they mean is said, no status is suggested.
    const reopen = failure(await ticket('ticket_update', { id: 1, status: 'reabrir', dry_run: true }), 'VALIDATION_FAILED');
    expect(reopen.error.issues).toEqual([expect.objectContaining({ field: 'status', code: 'INVALID_VALUE', received: 'reabrir' })]);
    expect(reopen.error.issues![0].did_you_mean).toBeUndefined();
    expect(reopen.error.issues![0].message).toContain(
      'To reopen a ticket, send the status it goes back to: 2 Processing (assigned) when someone is assigned to it, else 1 New.',
    );
    const done = failure(await ticket('ticket_update', { id: 1, status: 'done', dry_run: true }), 'VALIDATION_FAILED');
    expect(done.error.issues![0].message).toContain("'Done' may be 5 Solved (answered; the requester may still refuse the solution) or 6 Closed (final)");
    // Another desk's P-level: no level is suggested, and the message says which way this scale counts.
    const pLevel = failure(await ticket('ticket_create', { name: 'Servidor fora do ar', priority: 'P1', dry_run: true }), 'VALIDATION_FAILED');
    expect(pLevel.error.issues).toEqual([expect.objectContaining({ field: 'priority', code: 'INVALID_VALUE', received: 'P1' })]);
    expect(pLevel.error.issues![0].did_you_mean).toBeUndefined();
    expect(pLevel.error.issues![0].message).toContain(
      'Many desks number levels from the top (P1 the most urgent); priority here counts up: 1 is Very low and 6 Major.',
    );
  });

  it('says which value each enum label or word named: "open" on a create is New, where a search takes it for every status not yet solved', async () => {
    const dry = success(await ticket('ticket_create', { name: 'Monitor piscando', status: 'open', urgency: 'alta', impact: 2, type: '1', dry_run: true }));
    expect(dry.applied).toMatchObject({ status: 1, urgency: 4, impact: 2, type: 1 });
    expect(dry.resolved).toEqual({ status: { input: 'open', id: 1, name: 'New' }, urgency: { input: 'alta', id: 4, name: 'High' } });
    const found = success(await ticket('ticket_search', { status: 'Novo', urgency: 3 }));
    expect(found.resolved).toEqual({ status: { input: 'Novo', id: 1, name: 'New' } });
  });

  it('takes a record as the answers show it, {id, name}, where a reference or an enum goes: its id, and refuses a name that is not that record', async () => {
    const read = success(await ticket('ticket_get', { id: { id: 3, name: 'Erro ao abrir o ERP' } }));
    expect(read.id).toBe(3);
    // The record a tool acts on is checked alike: an update or a delete never lands on another ticket than the one named.
    const mixed = failure(await ticket('ticket_update', { id: { id: 3, name: 'Troca de monitor' }, urgency: 2, dry_run: true }), 'VALIDATION_FAILED');
    expect(mixed.error.issues).toEqual([expect.objectContaining({ field: 'id', code: 'INVALID_VALUE' })]);
    expect(success(await ticket('ticket_get', { id: { id: 3 } })).id).toBe(3);
    const copied = read.data as Record<string, unknown>;
    const dry = success(
      await ticket('ticket_create', {
        name: 'Mesmo problema do 3',
        status: { id: 2, name: 'Processing (assigned)' },
        urgency: copied.urgency,
        itilcategories_id: { id: 1, name: 'Hardware' },
        assignee_id: { name: 'tech' },
        dry_run: true,
      }),
    );
    expect(dry.applied).toMatchObject({ status: 2, urgency: (copied.urgency as { id: number }).id, itilcategories_id: 1, assignee_id: 2 });
    expect(dry.resolved).toMatchObject({ itilcategories_id: { id: 1, name: 'Hardware' }, assignee_id: { input: 'tech', id: 2, name: 'tech' } });
    const refused = failure(
      await ticket('ticket_create', {
        name: 'Mesmo problema',
        itilcategories_id: { id: 1, name: 'Software' },
        status: { id: 2, name: 'Pending' },
        dry_run: true,
      }),
      'VALIDATION_FAILED',
    );
    expect(refused.error.issues!.map((i) => [i.field, i.code])).toEqual([
      ['status', 'INVALID_VALUE'],
      ['itilcategories_id', 'INVALID_VALUE'],
    ]);
    expect(refused.error.issues![1].message).toBe(
      "itilcategories_id names record 1 and 'Software', and record 1 is 'Hardware': send the id or the name of the one you mean.",
    );
    // Another name of the same record is that record: a user's full name beside its id, an entity's last part.
    const others = success(
      await ticket('ticket_create', { name: 'Outro nome', assignee_id: { id: 2, name: 'Tech Support' }, entities_id: { id: 2, name: 'Sede' }, dry_run: true }),
    );
    expect(others.applied).toMatchObject({ assignee_id: 2, entities_id: 2 });
    const elsewhere = failure(
      await ticket('ticket_create', { name: 'Outro nome', assignee_id: { id: 2, name: 'Maria Silva' }, dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(elsewhere.error.issues).toEqual([
      expect.objectContaining({ field: 'assignee_id', code: 'INVALID_VALUE', received: '{"id":2,"name":"Maria Silva"}' }),
    ]);
  });

  it('searches a query wrapped in wildcards or quotes as its text, and says of one written with OR or as an id that found nothing what to do instead', async () => {
    const names = async (query: string) =>
      (success(await ticket('ticket_search', { query, fields: 'id,name' })).data as { items: { name: string }[] }).items.map((t) => t.name);
    const plain = await names('impressora');
    expect(plain).toEqual(['Impressora do 2º andar não imprime']);
    for (const query of ['*impressora*', '%impressora%', '"impressora"', 'impress*', "'Impressora'"])
      expect([query, await names(query)]).toEqual([query, plain]);
    const either = success(await ticket('ticket_search', { query: 'impressora OR erp' }));
    expect((either.data as { total: number }).total).toBe(0);
    expect(either.message).toBe(
      "0 tickets found. The query is one text, found as written (case and accents aside): OR, AND, NOT and a leading '-' are no operators here. Search each term on its own: 'impressora', 'erp'.",
    );
    // A term written to be left out is no term to search for, and the answer says so (it said to search 'NOT papel').
    const notPaper = success(await ticket('ticket_search', { query: 'impressora AND NOT papel' }));
    expect(notPaper.message).toContain("Search 'impressora' on its own. A query leaves nothing out: read past what holds 'papel' in what you find.");
    expect(success(await ticket('ticket_search', { query: '-impressora' })).message).toContain("read past what holds 'impressora'");
    // A query that writes an id finds text, not the record: the answer names the call that reads it, when there is one to read.
    for (const query of ['#3', 'ticket 3', 'chamado nº 3']) {
      const byId = success(await ticket('ticket_search', { query }));
      expect([query, byId.message]).toEqual([
        query,
        `0 tickets found. '${query}' reads as ticket 3, and a query finds text, not ids: ticket_get {id: 3} reads it.`,
      ]);
    }
    expect(success(await ticket('ticket_search', { query: '#987654' })).message).toBe('0 tickets found.');
    // A text that is found keeps its words, whatever they are.
    expect((success(await ticket('ticket_search', { query: 'impressora' })).message as string).includes('operator')).toBe(false);
  });

  it('takes a month or a year for a range bound, as all of it: date_from "2026-11" and date_to "2026-11" are November', async () => {
    const totalOf = async (args: Record<string, unknown>) =>
      (success(await ticket('ticket_search', { ...args, fields: 'id' })).data as { total: number }).total;
    const newest = (success(await ticket('ticket_search', { sort: '-date', limit: 1, fields: 'id,date' })).data as { items: { date: string }[] }).items[0];
    const year = Number(newest.date.slice(0, 4));
    const whole = await totalOf({ date_from: `${year}-01-01`, date_to: `${year}-12-31` });
    expect(whole).toBeGreaterThan(0);
    expect(await totalOf({ date_from: String(year), date_to: String(year) })).toBe(whole);
    for (let month = 1; month <= 12; month++) {
      const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
      const mm = String(month).padStart(2, '0');
      expect([month, await totalOf({ date_from: `${year}-${mm}`, date_to: `${year}-${mm}` })]).toEqual([
        month,
        await totalOf({ date_from: `${year}-${mm}-01`, date_to: `${year}-${mm}-${last}` }),
      ]);
    }
    // A date that is set is one instant: a month is refused there, with its first and last days to choose from.
    const refused = failure(await ticket('ticket_create', { name: 'Prazo em novembro', time_to_resolve: `${year}-11`, dry_run: true }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([
      expect.objectContaining({
        field: 'time_to_resolve',
        code: 'INVALID_DATE',
        candidates: [
          { value: `${year}-11-01`, reading: 'its first day' },
          { value: `${year}-11-30`, reading: 'its last day' },
        ],
      }),
    ]);
    // A month written in words, for a range bound, is suggested as the month it takes.
    const named = failure(await ticket('ticket_search', { date_from: `novembro de ${year}`, date_to: `November ${year}` }), 'VALIDATION_FAILED');
    expect(named.error.issues!.map((i) => [i.field, i.did_you_mean])).toEqual([
      ['date_from', `${year}-11`],
      ['date_to', `${year}-11`],
    ]);
  });

  it('filters overdue: "sim" as true and "não" as false, and refuses a word that is neither', async () => {
    success(await ticket('ticket_create', { name: 'Prazo vencido', time_to_resolve: '2020-01-01 10:00', date: '2019-12-31 10:00' }));
    const all = (success(await ticket('ticket_search', { limit: 100 })).data as Page).total;
    const late = success(await ticket('ticket_search', { overdue: 'sim', limit: 100 })).data as Page;
    const onTime = success(await ticket('ticket_search', { overdue: 'Não', limit: 100 })).data as Page;
    expect(late.total).toBe((success(await ticket('ticket_search', { overdue: true, limit: 100 })).data as Page).total);
    expect(late.total).toBeGreaterThan(0);
    expect(late.items.every((t) => t.overdue)).toBe(true);
    expect(onTime.items.some((t) => t.overdue)).toBe(false);
    expect(late.total + onTime.total).toBe(all);
    const refused = failure(await ticket('ticket_search', { overdue: 'talvez' }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([expect.objectContaining({ field: 'overdue', code: 'INVALID_TYPE' })]);
  });

  it('searches "open" tickets as every status not yet solved, in English and pt-BR, and says which statuses it took', async () => {
    const totalOf = async (status: unknown) => (success(await ticket('ticket_search', { status, limit: 100 })).data as Page).total;
    const notSolved = (await Promise.all([1, 2, 3, 4].map(totalOf))).reduce((a, b) => a + b, 0);
    expect(notSolved).toBeGreaterThan(await totalOf('New'));
    for (const word of ['open', 'Aberto', 'em aberto', 'não solucionado', 'unsolved']) {
      const found = success(await ticket('ticket_search', { status: word, limit: 100 }));
      expect([word, (found.data as Page).total]).toEqual([word, notSolved]);
      const statuses = (found.data as { items: { status: { id: number } }[] }).items.map((t) => t.status.id);
      expect(statuses.every((s) => s >= 1 && s <= 4)).toBe(true);
      expect(found.resolved).toEqual({
        status: { input: word, ids: [1, 2, 3, 4], names: ['New', 'Processing (assigned)', 'Processing (planned)', 'Pending'] },
      });
    }
    // Counted the same way.
    const counts = success(await ticket('ticket_search', { status: 'open', group_by: 'status' })).data as { groups: { count: number }[] };
    expect(counts.groups.reduce((a, g) => a + g.count, 0)).toBe(notSolved);
    // "Em atendimento" (processing) without saying assigned or planned: both.
    const processing = (await Promise.all([2, 3].map(totalOf))).reduce((a, b) => a + b, 0);
    for (const word of ['em atendimento', 'Processing', 'in progress']) {
      const found = success(await ticket('ticket_search', { status: word, limit: 100 }));
      expect([word, (found.data as Page).total]).toEqual([word, processing]);
      expect(found.resolved).toEqual({ status: { input: word, ids: [2, 3], names: ['Processing (assigned)', 'Processing (planned)'] } });
    }
    // GLPI's other search groups: solved or closed ("done"), not closed, and every status.
    const groups: Array<[string, number[]]> = [
      ['done', [5, 6]],
      ['Finished', [5, 6]],
      ['não fechados', [1, 2, 3, 4, 5]],
      ['not closed', [1, 2, 3, 4, 5]],
      ['all', [1, 2, 3, 4, 5, 6]],
      ['todos', [1, 2, 3, 4, 5, 6]],
    ];
    for (const [word, codes] of groups) {
      const found = success(await ticket('ticket_search', { status: word, limit: 100 }));
      expect([word, (found.resolved?.status as { ids: readonly number[] }).ids]).toEqual([word, codes]);
      expect([word, (found.data as Page).total]).toEqual([word, (await Promise.all(codes.map(totalOf))).reduce((a, b) => a + b, 0)]);
    }
    // A value after a sign or word for 'not' is every other one, never the value itself.
    for (const [word, codes] of [
      ['!closed', [1, 2, 3, 4, 5]],
      ['not new', [2, 3, 4, 5, 6]],
      ['exceto pendente', [1, 2, 3, 5, 6]],
    ] as const) {
      const found = success(await ticket('ticket_search', { status: word, limit: 100 }));
      expect([word, found.resolved?.status]).toEqual([word, { input: word, ids: codes, names: codes.map((c) => TICKET_STATUS.label(c)) }]);
      expect([word, (found.data as Page).total]).toEqual([word, (await Promise.all(codes.map(totalOf))).reduce((a, b) => a + b, 0)]);
    }
    // A level with those above or below it, or the levels between two: each level it takes, never the one it names.
    for (const [word, codes] of [
      ['>= high', [4, 5, 6]],
      ['alta ou mais', [4, 5, 6]],
      ['< medium', [1, 2]],
      ['2-4', [2, 3, 4]],
      // After "not", every level outside the bound or range (it was refused as "'not above'" or "'não mais'").
      ['not high or above', [1, 2, 3]],
      ['não alta ou mais', [1, 2, 3]],
      ['not between low and high', [1, 5, 6]],
    ] as const) {
      const found = success(await ticket('ticket_search', { priority: word, limit: 100 }));
      expect([word, (found.resolved?.priority as { ids: readonly number[] }).ids]).toEqual([word, codes]);
      const priorities = (found.data as { items: { priority: { id: number } }[] }).items.map((t) => t.priority.id);
      expect([word, priorities.filter((p) => !(codes as readonly number[]).includes(p))]).toEqual([word, []]);
    }
    // The same as an operator object, as query languages write them ({not}, {$ne}, {in}, {gte}).
    for (const [field, sent, codes] of [
      ['status', { not: 'closed' }, [1, 2, 3, 4, 5]],
      ['status', { $ne: 6 }, [1, 2, 3, 4, 5]],
      ['status', { in: ['new', 'pending'] }, [1, 4]],
      ['priority', { gte: 'high' }, [4, 5, 6]],
      ['priority', { $lt: 3 }, [1, 2]],
    ] as const) {
      const found = success(await ticket('ticket_search', { [field]: sent, limit: 100 }));
      expect([sent, found.resolved?.[field]]).toEqual([sent, expect.objectContaining({ input: sent, ids: codes })]);
    }
    // Values left out of a list narrow it: "not solved and not closed" is neither, never either (GLPI's
    // not solved, never Solved). Values named widen it, and those left out then narrow what they name.
    for (const [sent, codes] of [
      ['not solved and not closed', [1, 2, 3, 4]],
      ['not solved, not closed', [1, 2, 3, 4]],
      ['não solucionado e não fechado', [1, 2, 3, 4]],
      [
        ['not solved', 'not closed'],
        [1, 2, 3, 4],
      ],
      ['not new and not pending', [2, 3, 5, 6]],
      // A word for "not" before a list leaves out each of its values, never the first alone.
      ['not new, pending', [2, 3, 5, 6]],
      ['exceto novo e pendente', [2, 3, 5, 6]],
      ['não solucionados ou fechados', [1, 2, 3, 4]],
      ['neither new nor pending', [2, 3, 5, 6]],
      // A word that says "not" in itself ("unsolved", "unclosed") leaves values out as "not solved" does.
      ['unsolved and unclosed', [1, 2, 3, 4]],
      ['unclosed, unresolved', [1, 2, 3, 4]],
      // Beside a value named, such a word names its values: "closed or unsolved" is either.
      ['closed or unsolved', [1, 2, 3, 4, 6]],
      // After "not", a group's word is the group's, as alone: "not open" is Solved and Closed, not "not New".
      ['not open', [5, 6]],
      ['não abertos', [5, 6]],
      [{ not: 'open' }, [5, 6]],
      ['not open and not closed', [5]],
      ['nem solucionado nem fechado', [1, 2, 3, 4]],
      ['open, not pending', [1, 2, 3]],
      [{ not: ['new', 'pending'] }, [2, 3, 5, 6]],
      [{ $nin: [1, 4] }, [2, 3, 5, 6]],
      [{ nin: [1] }, [2, 3, 4, 5, 6]],
      ['New, Pending', [1, 4]],
    ] as const) {
      const found = success(await ticket('ticket_search', { status: sent, limit: 100 }));
      expect([sent, (found.resolved?.status as { ids: readonly number[] }).ids]).toEqual([sent, codes]);
      expect([sent, (found.data as Page).total]).toEqual([sent, (await Promise.all(codes.map(totalOf))).reduce((a, b) => a + b, 0)]);
    }
    // A list whose values leave out what they name is refused: it would find nothing, silently.
    const nothing = failure(await ticket('ticket_search', { status: 'new, not new' }), 'VALIDATION_FAILED');
    expect(nothing.error.issues).toEqual([expect.objectContaining({ field: 'status', code: 'INVALID_VALUE', received: 'new, not new' })]);
    expect(nothing.error.issues?.[0].message).toContain('leaves no value');
    // An operator on values without order, or with more than one operator, is refused as before.
    for (const sent of [{ gte: 'pending' }, { not: 'closed', in: [1] }, { nin: 'new' }]) {
      const refused = failure(await ticket('ticket_search', { status: sent }), 'VALIDATION_FAILED');
      expect([sent, refused.error.issues?.[0]]).toEqual([sent, expect.objectContaining({ field: 'status' })]);
    }
    const bound = failure(await ticket('ticket_create', { name: 'Alta ou mais', priority: 'high+', dry_run: true }), 'VALIDATION_FAILED');
    expect(bound.error.issues).toEqual([expect.objectContaining({ field: 'priority', code: 'INVALID_VALUE', received: 'high+' })]);
    // Where one status is set, it is refused: its opposite is no value.
    const negated = failure(await ticket('ticket_create', { name: 'Não fechar', status: '!closed', dry_run: true }), 'VALIDATION_FAILED');
    expect(negated.error.issues).toEqual([expect.objectContaining({ field: 'status', code: 'INVALID_VALUE', received: '!closed' })]);
    expect(negated.error.issues?.[0].did_you_mean).toBeUndefined();
    // Where one person is set, a name after it is not suggested back: that is the one not meant (a
    // search's actor filter reads it: every ticket without her, actors.e2e-spec.ts).
    const notHer = failure(await ticket('ticket_create', { name: 'Sem ela', requester_id: '!Maria Silva', dry_run: true }), 'VALIDATION_FAILED');
    expect(notHer.error.issues).toEqual([expect.objectContaining({ field: 'requester_id', code: 'REFERENCE_NOT_FOUND' })]);
    expect(notHer.error.issues?.[0].did_you_mean).toBeUndefined();
    // Nor after a word for it (a search's filter reads it; a write sets one category): the category
    // is the one not meant.
    const notNetwork = failure(await ticket('ticket_create', { name: 'Fora da rede', itilcategories_id: 'exceto Rede', dry_run: true }), 'VALIDATION_FAILED');
    expect(notNetwork.error.issues).toEqual([expect.objectContaining({ field: 'itilcategories_id', code: 'REFERENCE_NOT_FOUND' })]);
    expect(notNetwork.error.issues?.[0].did_you_mean).toBeUndefined();
    expect(notNetwork.error.issues?.[0].message).not.toContain('Did you mean');
    // A list of values, each a code, a label or a word for several: the tickets of any of them.
    const listed = success(await ticket('ticket_search', { status: ['Novo', 4, 'em atendimento'], priority: ['High', 'muito alta'], limit: 100 }));
    expect(listed.resolved).toEqual({
      status: { input: ['Novo', 4, 'em atendimento'], ids: [1, 2, 3, 4], names: ['New', 'Processing (assigned)', 'Processing (planned)', 'Pending'] },
      priority: { input: ['High', 'muito alta'], ids: [4, 5], names: ['High', 'Very high'] },
    });
    const items = (listed.data as { items: { status: { id: number }; priority: { id: number } }[] }).items;
    expect(items.every((t) => t.status.id <= 4 && [4, 5].includes(t.priority.id))).toBe(true);
    // The same list written as one text: "Solved, Closed", "closed or solved", "novo ou pendente".
    for (const [text, ids] of [
      ['Solved,Closed', [5, 6]],
      ['closed or solved', [5, 6]],
      ['Novo ou Pendente', [1, 4]],
      ['4; 5', [4, 5]],
      ['new / pending', [1, 4]],
    ] as const) {
      const written = success(await ticket('ticket_search', { status: text, limit: 100 }));
      expect([text, written.resolved?.status]).toEqual([text, expect.objectContaining({ input: text, ids })]);
    }
    const halfWrong = failure(await ticket('ticket_search', { status: 'Solved, Closd' }), 'VALIDATION_FAILED');
    expect(halfWrong.error.issues).toEqual([expect.objectContaining({ field: 'status', message: expect.stringMatching(/'Closd'.*Did you mean 'Closed'/) })]);
    // Setting a value takes one: a text naming two is refused on a write.
    const two = failure(await ticket('ticket_create', { name: 'Dois estados', status: 'New, Pending', dry_run: true }), 'VALIDATION_FAILED');
    expect(two.error.issues![0]).toMatchObject({
      field: 'status',
      message: expect.stringMatching(/^status takes one value, and 'New, Pending' names 2 \(New, Pending\): send one\./),
    });
    // Every value that is none is named at once; an empty list is no filter to guess.
    const wrong = failure(await ticket('ticket_search', { status: ['New', 'Pendnte', 'talvez'], priority: [] }), 'VALIDATION_FAILED');
    expect(wrong.error.issues).toEqual([
      expect.objectContaining({ field: 'status', code: 'INVALID_VALUE', message: expect.stringMatching(/'Pendnte'.*Did you mean 'Pendente'.*'talvez'/) }),
      expect.objectContaining({ field: 'priority', code: 'INVALID_VALUE', message: expect.stringContaining('at least one') }),
    ]);
    // Setting a status takes one: a list is refused there.
    failure(await ticket('ticket_create', { name: 'Dois estados', status: ['New', 'Pending'], dry_run: true }), 'VALIDATION_FAILED');
    // Setting a status is one status: a ticket opened as "open" is New, one set "em atendimento" is assigned.
    const dry = success(await ticket('ticket_create', { name: 'Aberto agora', status: 'open', dry_run: true }));
    expect(dry.applied).toMatchObject({ status: 1 });
    const taken = success(await ticket('ticket_create', { name: 'Em atendimento agora', status: 'em atendimento', dry_run: true }));
    expect(taken.applied).toMatchObject({ status: 2 });
  });

  it('reads "today", "ontem" and "amanhã" as that day in the zone in force, and applied shows the date taken', async () => {
    const zone = 'America/Sao_Paulo';
    const day = (shift: number) => {
      const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date()).split('-').map(Number);
      return new Date(Date.UTC(y, m - 1, d + shift)).toISOString().slice(0, 10);
    };
    const dry = success(await ticket('ticket_create', { name: 'Prazo amanhã', time_to_resolve: 'amanhã', date: 'Today', timezone: zone, dry_run: true }));
    expect(dry.applied).toMatchObject({ time_to_resolve: `${day(1)}T00:00:00-03:00`, date: `${day(0)}T00:00:00-03:00` });
    // A search reads them in the caller's zone: the same tickets as the dates of those days there.
    const today = String(success(await ticket('ticket_create', { name: 'Hoje', date: 'hoje', dry_run: true })).applied?.date).slice(0, 10);
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    success(await ticket('ticket_create', { name: 'Aberto ontem', date: `${yesterday} 10:00` }));
    const byWord = success(await ticket('ticket_search', { date_from: 'ontem', date_to: 'hoje', limit: 100 })).data as Page;
    const byDate = success(await ticket('ticket_search', { date_from: yesterday, date_to: today, limit: 100 })).data as Page;
    expect(byWord.total).toBeGreaterThan(0);
    expect(byWord.total).toBe(byDate.total);
    // A count of days from today is that day there too, and so is one back.
    const due = success(await ticket('ticket_create', { name: 'Prazo em 3 dias', time_to_resolve: 'in 3 days', timezone: zone, dry_run: true }));
    expect(due.applied).toMatchObject({ time_to_resolve: `${day(3)}T00:00:00-03:00` });
    const back = success(await ticket('ticket_search', { date_from: 'há 1 dia', date_to: 'today', limit: 100 })).data as Page;
    expect(back.total).toBe(byDate.total);
    // A weekday is refused, with the days it can name in the zone as candidates.
    const weekday = failure(
      await ticket('ticket_create', { name: 'Até sexta', time_to_resolve: 'next friday', timezone: zone, dry_run: true }),
      'VALIDATION_FAILED',
    );
    const fridays = weekday.error.issues?.[0]?.candidates as Array<{ value: string }>;
    expect(fridays.map((c) => new Date(`${c.value}T12:00:00Z`).getUTCDay())).toEqual([5, 5]);
    expect(fridays.map((c) => c.value > day(0) && c.value <= day(14))).toEqual([true, true]);
    // The end of this month: its last day, suggested (a deadline's words; the model confirms the day).
    const monthEnd = failure(
      await ticket('ticket_create', { name: 'Até o fim do mês', time_to_resolve: 'fim do mês', timezone: zone, dry_run: true }),
      'VALIDATION_FAILED',
    );
    const lastDay = monthEnd.error.issues?.[0]?.did_you_mean as string;
    expect(lastDay.slice(0, 7)).toBe(day(0).slice(0, 7));
    expect(new Date(Date.parse(`${lastDay}T12:00:00Z`) + 86_400_000).toISOString().slice(8, 10)).toBe('01');
    // A count of business days: the day it names, weekends skipped, suggested (holidays are not known here).
    const business = failure(
      await ticket('ticket_create', { name: 'Prazo útil', time_to_resolve: 'em 5 dias úteis', timezone: zone, dry_run: true }),
      'VALIDATION_FAILED',
    );
    const businessDay = business.error.issues?.[0]?.did_you_mean as string;
    expect([1, 2, 3, 4, 5]).toContain(new Date(`${businessDay}T12:00:00Z`).getUTCDay());
    expect(businessDay >= day(5) && businessDay <= day(7)).toBe(true);
    // This week's first day: a Monday or a Sunday, by custom, so both are offered, each as a day to send.
    const thisWeek = failure(await ticket('ticket_search', { date_from: 'esta semana' }), 'VALIDATION_FAILED');
    expect(thisWeek.error.issues).toHaveLength(1);
    const starts = thisWeek.error.issues?.[0]?.candidates as Array<{ value: string }>;
    expect(starts.map((c) => new Date(`${c.value}T12:00:00Z`).getUTCDay()).sort()).toEqual([0, 1]);
    // Seen from today in the caller's zone (a day either side of São Paulo's).
    expect(starts.every((c) => c.value <= day(1) && c.value > day(-8))).toBe(true);
    for (const { value } of starts) success(await ticket('ticket_search', { date_from: value }));
    // "Since" a weekday starts a range on its latest, today included: a Monday of the last seven days, suggested.
    const since = failure(await ticket('ticket_search', { date_from: 'desde segunda', date_to: 'since monday' }), 'VALIDATION_FAILED');
    const [sinceFrom, sinceTo] = since.error.issues!;
    expect(sinceFrom).toMatchObject({ field: 'date_from', code: 'INVALID_DATE' });
    const monday = sinceFrom.did_you_mean as string;
    expect(new Date(`${monday}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(monday <= day(0) && monday > day(-7)).toBe(true);
    // Ending a range, "since" names no day: refused with the forms taken, nothing suggested.
    expect(sinceTo).toMatchObject({ field: 'date_to', code: 'INVALID_DATE' });
    expect(sinceTo.did_you_mean).toBeUndefined();
    // A word for no one day is still refused, with the forms taken.
    const refused = failure(await ticket('ticket_search', { date_from: 'last week' }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([
      expect.objectContaining({ field: 'date_from', code: 'INVALID_DATE', expected: expect.stringContaining('today/yesterday/tomorrow') }),
    ]);
    // Ending a range, the same words name its end: a span back from today ends today, this month at its last day.
    const ends = failure(await ticket('ticket_search', { date_from: 'last week', date_to: 'last week' }), 'VALIDATION_FAILED');
    const [from, to] = ends.error.issues!.map((i) => i.did_you_mean as string);
    expect(to > from).toBe(true);
    expect(to >= day(-1) && to <= day(1)).toBe(true);
    const month = failure(await ticket('ticket_search', { date_from: 'este mês', date_to: 'este mês' }), 'VALIDATION_FAILED');
    const [first, last] = month.error.issues!.map((i) => i.did_you_mean as string);
    expect([first.slice(8), Number(last.slice(8)) >= 28, first.slice(0, 7) === last.slice(0, 7)]).toEqual(['01', true, true]);
  });

  it('takes "me" ("eu", "mim") for the caller in a user field, unless a user goes by that name, and says whom', async () => {
    const byName = success(await ticket('ticket_search', { assignee_id: 'glpi', limit: 100 })).data as Page;
    const me = success(await ticket('ticket_search', { assignee_id: 'me', limit: 100 }));
    expect(me.resolved).toEqual({ assignee_id: { input: 'me', id: expect.any(Number), name: 'glpi' } });
    expect((me.data as Page).items.map((t) => t.id)).toEqual(byName.items.map((t) => t.id));
    const dry = success(await ticket('ticket_create', { name: 'Para mim', assignee_id: 'Eu', observers: ['mim'], dry_run: true }));
    expect(dry.resolved).toMatchObject({ assignee_id: { input: 'Eu', name: 'glpi' } });
    const callerId = (me.resolved?.assignee_id as { id: number }).id;
    expect(dry.applied).toMatchObject({ assignee_id: callerId });
    expect(JSON.stringify(dry.applied)).toContain(String(callerId));
    // A user who goes by that name is that user.
    const eu = Number(success(await user('user_create', { name: 'eu', realname: 'Eunice' })).id);
    expect(success(await ticket('ticket_search', { assignee_id: 'eu' })).resolved).toEqual({ assignee_id: { input: 'eu', id: eu, name: 'eu' } });
  });

  it('shows every field for "*", "all" or "todos" in fields, as when none is named', async () => {
    const whole = success(await ticket('ticket_get', { id: 1 }));
    for (const fields of ['*', ['*'], 'all', 'todos', ['All fields']]) {
      const got = success(await ticket('ticket_get', { id: 1, fields }));
      expect([fields, Object.keys(got.data as object)]).toEqual([fields, Object.keys(whole.data as object)]);
    }
    const page = success(await ticket('ticket_search', { fields: '*', limit: 1 }));
    expect(Object.keys((page.data as Page).items[0] as object).length).toBeGreaterThan(5);
    // With a field beside it, "*" is an entry like any other: refused.
    failure(await ticket('ticket_get', { id: 1, fields: ['*', 'name'] }), 'VALIDATION_FAILED');
  });

  it('sorts by the words people use: newest, mais antigos, recently updated, maior prioridade, and says which sort each took', async () => {
    const ids = async (sort: string) => (success(await ticket('ticket_search', { sort, limit: 100 })).data as Page).items.map((t) => t.id);
    const taken = async (sort: string) => success(await ticket('ticket_search', { sort, limit: 1 })).resolved;
    expect(await taken('Mais recentes')).toEqual({ sort: { input: 'Mais recentes', value: '-date' } });
    expect(await taken('priority desc')).toEqual({ sort: { input: 'priority desc', value: '-priority' } });
    expect(await taken('-date')).toEqual({});
    // A key and its direction as other APIs write them: "date:desc", or an object of the two.
    const objectTaken = async (sort: unknown) => success(await ticket('ticket_search', { sort, limit: 1 })).resolved;
    expect(await taken('date:desc')).toEqual({ sort: { input: 'date:desc', value: '-date' } });
    expect(await taken('priority:ASC')).toEqual({ sort: { input: 'priority:ASC', value: 'priority' } });
    for (const [sent, value] of [
      [{ date: 'desc' }, '-date'],
      [{ field: 'priority', order: 'desc' }, '-priority'],
      [{ field: 'date_mod', direction: 'asc' }, 'date_mod'],
      [{ by: 'status' }, 'status'],
    ] as const) {
      expect([sent, await objectTaken(sent)]).toEqual([sent, { sort: { input: sent, value } }]);
    }
    for (const sent of [{ date: 'sideways' }, { date: 'desc', priority: 'asc' }, { field: 'date', order: 'desc', then: 'id' }]) {
      const refused = failure(await ticket('ticket_search', { sort: sent }), 'VALIDATION_FAILED');
      expect([sent, refused.error.issues?.[0].field]).toEqual([sent, 'sort']);
    }
    for (const [word, sort] of [
      ['newest', '-date'],
      ['Mais recentes', '-date'],
      ['oldest first', 'date'],
      ['mais antigos', 'date'],
      ['recently updated', '-date_mod'],
      ['highest priority', '-priority'],
      ['maior prioridade', '-priority'],
    ]) {
      expect([word, await ids(word)]).toEqual([word, await ids(sort)]);
    }
  });

  it('suggests for a sort key named as other schemas name it the key it is, in the direction sent, and nothing for a key it cannot be', async () => {
    const hint = async (sort: string) => {
      const refused = failure(await ticket('ticket_search', { sort }), 'VALIDATION_FAILED');
      return refused.error.issues![0].did_you_mean;
    };
    for (const [sent, meant] of [
      ['updated_at', 'date_mod'],
      ['-updated_at', '-date_mod'],
      ['updated_at desc', '-date_mod'],
      ['last_modified ASC', 'date_mod'],
      ['created_at desc', '-date'],
      ['-opened', '-date'],
      ['priorty', 'priority'],
      ['-prioridade', '-priority'],
      ['newst', '-date'],
      // A ticket is created when it is opened; its creation is not its last change.
      ['date_creation', 'date'],
      ['-creation_date', '-date'],
      // A key no sort has: no key in its place.
      ['resolution_date', undefined],
      ['urgency', undefined],
      ['title', undefined],
    ] as const) {
      expect([sent, await hint(sent)]).toEqual([sent, meant]);
    }
    // Users have no creation date to sort by: their last change is not it.
    const users = failure(await user('user_search', { sort: 'created_at desc' }), 'VALIDATION_FAILED');
    expect(users.error.issues![0].did_you_mean).toBeUndefined();
    expect(failure(await user('user_search', { sort: 'updated_at desc' }), 'VALIDATION_FAILED').error.issues![0].did_you_mean).toBe('-date_mod');
  });

  it('answers a sort by several keys with the keys it read, and no one key in their place', async () => {
    const refused = failure(await ticket('ticket_search', { sort: 'priority desc, date' }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([expect.objectContaining({ field: 'sort', code: 'INVALID_VALUE', received: 'priority desc, date' })]);
    expect(refused.error.issues![0].did_you_mean).toBeUndefined();
    expect(refused.error.issues![0].message).toContain("sort takes one value, and 'priority desc, date' names 2 (-priority, date)");
  });

  it('sorts projects by the same kind of words, and filters them by a list of priorities', async () => {
    const projects = await openSession(admin, 'project');
    const search = async (args: Record<string, unknown>) =>
      success(await callTool(admin, 'project_search', { domain: 'project', session_id: projects, limit: 100, ...args }));
    const ids = async (sort: string) => ((await search({ sort })).data as Page).items.map((p) => p.id);
    for (const [word, sort] of [
      ['newest', '-date_creation'],
      ['mais antigos', 'date_creation'],
      ['recently updated', '-date_mod'],
      ['maior prioridade', '-priority'],
    ]) {
      expect([word, await ids(word)]).toEqual([word, await ids(sort)]);
    }
    const either = await search({ priority: ['High', 'Média'] });
    expect(either.resolved).toEqual({ priority: { input: ['High', 'Média'], ids: [3, 4], names: ['Medium', 'High'] } });
    const each = await Promise.all([3, 4].map(async (priority) => ((await search({ priority })).data as Page).total));
    expect((either.data as Page).total).toBe(each[0] + each[1]);
  });
});
