import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RecordCandidate } from '../src/envelope/issue.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

/** Hints a model follows: each is right, or absent; an ambiguity lists what tells the options apart. */
describe.each(DATABASES)('hints that never mislead, on %s', (kind) => {
  let stack: TestStack;
  let client: Client;
  let tickets: string;
  let users: string;
  let ticketId: number;

  beforeAll(async () => {
    stack = await startStack(kind);
    client = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    users = await openSession(client, 'user');
    // Two people named Carla, one in each branch.
    for (const [login, realname, entity] of [
      ['carla.m', 'Mendes', 'Sede'],
      ['carla.p', 'Pereira', 'Filial Porto'],
    ]) {
      success(
        await callTool(client, 'user_create', {
          domain: 'user',
          session_id: users,
          name: login,
          firstname: 'Carla',
          realname,
          email: `${login}@example.org`,
          entities_id: entity,
          profiles_id: 'Technician',
        }),
      );
    }
    tickets = await openSession(client, 'ticket');
    ticketId = Number(success(await callTool(client, 'ticket_create', { domain: 'ticket', session_id: tickets, name: 'Scanner da recepção travado' })).id);
  });
  afterAll(async () => {
    await client?.close();
    await stack?.close();
  });

  const update = (args: Record<string, unknown>) => callTool(client, 'ticket_update', { domain: 'ticket', session_id: tickets, id: ticketId, ...args });

  /**
   * Calls `tool` with `base` and each case's key and value: each is answered with one UNKNOWN_FIELD
   * on that key, no field suggested, whose message says `says`.
   */
  /** The issues `tool` refuses `args` with (VALIDATION_FAILED). */
  const issuesOf = async (tool: string, args: Record<string, unknown>) => failure(await callTool(client, tool, args), 'VALIDATION_FAILED').error.issues!;

  const expectToldInstead = async (tool: string, base: Record<string, unknown>, cases: ReadonlyArray<readonly [string, unknown, string]>) => {
    for (const [key, value, says] of cases) {
      const issues = await issuesOf(tool, { ...base, [key]: value });
      expect([key, issues.map((issue) => [issue.field, issue.code, issue.did_you_mean])]).toEqual([key, [[key, 'UNKNOWN_FIELD', undefined]]]);
      expect([key, issues[0].message]).toEqual([key, expect.stringContaining(says)]);
    }
  };

  it('"Em espera" is Pending, and a misspelt status suggests the label it misspells', async () => {
    const stored = success(await update({ status: 'Em espera' }));
    expect(stored.applied).toMatchObject({ status: 4 });
    const issue = failure(await update({ status: 'Pendnte' }), 'VALIDATION_FAILED').error.issues![0];
    expect(issue).toMatchObject({ field: 'status', code: 'INVALID_VALUE', did_you_mean: 'Pendente' });
    const noHint = failure(await update({ status: 'Em atendimento (outro)' }), 'VALIDATION_FAILED').error.issues![0];
    expect(noHint.did_you_mean).toBeUndefined();
  });

  it('"Carla" with two Carlas is ambiguous, with both candidates and what tells them apart', async () => {
    const issue = failure(await update({ assignee_id: 'Carla' }), 'VALIDATION_FAILED').error.issues![0];
    expect(issue.code).toBe('REFERENCE_AMBIGUOUS');
    expect(issue.did_you_mean).toBeUndefined();
    const candidates = issue.candidates as RecordCandidate[];
    expect(candidates.map(({ name, login, email, entity }) => ({ name, login, email, entity })).sort((a, b) => a.login!.localeCompare(b.login!))).toEqual([
      { name: 'Carla Mendes', login: 'carla.m', email: 'carla.m@example.org', entity: 'Root entity > Sede' },
      { name: 'Carla Pereira', login: 'carla.p', email: 'carla.p@example.org', entity: 'Root entity > Filial Porto' },
    ]);
    // A part of one name only is a suggestion, never resolved silently.
    const one = failure(await update({ assignee_id: 'Pereira' }), 'VALIDATION_FAILED').error.issues![0];
    expect(one).toMatchObject({ code: 'REFERENCE_NOT_FOUND', did_you_mean: 'carla.p' });
    // Following it works: carla.p is a technician of Filial Porto, where the ticket moves with her.
    const followed = success(await update({ assignee_id: one.did_you_mean, entities_id: 'Filial Porto', dry_run: true }));
    expect(followed.resolved).toMatchObject({ assignee_id: { name: 'carla.p' } });
  });

  it('suggests the field a tool calls by another name, search filters included', async () => {
    const followup = failure(
      await callTool(client, 'ticket_add_entry', { domain: 'ticket', session_id: tickets, id: ticketId, comment: 'Reiniciado' }),
      'VALIDATION_FAILED',
    );
    expect(followup.error.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'comment', code: 'UNKNOWN_FIELD', did_you_mean: 'content' })]),
    );
    const search = failure(await callTool(client, 'user_search', { domain: 'user', session_id: users, login: 'carla.m' }), 'VALIDATION_FAILED');
    expect(search.error.issues![0]).toMatchObject({ field: 'login', code: 'UNKNOWN_FIELD', did_you_mean: 'name' });
    // GLPI calls a validation's answer its status: the approver's "status: aprovado" is the answer.
    const answer = failure(
      await callTool(client, 'ticket_validation', { domain: 'ticket', session_id: tickets, id: ticketId, status: 'aprovado' }),
      'VALIDATION_FAILED',
    );
    expect(answer.error.issues![0]).toMatchObject({ field: 'status', code: 'UNKNOWN_FIELD', did_you_mean: 'answer' });
    // A search has no title filter: its free text reads the title (and the description).
    for (const field of ['title', 'name', 'subject', 'titulo', 'description']) {
      const byTitle = failure(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, [field]: 'Scanner' }), 'VALIDATION_FAILED');
      expect([field, byTitle.error.issues![0]]).toEqual([field, expect.objectContaining({ field, code: 'UNKNOWN_FIELD', did_you_mean: 'query' })]);
    }
    // A domain named in pt-BR or as its records: the domain it is, suggested, never taken (domain tools are sent it as it is).
    for (const [word, domain] of [
      ['chamados', 'ticket'],
      ['Incidentes', 'ticket'],
      ['usuários', 'user'],
      ['pessoas', 'user'],
      ['projetos', 'project'],
    ] as const) {
      const refused = failure(await callTool(client, 'domain_switch', { domain: word }), 'VALIDATION_FAILED');
      expect([word, refused.error.issues]).toEqual([word, [expect.objectContaining({ field: 'domain', code: 'INVALID_VALUE', did_you_mean: domain })]]);
    }
    // A session sent under another name is renamed, not replaced: no domain_switch, which would open an unverified session.
    const renamed = failure(
      await callTool(client, 'ticket_update', { domain: 'ticket', sessionId: tickets, id: ticketId, urgency: 'high' }),
      'VALIDATION_FAILED',
    );
    expect(renamed.error).not.toHaveProperty('next_call');
    expect(renamed.error.message).not.toContain('domain_switch');
    expect(renamed.error.issues!.map((issue) => [issue.field, issue.code, issue.did_you_mean])).toEqual([
      ['session_id', 'REQUIRED', undefined],
      ['sessionId', 'UNKNOWN_FIELD', 'session_id'],
    ]);
    success(await update({ urgency: 'high' }));
    // A word for no one on a write's field that takes null is told null clears it, not listed every user.
    for (const word of ['none', 'ninguém']) {
      const cleared = failure(await update({ assignee_id: word, dry_run: true }), 'VALIDATION_FAILED');
      expect([word, cleared.error.issues]).toEqual([
        word,
        [{ field: 'assignee_id', code: 'INVALID_VALUE', received: word, message: `'${word}' names no one: to clear assignee_id, send null.` }],
      ]);
    }
    success(await update({ assignee_id: null, dry_run: true }));
    // A word for the whole desk names no one domain.
    const desk = failure(await callTool(client, 'domain_switch', { domain: 'helpdesk' }), 'VALIDATION_FAILED');
    expect(desk.error.issues![0]).not.toHaveProperty('did_you_mean');
    // A read whose id takes the record's name has no name field: the name sent, by any of its words, is the id.
    for (const field of ['name', 'title', 'titulo']) {
      const read = failure(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: tickets, [field]: 'Scanner' }), 'VALIDATION_FAILED');
      // The name is also looked up as the id would be: a part of a title is suggested the whole.
      expect([field, read.error.issues]).toEqual([
        field,
        [
          expect.objectContaining({ field: 'id', code: 'REFERENCE_NOT_FOUND', did_you_mean: 'Scanner da recepção travado' }),
          expect.objectContaining({ field, code: 'UNKNOWN_FIELD', did_you_mean: 'id' }),
        ],
      ]);
    }
    const byLogin = failure(await callTool(client, 'user_get', { domain: 'user', session_id: users, login: 'carla.m' }), 'VALIDATION_FAILED');
    expect(byLogin.error.issues).toEqual([expect.objectContaining({ field: 'login', code: 'UNKNOWN_FIELD', did_you_mean: 'id' })]);
    // A write that acts on a record is not told its title is the id: it may be one meant for what it adds.
    const entry = failure(
      await callTool(client, 'ticket_add_entry', { domain: 'ticket', session_id: tickets, id: ticketId, title: 'Retorno', content: 'x' }),
      'VALIDATION_FAILED',
    );
    expect(entry.error.issues).toEqual([expect.objectContaining({ field: 'title', code: 'UNKNOWN_FIELD' })]);
    expect(entry.error.issues![0].message).toMatch(/^Unknown field 'title'\. Known fields: /);
    // Where the tool has a name field, the title is that field (a new title), not the record.
    const retitled = failure(
      await callTool(client, 'ticket_update', { domain: 'ticket', session_id: tickets, id: ticketId, title: 'Novo' }),
      'VALIDATION_FAILED',
    );
    expect(retitled.error.issues).toEqual([expect.objectContaining({ field: 'title', code: 'UNKNOWN_FIELD', did_you_mean: 'name' })]);
    // Counts per value are asked for as other APIs name it: group_by is the field.
    for (const field of ['count_by', 'stats_by', 'aggregate_by', 'contar_por']) {
      const counted = failure(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, [field]: 'status' }), 'VALIDATION_FAILED');
      expect([field, counted.error.issues]).toEqual([field, [expect.objectContaining({ field, code: 'UNKNOWN_FIELD', did_you_mean: 'group_by' })]]);
    }
    // A page number or an offset is no cursor: no field is suggested (cursor: 2 is refused), the message says how pages go.
    for (const [field, value] of [
      ['page', 2],
      ['offset', '20'],
      ['pagina', 3],
    ] as const) {
      const paged = failure(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, [field]: value }), 'VALIDATION_FAILED');
      expect([field, paged.error.issues]).toEqual([
        field,
        [
          {
            field,
            code: 'UNKNOWN_FIELD',
            received: value,
            message: `Unknown field '${field}': pages are read by cursor, not by number: send cursor, the next_cursor of the previous page, with the same filters and sort (the first page: no cursor).`,
          },
        ],
      ]);
    }
    // A cursor sent under another name is one: that name is suggested.
    const token = failure(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, next_cursor: 'abc' }), 'VALIDATION_FAILED');
    expect(token.error.issues![0]).toMatchObject({ field: 'next_cursor', code: 'UNKNOWN_FIELD', did_you_mean: 'cursor' });
  });

  it('suggests no field for a name it only shares a time word or a field-of-everything word with, and the one or the list a value fits', async () => {
    const hintFor = async (tool: string, args: Record<string, unknown>) => {
      const refused = failure(await callTool(client, tool, { domain: 'ticket', session_id: tickets, dry_run: true, ...args }), 'VALIDATION_FAILED');
      const [key] = Object.keys(args);
      return refused.error.issues!.find((issue) => issue.field === key)?.did_you_mean;
    };
    // created_at is no misspelling of created_to (the end of the opening range), nor updated_at of updated_after.
    expect(await hintFor('ticket_search', { created_at: '2026-11-01' })).toBeUndefined();
    expect(await hintFor('ticket_search', { updated_at: '2026-11-01' })).toBeUndefined();
    // A resolution date is not the opening date; notes are no name; who opened a ticket is its requester.
    expect(await hintFor('ticket_create', { name: 'Scanner', resolution_date: '2026-12-10' })).toBeUndefined();
    expect(await hintFor('ticket_create', { name: 'Scanner', notes: 'Ligar antes' })).toBeUndefined();
    expect(await hintFor('ticket_create', { opened_by: 'tech' })).toBe('requester_id');
    // Between a field for one user and the list of them, the value's shape decides.
    expect(await hintFor('ticket_create', { requester_name: 'tech' })).toBe('requester_id');
    expect(await hintFor('ticket_create', { requester_name: ['tech', 'glpi'] })).toBe('requesters');
    expect(await hintFor('ticket_create', { ticket_type: 'incidente' })).toBe('type');
    expect(await hintFor('ticket_search', { priority_level: 'alta' })).toBe('priority');
  });

  it("suggests for another kind's <kind>_id the field naming that kind, never the id of the tool's own record", async () => {
    const projects = await openSession(client, 'project');
    const save = (args: Record<string, unknown>) =>
      callTool(client, 'project_task_save', { domain: 'project', session_id: projects, name: 'Migrar dados', ...args });
    // A task's project is its projects_id: project_id is no task's id.
    expect(failure(await save({ project_id: 'Migração ERP' }), 'VALIDATION_FAILED').error.issues).toEqual([
      expect.objectContaining({ field: 'project_id', code: 'UNKNOWN_FIELD', did_you_mean: 'projects_id' }),
    ]);
    // Users joining a task are its members; the one it is assigned to, a member too.
    expect(failure(await save({ projects_id: 'Migração ERP', users: ['tech'] }), 'VALIDATION_FAILED').error.issues).toEqual([
      expect.objectContaining({ field: 'users', code: 'UNKNOWN_FIELD', did_you_mean: 'add_members' }),
    ]);
    for (const [field, meant] of [
      ['assignee', 'member_id'],
      ['assigned_to', 'member_id'],
      ['responsavel', 'member_id'],
      ['assignees', 'add_members'],
    ] as const) {
      const value = meant === 'add_members' ? ['tech'] : 'tech';
      expect([field, failure(await save({ projects_id: 'Migração ERP', [field]: value }), 'VALIDATION_FAILED').error.issues]).toEqual([
        field,
        [expect.objectContaining({ field, code: 'UNKNOWN_FIELD', did_you_mean: meant })],
      ]);
    }
    // On a project's own tool, project_id is the project's id.
    const get = failure(await callTool(client, 'project_get', { domain: 'project', session_id: projects, project_id: 'Migração ERP' }), 'VALIDATION_FAILED');
    expect(get.error.issues).toEqual([expect.objectContaining({ field: 'project_id', code: 'UNKNOWN_FIELD', did_you_mean: 'id' })]);
  });

  it('sends a field of work another tool does to that tool, never to a field of this one that only looks like it', async () => {
    const issues = failure(
      await update({
        solution: 'Toner trocado',
        note: 'Ligar amanhã',
        private_note: 'Senha do Wi-Fi trocada',
        approver_id: 'tech',
        duplicate_of: 1,
        tasks: [],
      }),
      'VALIDATION_FAILED',
    ).error.issues!;
    const byField = new Map(issues.map((issue) => [issue.field, issue]));
    expect(byField.get('solution')?.message).toContain('ticket_add_entry {id, kind: "solution", content}');
    expect(byField.get('note')?.message).toContain('ticket_add_entry {id, kind: "followup", content}');
    // A private one keeps its privacy in the call it is sent to.
    expect(byField.get('private_note')?.message).toContain('ticket_add_entry {id, kind: "followup", content, is_private: true}');
    expect(byField.get('tasks')?.message).toContain('ticket_add_entry {id, kind: "task", content');
    expect(byField.get('approver_id')?.message).toContain('ticket_validation {id, approver_id}');
    expect(byField.get('duplicate_of')?.message).toContain('ticket_link {id, other_id, relation}');
    for (const issue of issues) expect([issue.field, issue.code, issue.did_you_mean]).toEqual([issue.field, 'UNKNOWN_FIELD', undefined]);
    // A create points there too; a project's tasks are project_task_save's.
    const create = failure(
      await callTool(client, 'ticket_create', { domain: 'ticket', session_id: tickets, name: 'Novo', followup: 'x', dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(create.error.issues![0].message).toContain('ticket_add_entry');
    const projects = await openSession(client, 'project');
    const project = failure(
      await callTool(client, 'project_create', {
        domain: 'project',
        session_id: projects,
        name: 'P',
        tasks: ['Levantamento'],
        due_date: 'in 3 months',
        dry_run: true,
      }),
      'VALIDATION_FAILED',
    );
    expect(project.error.issues).toEqual([
      expect.objectContaining({ field: 'tasks', code: 'UNKNOWN_FIELD', message: expect.stringContaining('project_task_save') }),
      expect.objectContaining({ field: 'due_date', code: 'UNKNOWN_FIELD', did_you_mean: 'plan_end_date' }),
    ]);
  });

  it('suggests the range a model names by what happened before or after a date (created_after, due_before, updated_since)', async () => {
    const search = failure(
      await callTool(client, 'ticket_search', {
        domain: 'ticket',
        session_id: tickets,
        created_after: '2026-11-01',
        opened_before: '2026-12-01',
        due_before: 'tomorrow',
        updated_since: 'yesterday',
      }),
      'VALIDATION_FAILED',
    );
    expect(Object.fromEntries(search.error.issues!.map((issue) => [issue.field, issue.did_you_mean]))).toEqual({
      created_after: 'date_from',
      opened_before: 'date_to',
      due_before: 'time_to_resolve_to',
      updated_since: 'date_mod_from',
    });
    const projects = await openSession(client, 'project');
    const project = failure(
      await callTool(client, 'project_search', { domain: 'project', session_id: projects, starts_after: '2026-01-01', ends_before: '2026-12-31' }),
      'VALIDATION_FAILED',
    );
    expect(Object.fromEntries(project.error.issues!.map((issue) => [issue.field, issue.did_you_mean]))).toEqual({
      starts_after: 'plan_start_date_from',
      ends_before: 'plan_end_date_to',
    });
  });

  it('names both fields where a model sends in one what is two here (a full name, a date range), and suggests neither alone', async () => {
    for (const key of ['full_name', 'fullName', 'nome_completo', 'display_name']) {
      const created = failure(
        await callTool(client, 'user_create', { domain: 'user', session_id: users, name: 'ana.costa', [key]: 'Ana Costa', dry_run: true }),
        'VALIDATION_FAILED',
      );
      expect([key, created.error.issues]).toEqual([
        key,
        [
          expect.objectContaining({
            field: key,
            code: 'UNKNOWN_FIELD',
            message: `Unknown field '${key}': here it is two fields, firstname and realname (the first name and the surname). Send each.`,
          }),
        ],
      ]);
      expect(created.error.issues![0].did_you_mean).toBeUndefined();
    }
    for (const key of ['date_range', 'created_between', 'period']) {
      const search = failure(
        await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, [key]: ['2026-11-01', '2026-11-30'] }),
        'VALIDATION_FAILED',
      );
      expect([key, search.error.issues![0].message]).toEqual([
        key,
        `Unknown field '${key}': here it is two fields, date_from and date_to (the range's first and last date). Send each.`,
      ]);
    }
    // A date a search filters by a range, sent by its name or another of its names: the range's two ends
    // (it was "Did you mean 'overdue'?" for `date`, spelled like overdue's `late`, and its value checked as a flag).
    const projects = await openSession(client, 'project');
    for (const [tool, session, key, from, to] of [
      ['ticket_search', tickets, 'date', 'date_from', 'date_to'],
      ['ticket_search', tickets, 'created_at', 'date_from', 'date_to'],
      ['ticket_search', tickets, 'data_abertura', 'date_from', 'date_to'],
      ['ticket_search', tickets, 'due_date', 'time_to_resolve_from', 'time_to_resolve_to'],
      ['ticket_search', tickets, 'updated_at', 'date_mod_from', 'date_mod_to'],
      ['project_search', projects, 'start_date', 'plan_start_date_from', 'plan_start_date_to'],
      ['user_search', users, 'date_mod', 'date_mod_from', 'date_mod_to'],
    ]) {
      const domain = tool.split('_')[0];
      const refused = failure(await callTool(client, tool, { domain, session_id: session, [key]: '2026-11-01' }), 'VALIDATION_FAILED');
      expect([tool, key, refused.error.issues]).toEqual([
        tool,
        key,
        [
          {
            field: key,
            code: 'UNKNOWN_FIELD',
            received: '2026-11-01',
            message: `Unknown field '${key}': a search takes it as a range, two fields, ${from} and ${to} (its first and last date, inclusive; one day: that date in both). Send one or both.`,
          },
        ],
      ]);
    }
    // A tool without both fields says nothing of them.
    const searched = failure(await callTool(client, 'user_search', { domain: 'user', session_id: users, full_name: 'Ana' }), 'VALIDATION_FAILED');
    expect(searched.error.issues![0].message).not.toContain('two fields');
  });

  it('takes no short key for a field whose name or alias differs from it in the first letter (by is no my), nor one a letter from an alias without its value bearing it out (done is no dono)', async () => {
    for (const [key, value] of [
      ['by', 'tech'],
      ['rate', true],
    ] as const) {
      const refused = failure(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, [key]: value }), 'VALIDATION_FAILED');
      // It was "Did you mean 'mine'?", with "mine 'tech' is not one of: requester, …" beside it.
      expect([key, refused.error.issues!.map((issue) => [issue.field, issue.code, issue.did_you_mean])]).toEqual([key, [[key, 'UNKNOWN_FIELD', undefined]]]);
    }
    // A short key a letter from an alias is a guess its value must bear out: `done` is no `dono` (users_id) when it is true.
    const projects = await openSession(client, 'project');
    const done = failure(await callTool(client, 'project_search', { domain: 'project', session_id: projects, done: true }), 'VALIDATION_FAILED');
    expect(done.error.issues!.map((issue) => [issue.field, issue.code, issue.did_you_mean])).toEqual([['done', 'UNKNOWN_FIELD', undefined]]);
    const meant = failure(await callTool(client, 'project_search', { domain: 'project', session_id: projects, done: 'tech' }), 'VALIDATION_FAILED');
    expect(meant.error.issues!.map((issue) => [issue.field, issue.did_you_mean])).toEqual([['done', 'users_id']]);
  });

  it('tells a sort direction sent apart that it is written in sort, with the value to send', async () => {
    const search = (args: Record<string, unknown>) => issuesOf('ticket_search', { domain: 'ticket', session_id: tickets, ...args });
    for (const [args, key, sort] of [
      [{ sort: 'priority', desc: true }, 'desc', '-priority'],
      [{ sort: 'priority', descending: 'true' }, 'descending', '-priority'],
      [{ sort: '-date', direction: 'asc' }, 'direction', 'date'],
      [{ sort: 'date_mod', sort_order: 'DESC' }, 'sort_order', '-date_mod'],
      [{ sort: 'status', ascending: false }, 'ascending', '-status'],
      [{ sort: 'priority', order: 'asc' }, 'order', 'priority'],
      [{ sort: 'date', ordem: 'decrescente' }, 'ordem', '-date'],
    ] as const) {
      expect([key, await search(args)]).toEqual([
        key,
        [
          expect.objectContaining({
            field: key,
            code: 'UNKNOWN_FIELD',
            message: `Unknown field '${key}': the direction is written in sort, a '-' before its key for descending: send sort '${sort}'.`,
          }),
        ],
      ]);
    }
    // The key sent under another name of sort is the key sorted by: one sort to send for both.
    for (const [args, key, alias, sort] of [
      [{ order_by: 'priority', direction: 'desc' }, 'direction', 'order_by', '-priority'],
      [{ sort_by: 'status', desc: true }, 'desc', 'sort_by', '-status'],
      [{ ordenar_por: '-date', ascending: true }, 'ascending', 'ordenar_por', 'date'],
      [{ orderBy: 'priority', order: 'desc' }, 'order', 'orderBy', '-priority'],
      [{ sortBy: 'status', sortDirection: 'DESC' }, 'sortDirection', 'sortBy', '-status'],
    ] as const) {
      const issues = await search(args);
      expect([key, issues.map((issue) => [issue.field, issue.did_you_mean])]).toEqual([
        key,
        [
          [alias, 'sort'],
          [key, undefined],
        ],
      ]);
      expect([key, issues[1].message]).toEqual([
        key,
        `Unknown field '${key}': the direction is written in sort, a '-' before its key for descending: send sort '${sort}', in place of ${alias} and ${key}.`,
      ]);
    }
    // Without a sort: the same rule, its key to choose (\`order: "desc"\` was read as sort 'desc', and refused with the keys).
    expect((await search({ order: 'desc' }))[0].message).toBe(
      "Unknown field 'order': the direction is written in sort, a '-' before its key for descending: send sort '-date' (or another key: date, date_mod, priority, status, id).",
    );
    const alone = await search({ desc: true });
    expect(alone).toEqual([
      expect.objectContaining({
        field: 'desc',
        message:
          "Unknown field 'desc': the direction is written in sort, a '-' before its key for descending: send sort '-date' (or another key: date, date_mod, priority, status, id).",
      }),
    ]);
  });

  it('tells a search asked for its count alone to send limit 0, and still reads count as a page size', async () => {
    const search = async (tool: string, domain: string, session: string, args: Record<string, unknown>) =>
      failure(await callTool(client, tool, { domain, session_id: session, ...args }), 'VALIDATION_FAILED').error.issues!;
    const projects = await openSession(client, 'project');
    for (const [tool, domain, session, args, key] of [
      ['ticket_search', 'ticket', tickets, { count: true }, 'count'],
      ['ticket_search', 'ticket', tickets, { count_only: true, status: 'open' }, 'count_only'],
      ['ticket_search', 'ticket', tickets, { total: 'true' }, 'total'],
      ['ticket_search', 'ticket', tickets, { only_count: 'yes' }, 'only_count'],
      ['project_search', 'project', projects, { just_count: true }, 'just_count'],
      ['user_search', 'user', users, { contar: true }, 'contar'],
    ] as const) {
      expect([key, await search(tool, domain, session, args)]).toEqual([
        key,
        [
          expect.objectContaining({
            field: key,
            code: 'UNKNOWN_FIELD',
            message: `Unknown field '${key}': send limit 0 for the count alone: the answer's total, without rows (past 1000 an estimate unless exact_total: true).`,
          }),
        ],
      ]);
    }
    // A number under count is still a page size: limit is suggested, and the value checked as one.
    for (const count of [500, '500']) {
      const pageSize = await search('ticket_search', 'ticket', tickets, { count });
      expect([count, pageSize.map((issue) => [issue.field, issue.code, issue.did_you_mean])]).toEqual([
        count,
        [
          ['limit', 'OUT_OF_RANGE', undefined],
          ['count', 'UNKNOWN_FIELD', 'limit'],
        ],
      ]);
    }
    // "1" is a page of one, not a yes.
    expect((await search('ticket_search', 'ticket', tickets, { count: '1' })).map((issue) => [issue.field, issue.did_you_mean])).toEqual([['count', 'limit']]);
    // A no: the rows come with their total anyway.
    expect((await search('ticket_search', 'ticket', tickets, { count: false }))[0].message).toBe(
      "Unknown field 'count': every search answers its rows with their total: leave it out.",
    );
    // limit 0: the total alone, the same as a page's, with no rows and no cursor.
    for (const [tool, domain, session, args] of [
      ['ticket_search', 'ticket', tickets, { status: 'open' }],
      ['ticket_search', 'ticket', tickets, { query: 'scanner', exact_total: true }],
      ['project_search', 'project', projects, {}],
      ['user_search', 'user', users, { query: 'carla' }],
    ] as const) {
      const call = (more: Record<string, unknown>) => callTool(client, tool, { domain, session_id: session, ...args, ...more });
      const page = success(await call({ limit: 1 })).data as { total: number };
      const counted = success(await call({ limit: 0 }));
      expect([tool, args, counted.data]).toEqual([tool, args, { items: [], total: page.total, next_cursor: null }]);
      expect(page.total).toBeGreaterThan(0);
    }
  });

  it('tells ticket_update a flag for closing, solving or reopening that the status says it, with the value to send', async () => {
    for (const [key, status] of [
      ['closed', "status 'Closed'"],
      ['close', "status 'Closed'"],
      ['solved', "status 'Solved'"],
      ['resolved', "status 'Solved'"],
      ['reopen', "status 'Processing (assigned)'"],
    ] as const) {
      const issues = failure(await update({ [key]: true }), 'VALIDATION_FAILED').error.issues!;
      expect([key, issues.map((issue) => [issue.field, issue.code])]).toEqual([key, [[key, 'UNKNOWN_FIELD']]]);
      expect([key, issues[0].message]).toEqual([key, expect.stringContaining(`the status says it: send ${status}`)]);
    }
  });

  it('tells ticket_link a key for how the tickets relate the other_id and relation to send, never relation for a ticket', async () => {
    for (const [key, says] of [
      ['duplicate_of', "send other_id with the ticket it duplicates and relation 'Duplicate'"],
      ['parent', "send other_id with the parent ticket and relation 'Child' (id is the child of other_id)"],
      ['child', "send other_id with the child ticket and relation 'Parent' (id is the parent of other_id)"],
      ['related_to', "send other_id with that ticket and relation 'Related'"],
      ['unlink', 'send remove: true with the other ticket in other_id'],
    ] as const) {
      const issues = failure(
        await callTool(client, 'ticket_link', { domain: 'ticket', session_id: tickets, id: ticketId, [key]: key === 'unlink' ? true : 3, dry_run: true }),
        'VALIDATION_FAILED',
      ).error.issues!;
      const mine = issues.find((issue) => issue.field === key)!;
      expect([key, mine.code, mine.did_you_mean, mine.message]).toEqual([key, 'UNKNOWN_FIELD', undefined, expect.stringContaining(says)]);
      // No relation read from the ticket's id (related_to: 3 was checked as relation 3, Child).
      expect([key, issues.map((issue) => issue.field).sort()]).toEqual([key, ['other_id', key].sort()]);
    }
  });

  it('tells ticket_validation a flag for approving or refusing the answer to send, never approver_id for approve', async () => {
    await expectToldInstead('ticket_validation', { domain: 'ticket', session_id: tickets, id: ticketId, comment: 'Sem orçamento', dry_run: true }, [
      ['approve', true, "send answer 'Granted' (or 'Refused', with a comment saying why)"],
      ['accept', 'yes', "send answer 'Granted' (or 'Refused', with a comment saying why)"],
      ['reject', true, "send answer 'Refused' with a comment saying why (or 'Granted')"],
      ['recusar', true, "send answer 'Refused' with a comment saying why (or 'Granted')"],
    ]);
    // A name under approve is still an approver.
    const named = failure(
      await callTool(client, 'ticket_validation', { domain: 'ticket', session_id: tickets, id: ticketId, approve: 'carla.m', dry_run: true }),
      'VALIDATION_FAILED',
    ).error.issues!;
    expect(named.map((issue) => [issue.field, issue.did_you_mean])).toEqual([['approve', 'approver_id']]);
  });

  it("tells ticket_add_entry a task's time in hours or minutes, its technician, its start and a state flag the field and value to send", async () => {
    const task = { domain: 'ticket', session_id: tickets, id: ticketId, kind: 'task', content: 'Troca de cabo', dry_run: true };
    await expectToldInstead('ticket_add_entry', task, [
      ['hours', 2, 'send duration \'2h\' (seconds, "1h30" or "90 min")'],
      ['horas', '1.5', 'send duration \'1.5h\' (seconds, "1h30" or "90 min")'],
      ['minutes', 45, 'send duration \'45 min\' (seconds, "1h30" or "90 min")'],
      ['time', 30, 'send duration with its unit: 30 seconds as it is, or "30 min", "30h"'],
      ['technician', 'tech', "a task's technician is users_id_tech"],
      ['assigned_to', 'tech', "a task's technician is users_id_tech"],
      ['start', '2026-12-07 10:00', 'a task is planned with begin and end'],
      ['date', '2026-12-07 10:00', 'a task is planned with begin and end'],
      ['done', true, "the task's state says it: send state 'Done' (or 'To do', 'Information')"],
      ['todo', true, "the task's state says it: send state 'To do' (or 'Done', 'Information')"],
      ['public', true, 'send is_private false'],
    ]);
    // What they say to send is taken as they say.
    const taken = success(await callTool(client, 'ticket_add_entry', { ...task, duration: '1.5h', state: 'Done', users_id_tech: 'tech' }));
    expect(taken.applied).toMatchObject({ duration: 5400, state: 2 });
  });

  it('tells a ticket write a flag for waiting, taking, unassigning or urgency the field and value to send', async () => {
    await expectToldInstead('ticket_update', { domain: 'ticket', session_id: tickets, id: ticketId }, [
      ['pending', true, "send status 'Pending'"],
      ['on_hold', true, "send status 'Pending'"],
      ['em_espera', true, "send status 'Pending'"],
      ['assign_to_me', true, "send assignee_id 'me'"],
      ['take', true, "send assignee_id 'me'"],
      ['unassign', true, 'send assignee_id null'],
      ['urgent', true, "send urgency 'Very high'"],
      ['escalate', true, "send urgency 'Very high'"],
    ]);
    // A new ticket is told the same of a flag for urgency or for taking it.
    const created = failure(
      await callTool(client, 'ticket_create', { domain: 'ticket', session_id: tickets, name: 'Sem rede', urgent: true, assign_to_me: true, dry_run: true }),
      'VALIDATION_FAILED',
    ).error.issues!;
    expect(created.map((issue) => issue.field).sort()).toEqual(['assign_to_me', 'urgent']);
    // What they say to send is taken.
    for (const args of [{ status: 'Pending' }, { assignee_id: 'me' }, { assignee_id: null }, { urgency: 'Very high' }])
      success(await update({ ...args, dry_run: true }));
  });

  it('tells ticket_search a flag for closed, solved or open tickets that the status filter says it', async () => {
    for (const [key, value, status] of [
      ['closed', true, "status 'Closed'"],
      ['is_closed', false, "status 'Closed'"],
      ['solved', true, "status 'Solved'"],
      ['resolved', 'true', "status 'Solved'"],
      ['open', true, "status 'open'"],
      ['abertos', true, "status 'open'"],
    ] as const) {
      const issues = failure(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, [key]: value }), 'VALIDATION_FAILED').error
        .issues!;
      expect([key, issues.map((issue) => [issue.field, issue.code])]).toEqual([key, [[key, 'UNKNOWN_FIELD']]]);
      expect([key, issues[0].message]).toEqual([key, expect.stringContaining(`the status filter says it: send ${status}`)]);
    }
    // What the hint says to send is read: "not closed" and "finished" as the status filter's words.
    for (const status of ['not closed', 'finished', 'open'])
      success(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, status }));
  });

  it('tells project_search a flag for its state, manager or lateness the value to send', async () => {
    const projects = await openSession(client, 'project');
    const search = (args: Record<string, unknown>) => issuesOf('project_search', { domain: 'project', session_id: projects, ...args });
    await expectToldInstead('project_search', { domain: 'project', session_id: projects }, [
      ['open', true, "send projectstates_id 'open' (every state not finished), or 'finished'"],
      ['in_progress', true, "send projectstates_id 'open' (every state not finished), or 'finished'"],
      ['completed', true, "send projectstates_id 'finished', or 'open'"],
      ['done', true, "send projectstates_id 'finished', or 'open'"],
      ['concluidos', 'sim', "send projectstates_id 'finished', or 'open'"],
      ['my_projects', true, "send users_id 'me'"],
      ['no_manager', true, "send users_id 'none' (no manager), or 'any'"],
      ['late', true, "send plan_end_date_to 'yesterday' with projectstates_id 'open'"],
      ['overdue', true, "send plan_end_date_to 'yesterday' with projectstates_id 'open'"],
    ]);
    // A project write is told the state to send for such a flag.
    await expectToldInstead('project_update', { domain: 'project', session_id: projects, id: 'Migração ERP', dry_run: true }, [
      ['completed', true, "send projectstates_id with a finished state (GLPI's: Closed)"],
      ['done', true, "send projectstates_id with a finished state (GLPI's: Closed)"],
      ['in_progress', true, "send projectstates_id with a state of work under way (GLPI's: Processing)"],
      // A task to add, and tickets, which a project holds through its tasks.
      ['add_task', 'Backup', 'project_task_save {projects_id, name'],
      ['tickets', [1, 2], 'tickets are linked to a task of the project with project_task_save'],
      ['ticket_id', 1, 'tickets are linked to a task of the project with project_task_save'],
    ]);
    // "done" with a name is still a manager ("dono", owner), as before.
    expect((await search({ done: 'tech' })).map((issue) => [issue.field, issue.did_you_mean])).toEqual([['done', 'users_id']]);
    for (const args of [
      { projectstates_id: 'open' },
      { projectstates_id: 'finished' },
      { users_id: 'me' },
      { users_id: 'none' },
      { plan_end_date_to: 'yesterday', projectstates_id: 'open' },
    ])
      success(await callTool(client, 'project_search', { domain: 'project', session_id: projects, ...args }));
  });

  it('tells a key asking to clear a field to send it null, and never suggests a field that sets for one that removes', async () => {
    const projects = await openSession(client, 'project');
    await expectToldInstead('user_update', { domain: 'user', session_id: users, id: 'tech', dry_run: true }, [
      ['remove_phone', true, 'send phone null to clear it'],
      ['clear_email', true, 'send email null to clear it'],
    ]);
    await expectToldInstead('project_update', { domain: 'project', session_id: projects, id: 'Migração ERP', dry_run: true }, [
      ['remove_manager', 'tech', 'send users_id null to clear it'],
      ['clear_manager', true, 'send users_id null to clear it'],
      ['remove_group', true, 'send groups_id null to clear it'],
    ]);
    // A project task's member to remove was suggested as member_id, which adds one.
    const task = failure(
      await callTool(client, 'project_task_save', { domain: 'project', session_id: projects, id: 1, remove_assignee: 'tech', dry_run: true }),
      'VALIDATION_FAILED',
    ).error.issues!;
    expect(task.find((issue) => issue.field === 'remove_assignee')?.did_you_mean).toBeUndefined();
    // What they say to send is taken; a removal list is still suggested for its own key.
    success(await callTool(client, 'project_update', { domain: 'project', session_id: projects, id: 'Migração ERP', users_id: null, dry_run: true }));
    const member = failure(
      await callTool(client, 'project_task_save', { domain: 'project', session_id: projects, id: 1, remove_member: 'tech', dry_run: true }),
      'VALIDATION_FAILED',
    ).error.issues!;
    expect(member.find((issue) => issue.field === 'remove_member')?.did_you_mean).toBe('remove_members');
    // One of several assignees to take off is remove_assignees, not all of them cleared.
    const assignee = failure(await update({ remove_assignee: 'tech', dry_run: true }), 'VALIDATION_FAILED').error.issues!;
    expect(assignee.find((issue) => issue.field === 'remove_assignee')?.did_you_mean).toBe('remove_assignees');
  });

  it('tells user_update a group to leave that groups_id only joins one (never suggested there), and deactivating that user_deactivate does it', async () => {
    await expectToldInstead('user_update', { domain: 'user', session_id: users, id: 'tech', dry_run: true }, [
      ['remove_group', 'Service Desk', 'groups_id only joins a group: no tool takes a user out of one'],
      ['leave_group', 'Service Desk', 'groups_id only joins a group: no tool takes a user out of one'],
      ['remove_groups_id', 2, 'groups_id only joins a group: no tool takes a user out of one'],
      ['deactivate', true, 'user_deactivate {id} deactivates'],
      ['disable', true, 'user_deactivate {id} deactivates'],
      ['reactivate', true, 'send is_active true'],
    ]);
    // Joining is still groups_id.
    const joined = failure(
      await callTool(client, 'user_update', { domain: 'user', session_id: users, id: 'tech', add_group: 'Service Desk', dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(joined.error.issues!.map((issue) => [issue.field, issue.did_you_mean])).toEqual([['add_group', 'groups_id']]);
  });

  it('tells user_create and user_update that a department is a group, and that no job title or manager is kept', async () => {
    const department = "a user's department is one of their groups here: send groups_id";
    const notKept = 'this desk keeps no job title or manager of a user';
    for (const [tool, base] of [
      ['user_create', { name: 'ana.costa' }],
      ['user_update', { id: 'tech' }],
    ] as const) {
      await expectToldInstead(tool, { domain: 'user', session_id: users, ...base, dry_run: true }, [
        ['department', 'TI', department],
        ['departamento', 'TI', department],
        ['setor', 'Suporte', department],
        ['title', 'Analista', notKept],
        ['job_title', 'Analista', notKept],
        ['cargo', 'Analista', notKept],
        ['supervisor', 'glpi', notKept],
        ['manager', 'glpi', notKept],
        ['gestor', 'glpi', notKept],
      ]);
    }
    success(await callTool(client, 'user_update', { domain: 'user', session_id: users, id: 'tech', groups_id: 'Service Desk', dry_run: true }));
  });

  it('tells user_search a flag for being inactive, an admin or a technician the filter to send, never is_active for is_admin', async () => {
    await expectToldInstead('user_search', { domain: 'user', session_id: users }, [
      ['inactive', true, 'send is_active false'],
      ['disabled', 'yes', 'send is_active false'],
      ['desativados', true, 'send is_active false'],
      ['is_admin', true, "send profiles_id with an admin profile's name (GLPI's: Super-Admin, Admin)"],
      ['admins', true, "send profiles_id with an admin profile's name (GLPI's: Super-Admin, Admin)"],
      ['technicians', true, "send profiles_id with a technician profile's name (GLPI's: Technician)"],
    ]);
    for (const args of [{ is_active: false }, { profiles_id: 'Super-Admin' }, { profiles_id: 'Technician' }])
      success(await callTool(client, 'user_search', { domain: 'user', session_id: users, ...args }));
    // A write is told the same: a new user is no admin by a flag (it was suggested is_active).
    const created = failure(
      await callTool(client, 'user_create', { domain: 'user', session_id: users, name: 'novo.admin', is_admin: true, dry_run: true }),
      'VALIDATION_FAILED',
    ).error.issues!;
    expect(created.map((issue) => [issue.field, issue.did_you_mean, issue.message])).toEqual([
      ['is_admin', undefined, "Unknown field 'is_admin': the profile says it: send profiles_id with an admin profile's name (GLPI's: Super-Admin, Admin)."],
    ]);
  });

  it('tells ticket_search a flag for a filter it has (assigned, mine, priority, a date) the value to send, and a trash flag that searches skip the trash', async () => {
    const search = (args: Record<string, unknown>) => issuesOf('ticket_search', { domain: 'ticket', session_id: tickets, ...args });
    await expectToldInstead('ticket_search', { domain: 'ticket', session_id: tickets }, [
      ['unassigned', true, "send assignee_id 'none' (no technician), or 'any'"],
      ['no_assignee', 'yes', "send assignee_id 'none' (no technician), or 'any'"],
      ['assigned', true, "send assignee_id 'any' (some technician), or 'none'"],
      ['is_assigned', false, "send assignee_id 'any' (some technician), or 'none'"],
      ['assigned_to_me', true, "send mine 'assignee'"],
      ['created_by_me', true, "send mine 'requester'"],
      ['requested_by_me', 'true', "send mine 'requester'"],
      ['urgent', true, "send priority 'High or above'"],
      ['high_priority', true, "send priority 'High or above'"],
      ['today', true, "send date_from 'today'"],
      ['recent', true, "send date_from '7 days ago'"],
      ['include_deleted', true, 'the trash'],
      ['trashed', true, 'the trash'],
    ]);
    // The trash on every search; users, deactivated instead, are told the filter that finds them.
    const projects = await openSession(client, 'project');
    const trash = failure(await callTool(client, 'project_search', { domain: 'project', session_id: projects, include_deleted: true }), 'VALIDATION_FAILED');
    expect(trash.error.issues![0].message).toBe(
      "Unknown field 'include_deleted': a deleted record is in the trash, which no search shows (nor any other tool): leave it out.",
    );
    const inactive = failure(await callTool(client, 'user_search', { domain: 'user', session_id: users, deleted: true }), 'VALIDATION_FAILED');
    expect(inactive.error.issues![0].message).toBe(
      "Unknown field 'deleted': a user is deactivated, never deleted: send is_active false for the deactivated ones.",
    );
    // A name under the same keys is still a technician or a requester, suggested as before.
    expect((await search({ assigned: 'tech' })).map((issue) => [issue.field, issue.did_you_mean])).toEqual([['assigned', 'assignee_id']]);
    expect((await search({ created_by_me: 'glpi' })).map((issue) => [issue.field, issue.did_you_mean])).toEqual([['created_by_me', 'requester_id']]);
    // What the hints say to send is read.
    for (const args of [
      { assignee_id: 'none' },
      { assignee_id: 'any' },
      { mine: 'assignee' },
      { mine: 'requester' },
      { priority: 'High or above' },
      { date_from: '7 days ago' },
    ])
      success(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, ...args }));
  });

  it('tells a call naming an entry to change that entries are added, never changed, instead of listing every field', async () => {
    for (const key of ['task_id', 'entry_id', 'followup_id', 'tickettasks_id']) {
      const refused = failure(
        await callTool(client, 'ticket_add_entry', {
          domain: 'ticket',
          session_id: tickets,
          id: ticketId,
          kind: 'task',
          [key]: 1,
          state: 'Done',
          content: 'Feito.',
        }),
        'VALIDATION_FAILED',
      );
      expect([key, refused.error.issues]).toEqual([
        key,
        [
          {
            field: key,
            code: 'UNKNOWN_FIELD',
            received: 1,
            message: `Unknown field '${key}': an entry is added, never changed: add a new one instead (a task with its new state); the earlier one stays in the timeline as it was.`,
          },
        ],
      ]);
    }
    // ticket_update, sent an entry to change with the ticket's fields, says where an entry is added.
    await expectToldInstead('ticket_update', { domain: 'ticket', session_id: tickets, id: ticketId }, [
      ['task_id', 1, 'an entry of the timeline is never changed: add a new one with ticket_add_entry {id, kind, content}'],
      ['followup_id', 2, 'an entry of the timeline is never changed'],
    ]);
  });

  it('suggests the fields of a link and of an approval by the names models give them', async () => {
    const suggested = async (tool: string, args: Record<string, unknown>) =>
      Object.fromEntries(
        failure(await callTool(client, tool, { domain: 'ticket', session_id: tickets, id: ticketId, ...args }), 'VALIDATION_FAILED')
          .error.issues!.filter((issue) => issue.code === 'UNKNOWN_FIELD')
          .map((issue) => [issue.field, issue.did_you_mean]),
      );
    expect(await suggested('ticket_link', { linked_ticket_id: 2, type: 'duplicate', dry_run: true })).toEqual({
      linked_ticket_id: 'other_id',
      type: 'relation',
    });
    expect(await suggested('ticket_validation', { validator: 'tech', message: 'Pode aprovar?', dry_run: true })).toEqual({
      validator: 'approver_id',
      message: 'comment',
    });
  });

  it('never suggests a field the call already sets', async () => {
    const other = Number(success(await callTool(client, 'ticket_create', { domain: 'ticket', session_id: tickets, name: 'Impressora do RH' })).id);
    const link = failure(
      await callTool(client, 'ticket_link', { domain: 'ticket', session_id: tickets, id: ticketId, tickets_id: 3, other_id: other }),
      'VALIDATION_FAILED',
    ).error.issues!;
    expect(link.map(({ field, code, did_you_mean }) => ({ field, code, did_you_mean }))).toEqual([
      { field: 'tickets_id', code: 'UNKNOWN_FIELD', did_you_mean: undefined },
    ]);
    expect(link[0].message).not.toContain('Did you mean');
    const user = failure(await callTool(client, 'user_update', { domain: 'user', session_id: users, id: 'carla.m', user_id: 4 }), 'VALIDATION_FAILED').error
      .issues!;
    expect(user.map(({ field, code, did_you_mean }) => ({ field, code, did_you_mean }))).toEqual([
      { field: 'user_id', code: 'UNKNOWN_FIELD', did_you_mean: undefined },
    ]);
    // Without the id, the same key is the id.
    const alone = failure(await callTool(client, 'user_update', { domain: 'user', session_id: users, user_id: 'carla.m', phone: '5555' }), 'VALIDATION_FAILED');
    expect(alone.error.issues).toEqual([expect.objectContaining({ field: 'user_id', code: 'UNKNOWN_FIELD', did_you_mean: 'id' })]);
  });

  it('reads the noun of a kind and an id ("ticket 5", "chamado nº 5") as that record, after its name', async () => {
    for (const written of [`ticket ${ticketId}`, `Chamado nº ${ticketId}`, `Ticket #${ticketId}`]) {
      const got = success(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: tickets, id: written }));
      expect([written, got.id]).toEqual([written, ticketId]);
    }
    // A write shows what it was read as.
    const dry = success(
      await callTool(client, 'ticket_add_entry', { domain: 'ticket', session_id: tickets, id: `chamado ${ticketId}`, content: 'Ensaio', dry_run: true }),
    );
    expect(dry.applied).toMatchObject({ ticket_id: ticketId });
    expect(dry.resolved).toMatchObject({ id: { input: `chamado ${ticketId}`, id: ticketId } });
    // An id the caller cannot see, or that does not exist, stays a name not found.
    const missing = failure(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: tickets, id: 'ticket 999999' }), 'VALIDATION_FAILED');
    expect(missing.error.issues).toEqual([expect.objectContaining({ field: 'id', code: 'REFERENCE_NOT_FOUND', received: 'ticket 999999' })]);
  });

  it('suggests for an output field the one a domain calls by that name, as the whole list to send', async () => {
    const get = failure(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: tickets, id: ticketId, fields: ['title'] }), 'VALIDATION_FAILED');
    expect(get.error.issues).toEqual([expect.objectContaining({ field: 'fields', code: 'INVALID_VALUE', did_you_mean: 'name' })]);
    // The list's right entries stay in the suggestion: followed as it is, it asks for every field meant.
    const search = failure(
      await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, fields: ['status', 'titulo', 'assignee'] }),
      'VALIDATION_FAILED',
    );
    expect(search.error.issues).toEqual([expect.objectContaining({ field: 'fields', code: 'INVALID_VALUE', did_you_mean: 'status, name, assignee_id' })]);
    expect(search.error.issues![0].message).toContain("'titulo' (did you mean 'name'?), 'assignee' (did you mean 'assignee_id'?)");
    const followed = success(
      await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, fields: search.error.issues![0].did_you_mean, limit: 1 }),
    );
    expect(Object.keys((followed.data as { items: object[] }).items[0]).sort()).toEqual(['assignee_id', 'id', 'name', 'status']);
    const people = failure(await callTool(client, 'user_search', { domain: 'user', session_id: users, fields: 'login, mail' }), 'VALIDATION_FAILED');
    expect(people.error.issues).toEqual([expect.objectContaining({ field: 'fields', code: 'INVALID_VALUE', did_you_mean: 'name, email' })]);
    // An entry with nothing close: each close one is named in the message, and no list is suggested.
    const partly = failure(
      await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, fields: ['titulo', 'xyzzy'] }),
      'VALIDATION_FAILED',
    );
    expect(partly.error.issues![0].did_you_mean).toBeUndefined();
    expect(partly.error.issues![0].message).toContain("'titulo' (did you mean 'name'?), 'xyzzy'");
  });

  it('says to send wrapped arguments at the top level, and does not take them wrapped', async () => {
    const wrapped = failure(
      await callTool(client, 'ticket_get', { domain: 'ticket', session_id: tickets, arguments: { id: ticketId, fields: ['name'] } }),
      'VALIDATION_FAILED',
    ).error.issues!;
    expect(wrapped.map(({ field, code }) => [field, code])).toEqual([
      ['id', 'REQUIRED'],
      ['arguments', 'UNKNOWN_FIELD'],
    ]);
    expect(wrapped[1].message).toBe("Unknown field 'arguments': send its fields (id, fields) at the top level of the arguments, not inside 'arguments'.");
    expect(wrapped[1].did_you_mean).toBeUndefined();
    // An object of no field of the tool is an unknown field like any other.
    const other = failure(
      await callTool(client, 'ticket_get', { domain: 'ticket', session_id: tickets, id: ticketId, arguments: { colour: 'blue' } }),
      'VALIDATION_FAILED',
    ).error.issues!;
    expect(other).toEqual([expect.objectContaining({ field: 'arguments', code: 'UNKNOWN_FIELD', message: expect.stringContaining('Known fields: ') })]);
  });

  it('suggests a field only when it is the one meant: never the opposite, never one the value cannot fill, never a write of another kind', async () => {
    const unknown = (envelope: ReturnType<typeof failure>, field: string) => envelope.error.issues!.find((issue) => issue.field === field);
    const projects = await openSession(client, 'project');
    // "dono" (owner) resembles percent_done only in spelling: no hint, and no issue for a field never sent.
    const owner = failure(
      await callTool(client, 'project_create', { domain: 'project', session_id: projects, name: 'Portal RH', dono: 'carla.m' }),
      'VALIDATION_FAILED',
    );
    expect(unknown(owner, 'dono')).toMatchObject({ code: 'UNKNOWN_FIELD', did_you_mean: 'users_id' });
    expect(owner.error.issues!.map((issue) => issue.field)).toEqual(['dono']);
    const progress = failure(await callTool(client, 'project_search', { domain: 'project', session_id: projects, percent_done_from: 10 }), 'VALIDATION_FAILED');
    expect(progress.error.issues!.map((issue) => issue.field)).toEqual(['percent_done_from']);
    expect(unknown(progress, 'percent_done_from')?.did_you_mean).toBeUndefined();
    // The opposite of a field is not that field.
    const inactive = failure(await callTool(client, 'user_search', { domain: 'user', session_id: users, inactive: true }), 'VALIDATION_FAILED');
    expect(unknown(inactive, 'inactive')?.did_you_mean).toBeUndefined();
    const disabled = failure(await callTool(client, 'user_search', { domain: 'user', session_id: users, disabled: true }), 'VALIDATION_FAILED');
    expect(unknown(disabled, 'disabled')?.did_you_mean).toBeUndefined();
    // The words models use: order_by is sort, page is read by cursor, an entry's type is its kind, time spent its duration, the approver approver_id.
    const search = failure(
      await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, order_by: '-date', page_token: 'abc' }),
      'VALIDATION_FAILED',
    );
    expect(search.error.issues!.filter((issue) => issue.code === 'UNKNOWN_FIELD').map((issue) => [issue.field, issue.did_you_mean])).toEqual([
      ['order_by', 'sort'],
      ['page_token', 'cursor'],
    ]);
    expect(unknown(search, 'page_token')?.message).toContain('next_cursor');
    const entry = failure(
      await callTool(client, 'ticket_add_entry', {
        domain: 'ticket',
        session_id: tickets,
        id: ticketId,
        type: 'task',
        content: 'Troca de toner',
        time_spent: '1h',
      }),
      'VALIDATION_FAILED',
    );
    expect(entry.error.issues!.map((issue) => [issue.field, issue.did_you_mean])).toEqual([
      ['type', 'kind'],
      ['time_spent', 'duration'],
    ]);
    for (const word of ['approver', 'aprovador', 'validator']) {
      const validation = failure(
        await callTool(client, 'ticket_validation', { domain: 'ticket', session_id: tickets, id: ticketId, [word]: 'carla.m' }),
        'VALIDATION_FAILED',
      );
      expect([word, validation.error.issues!.map((issue) => [issue.field, issue.did_you_mean])]).toEqual([word, [[word, 'approver_id']]]);
    }
    // A followup sent to ticket_update is not the ticket's description: content would overwrite it.
    const followup = failure(await update({ followup: 'Cliente ligou' }), 'VALIDATION_FAILED');
    expect(unknown(followup, 'followup')?.did_you_mean).toBeUndefined();
    // Unknown tools: the verb models use for the one the catalogue has.
    const refusal = (name: string) =>
      client.callTool({ name, arguments: {} }).then(
        () => 'answered',
        (error: unknown) => (error as Error).message,
      );
    expect(await refusal('ticket_list')).toMatch(/Closest tools: ticket_search\b/);
    expect(await refusal('ticket_comment')).toMatch(/Closest tools: ticket_add_entry\b/);
  });

  it('offers no record of a tree for the name of one above it: a child is another record', async () => {
    // normal sees Sede only, not the root entity above it.
    const sede = await connectHttp(stack.url, await stack.token('normal', ['mcp']));
    try {
      const own = await openSession(sede, 'ticket');
      const entity = async (name: string) =>
        failure(
          await callTool(sede, 'ticket_create', { domain: 'ticket', session_id: own, name: 'Sem entidade', entities_id: name, dry_run: true }),
          'VALIDATION_FAILED',
        ).error.issues![0];
      for (const above of ['Root entity', 'Root entty', 'root']) {
        const issue = await entity(above);
        expect([above, issue]).toEqual([
          above,
          expect.objectContaining({ field: 'entities_id', code: 'REFERENCE_NOT_FOUND', available: ['Root entity > Sede'] }),
        ]);
        expect([above, issue.did_you_mean, issue.message]).toEqual([above, undefined, expect.not.stringContaining('Did you mean')]);
      }
      // A part or a misspelling of the record's own name is still suggested.
      expect(await entity('Sed')).toMatchObject({ code: 'REFERENCE_NOT_FOUND', did_you_mean: 'Root entity > Sede' });
      expect(await entity('Root entity > Sdee')).toMatchObject({ code: 'REFERENCE_NOT_FOUND', did_you_mean: 'Root entity > Sede' });
    } finally {
      await sede.close();
    }
  });

  it('reads "#5" as id 5, refuses a range that ends before it starts, and words a null for what the call does', async () => {
    const byHash = success(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: tickets, id: `#${ticketId}` }));
    expect((byHash.data as { id: number }).id).toBe(ticketId);
    const range = failure(
      await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, date_from: '2026-12-10', date_to: '2026-12-01' }),
      'VALIDATION_FAILED',
    );
    expect(range.error.issues).toEqual([expect.objectContaining({ field: 'date_to', code: 'INVALID_VALUE', received: '2026-12-01' })]);
    const zone = failure(
      await callTool(client, 'ticket_create', { domain: 'ticket', session_id: tickets, name: 'Sem fuso', timezone: null, dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(zone.error.issues![0].message).not.toContain('cleared');
    expect(zone.error.issues![0].message).toContain('leave it out');
    // A project code is found in any case, on either database (MariaDB's collation ignores case; SQLite's does not).
    const projects = await openSession(client, 'project');
    const byCode = success(await callTool(client, 'project_search', { domain: 'project', session_id: projects, code: 'erp-26' }));
    expect((byCode.data as { items: Array<{ code: string }> }).items.map((item) => item.code)).toEqual(['ERP-26']);
  });

  it('reads a reference sent as a list of one as that one, and says a list of several is one too many, naming the list field that takes them', async () => {
    const one = success(await update({ assignee_id: ['tech'], itilcategories_id: ['Hardware'], dry_run: true }));
    expect(one.resolved).toMatchObject({ assignee_id: { name: 'tech' }, itilcategories_id: { name: 'Hardware' } });
    const byId = success(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: tickets, id: [ticketId] }));
    expect(byId.id).toBe(ticketId);

    const two = failure(await update({ assignee_id: ['tech', 'glpi'], assignee_group_id: ['Infraestrutura', 'Service Desk'] }), 'VALIDATION_FAILED');
    expect(two.error.issues).toEqual([
      expect.objectContaining({ field: 'assignee_id', code: 'INVALID_TYPE', received: '["tech","glpi"]' }),
      expect.objectContaining({ field: 'assignee_group_id', code: 'INVALID_TYPE', received: '["Infraestrutura","Service Desk"]' }),
    ]);
    expect(two.error.issues![0].message).toBe('assignee_id takes one of the users, and the list sent names 2: send one, or send them all as assignees.');
    expect(two.error.issues![1].message).toBe('assignee_group_id takes one of the groups, and the list sent names 2: send one, or send them all as assignees.');
    expect(two.error.issues!.every((issue) => issue.did_you_mean === undefined)).toBe(true);
    // A search's filter takes any of the records a list names; a list it cannot read is refused saying what it takes.
    const search = success(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, itilcategories_id: ['Hardware', 'Rede'] }));
    expect(search.resolved).toMatchObject({ itilcategories_id: { input: ['Hardware', 'Rede'], names: ['Hardware', 'Rede'] } });
    const records = failure(
      await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, itilcategories_id: [{ id: 1 }, { id: 2 }] }),
      'VALIDATION_FAILED',
    );
    expect(records.error.issues![0]).toMatchObject({
      field: 'itilcategories_id',
      code: 'INVALID_TYPE',
      message:
        'itilcategories_id takes one of the ITIL categories, or a list of at most 20 of their names or ids, and the list sent holds what is no name or id.',
    });
    // A tool sent several records to act on is told to call once for each.
    const get = failure(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: tickets, id: [ticketId, ticketId + 1] }), 'VALIDATION_FAILED');
    expect(get.error.issues![0].message).toBe('id takes one of the tickets, and the list sent names 2: call once for each.');
  });

  it("says a write's reference takes one record when its text names several, suggesting none of them in its place; a search takes any of them", async () => {
    const search = success(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, itilcategories_id: 'Hardware, Rede' }));
    expect(search.resolved).toMatchObject({ itilcategories_id: { input: 'Hardware, Rede', names: ['Hardware', 'Rede'] } });
    const create = failure(
      await callTool(client, 'ticket_create', { domain: 'ticket', session_id: tickets, name: 'Dois', itilcategories_id: 'Hardware ou Rede', dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(create.error.issues![0].message).toMatch(/takes one .*names 2 \(Hardware, Rede\): send one\./);
    // A text that is no list of names keeps its own hint.
    const misspelt = failure(
      await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, itilcategories_id: 'Hardwar, Redes e Wifi' }),
      'VALIDATION_FAILED',
    );
    expect(misspelt.error.issues![0].message).not.toContain('takes one');
    // A list with a part not found: the hint for that part is no hint for the whole text.
    for (const [sent, named] of [
      ['me and maria', "takes any of the 2 named in 'me and maria', and 'maria' is not found (did you mean 'maria.silva'?)"],
      ['tech, maria', "takes any of the 2 named in 'tech, maria', and 'maria' is not found (did you mean 'maria.silva'?)"],
    ]) {
      const partly = failure(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, assignee_id: sent }), 'VALIDATION_FAILED');
      expect([sent, partly.error.issues![0].message]).toEqual([sent, expect.stringContaining(named)]);
      expect([sent, partly.error.issues![0].did_you_mean]).toEqual([sent, undefined]);
    }
  });

  it('suggests for an email no user has only an address one letter or two away, never a user of another domain by the part before the @', async () => {
    const issueOf = async (email: string) => failure(await update({ assignee_id: email }), 'VALIDATION_FAILED').error.issues![0];
    // Another domain is another address: tech@example.com is not tech@corp.com, and carla.m is not carla.m@corp.com.
    for (const email of ['tech@corp.com', 'carla.m@corp.com', 'Tech@Client.Example.org']) {
      const issue = await issueOf(email);
      expect([email, issue.code, issue.did_you_mean]).toEqual([email, 'REFERENCE_NOT_FOUND', undefined]);
      expect(issue.message).not.toContain('Did you mean');
    }
    // A slip in either part of an address a user has is suggested as that address, which resolves.
    expect((await issueOf('tech@exmaple.com')).did_you_mean).toBe('tech@example.com');
    expect((await issueOf('carla.m@exampel.org')).did_you_mean).toBe('carla.m@example.org');
    // One slip from two addresses (carla.m, carla.p): neither is suggested.
    expect((await issueOf('carla.n@example.org')).did_you_mean).toBeUndefined();
    expect((await issueOf('TECH@EXAMPLE.CON')).did_you_mean).toBe('tech@example.com');
    success(await update({ assignee_id: 'tech@example.com', dry_run: true }));
  });

  it('names the field of the other kind when a user field is given a group, or a group field a user', async () => {
    const approver = failure(
      await callTool(client, 'ticket_validation', { domain: 'ticket', session_id: tickets, id: ticketId, approver_id: 'infraestrutura' }),
      'VALIDATION_FAILED',
    ).error.issues![0];
    expect(approver).toMatchObject({ field: 'approver_id', code: 'REFERENCE_NOT_FOUND' });
    expect(approver.message).toContain("'infraestrutura' is a group (Infraestrutura): send it as approver_group_id.");
    const assignee = failure(await update({ assignee_id: 'Service Desk' }), 'VALIDATION_FAILED').error.issues![0];
    expect(assignee.message).toContain("'Service Desk' is a group (Service Desk): send it as assignee_group_id.");
    const group = failure(await update({ assignee_group_id: 'carla.p' }), 'VALIDATION_FAILED').error.issues![0];
    expect(group.message).toContain("'carla.p' is a user (carla.p): send it as assignee_id.");
    // A name of neither kind gets no such sentence.
    const neither = failure(await update({ assignee_id: 'Ninguém Conhecido' }), 'VALIDATION_FAILED').error.issues![0];
    expect(neither.message).not.toContain('send it as');
    // Sent under a key of neither field (`assignee`), the group is suggested where it is taken: one
    // issue, on the key sent, never a second about a field the caller did not send.
    for (const key of ['assignee', 'assigned_to']) {
      const misnamed = failure(await update({ [key]: 'Service Desk' }), 'VALIDATION_FAILED').error.issues!;
      expect([key, misnamed.map((issue) => [issue.field, issue.code, issue.did_you_mean])]).toEqual([key, [[key, 'UNKNOWN_FIELD', 'assignee_group_id']]]);
      expect(misnamed[0].message).toBe(`Unknown field '${key}'. 'Service Desk' is a group (Service Desk): send it as assignee_group_id.`);
    }
    success(await update({ assignee_group_id: 'Service Desk', dry_run: true }));
  });

  it('names the field whose records hold a name sent to another reference field of the call, and suggests no spelling in its place', async () => {
    // 'Rede' is a category: as an entity it was "Did you mean 'Root entity > Sede'?".
    const entity = failure(await update({ entities_id: 'Rede' }), 'VALIDATION_FAILED').error.issues![0];
    expect(entity).toMatchObject({ field: 'entities_id', code: 'REFERENCE_NOT_FOUND' });
    expect(entity.message).toMatch(/^'Rede' is found in ITIL categories \(Rede\), not in entities: send it as itilcategories_id\. /);
    expect([entity.did_you_mean, entity.message.includes('Did you mean')]).toEqual([undefined, false]);
    // 'Sede' is a location and an entity: both named, in the order of the call's fields.
    const category = failure(await update({ itilcategories_id: 'Sede' }), 'VALIDATION_FAILED').error.issues![0];
    expect(category.message).toMatch(
      /^'Sede' is found in locations \(Sede\) and in entities \(Root entity > Sede\), not in ITIL categories: send it as locations_id or entities_id\. /,
    );
    expect([category.did_you_mean, category.message.includes('Did you mean')]).toEqual([undefined, false]);
    // A misspelt category is still suggested as one.
    expect(failure(await update({ itilcategories_id: 'Hardwre' }), 'VALIDATION_FAILED').error.issues![0].did_you_mean).toBe('Hardware');
  });

  it('reads hour forms and offers both readings of an ambiguous date', async () => {
    const hour = failure(await update({ time_to_resolve: '2030-07-01 14h' }), 'VALIDATION_FAILED').error.issues![0];
    expect(hour).toMatchObject({ code: 'INVALID_DATE', did_you_mean: '2030-07-01 14:00:00' });
    const twoWays = failure(await update({ time_to_resolve: '01/07/2030' }), 'VALIDATION_FAILED').error.issues![0];
    expect(twoWays.did_you_mean).toBeUndefined();
    expect(twoWays.candidates?.map((c) => ('value' in c ? c.value : c.id))).toEqual(['2030-07-01', '2030-01-07']);
    // A wall time a DST switch skips, or shows twice, in the call's zone.
    const skipped = failure(await update({ time_to_resolve: '2027-03-28 01:30', timezone: 'Europe/Lisbon' }), 'VALIDATION_FAILED').error.issues![0];
    expect(skipped).toMatchObject({ field: 'time_to_resolve', code: 'INVALID_DATE' });
    expect(skipped.message).toContain('clocks moved forward, to 2027-03-28T02:00:00+01:00');
    // The time clocks moved to is the suggestion, written as the caller wrote theirs; sent verbatim, it is taken.
    expect(skipped.did_you_mean).toBe('2027-03-28 02:00');
    expect(skipped.message).toContain("Did you mean '2027-03-28 02:00'?");
    success(await update({ time_to_resolve: skipped.did_you_mean, timezone: 'Europe/Lisbon', dry_run: true }));
    const newYork = failure(await update({ time_to_resolve: '2027-03-14 02:30:00', timezone: 'America/New_York' }), 'VALIDATION_FAILED').error.issues![0];
    expect(newYork.did_you_mean).toBe('2027-03-14 03:00:00');
    const skippedIso = failure(await update({ time_to_resolve: '2027-03-14T02:30', timezone: 'America/New_York' }), 'VALIDATION_FAILED').error.issues![0];
    expect(skippedIso.did_you_mean).toBe('2027-03-14T03:00');
    const twice = failure(await update({ time_to_resolve: '2027-10-31 01:30', timezone: 'Europe/Lisbon' }), 'VALIDATION_FAILED').error.issues![0];
    expect(twice.candidates?.map((c) => ('value' in c ? c.value : c.id))).toEqual(['2027-10-31T01:30:00+01:00', '2027-10-31T01:30:00+00:00']);
    const chosen = success(await update({ time_to_resolve: '2027-10-31T01:30:00+00:00', timezone: 'Europe/Lisbon', dry_run: true }));
    expect(chosen.applied).toMatchObject({ time_to_resolve: '2027-10-31T01:30:00+00:00' });
  });

  it("takes the example calls the tools' descriptions show, whatever the day they are read", async () => {
    const described = (await client.listTools()).tools;
    for (const [tool, domain] of [
      ['ticket_create', 'ticket'],
      ['project_create', 'project'],
    ] as const) {
      const description = described.find((t) => t.name === tool)!.description!;
      const example = JSON.parse(/Example: (\{.*\})/.exec(description)![1]) as Record<string, unknown>;
      const session = domain === 'ticket' ? tickets : await openSession(client, domain);
      success(await callTool(client, tool, { domain, session_id: session, ...example, dry_run: true }));
    }
  });

  it('names both dates and their values when a deadline is before the opening date', async () => {
    const [issue] = failure(
      await callTool(client, 'ticket_create', {
        domain: 'ticket',
        session_id: tickets,
        name: 'Prazo vencido',
        time_to_resolve: '2026-06-03 18:00',
        dry_run: true,
      }),
      'VALIDATION_FAILED',
    ).error.issues!;
    expect(issue).toMatchObject({ field: 'time_to_resolve', code: 'INVALID_VALUE' });
    expect(issue.message).toMatch(
      /^time_to_resolve \(2026-06-03T18:00:00-03:00\) is before date \(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00, now: the opening date when none is sent\)\.$/,
    );
    const [sent] = failure(await update({ date: '2030-01-02 09:00', time_to_resolve: '2030-01-01 09:00' }), 'VALIDATION_FAILED').error.issues!;
    expect(sent.message).toBe('time_to_resolve (2030-01-01T09:00:00-03:00) is before date (2030-01-02T09:00:00-03:00).');
  });

  it('lists only the tools the caller may call, and sends no one to switch domains for a tool they may not call', async () => {
    const selfService = await connectHttp(stack.url, await stack.token('post-only', ['mcp']));
    try {
      const opened = success(await callTool(selfService, 'domain_switch', { domain: 'ticket' }));
      const listed = (await selfService.listTools()).tools.map((t) => t.name).filter((name) => name.startsWith('ticket_'));
      expect((opened.data as { tools: string[] }).tools.sort()).toEqual(listed.sort());
      expect(listed).not.toContain('ticket_delete');
      const status = success(await callTool(selfService, 'session_status', { session_id: String(opened.id) }));
      expect((status.data as { tools: string[] }).tools.sort()).toEqual(listed.sort());
      // In a project session, a ticket tool it may not call is FORBIDDEN, not INTENT_LOCKED with a switch that leads there.
      const projects = success(await callTool(selfService, 'domain_switch', { domain: 'project' }));
      failure(await callTool(selfService, 'ticket_delete', { domain: 'ticket', session_id: String(projects.id), id: ticketId }), 'FORBIDDEN');
      // One it may call is locked out as ever.
      failure(await callTool(selfService, 'ticket_create', { domain: 'ticket', session_id: String(projects.id), name: 'x' }), 'INTENT_LOCKED');
    } finally {
      await selfService.close();
    }
  });

  it('a link between two linked tickets says what it replaced, or that nothing changed', async () => {
    const other = Number(success(await callTool(client, 'ticket_create', { domain: 'ticket', session_id: tickets, name: 'Scanner do RH travado' })).id);
    const link = (args: Record<string, unknown>) => callTool(client, 'ticket_link', { domain: 'ticket', session_id: tickets, ...args });
    expect(success(await link({ id: ticketId, other_id: other, relation: 'Duplicate' })).message).not.toContain('replac');
    const same = success(await link({ id: ticketId, other_id: other, relation: 'Duplicate' }));
    expect(same.message).toContain('already');
    expect(same.applied).toEqual({});
    const replaced = success(await link({ id: other, other_id: ticketId, relation: 'Child' }));
    expect(replaced.message).toContain(`replacing their earlier link (Duplicate, from ticket ${ticketId})`);
    expect((replaced.data as { replaced: unknown }).replaced).toEqual({ relation: 'Duplicate', from: ticketId });
  });

  it('a cursor of no search says to call the tool again, as every tool error does', async () => {
    const refused = failure(await callTool(client, 'ticket_search', { domain: 'ticket', session_id: tickets, cursor: 'garbage!!' }), 'VALIDATION_FAILED');
    expect(refused.error.message).toBe('1 problem in the input. Fix it and call ticket_search again.');
    expect(refused.error.issues?.[0]).toMatchObject({ field: 'cursor', code: 'INVALID_VALUE' });
  });

  it('dry runs name the record they act on; a dry-run create names none', async () => {
    expect(success(await update({ urgency: 'Alta', dry_run: true }))).toMatchObject({ id: ticketId, dry_run: true });
    const created = success(await callTool(client, 'ticket_create', { domain: 'ticket', session_id: tickets, name: 'Ensaio', dry_run: true }));
    expect(created.id).toBeNull();
  });

  it('takes a ticket title in ticket_get, and lists namesakes with status, date and requester', async () => {
    expect(success(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: tickets, id: 'scanner da recepcao travado' })).id).toBe(ticketId);
    success(
      await callTool(client, 'ticket_create', { domain: 'ticket', session_id: tickets, name: 'Scanner da recepção travado', requester_id: 'maria.silva' }),
    );
    const issue = failure(
      await callTool(client, 'ticket_get', { domain: 'ticket', session_id: tickets, id: 'Scanner da recepção travado' }),
      'VALIDATION_FAILED',
    ).error.issues![0];
    expect(issue.code).toBe('REFERENCE_AMBIGUOUS');
    const candidates = issue.candidates as RecordCandidate[];
    expect(candidates).toHaveLength(2);
    expect(candidates.map((c) => c.requester).sort()).toEqual(['glpi', 'maria.silva']);
    for (const c of candidates) expect(c).toMatchObject({ status: expect.any(String), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it("shows a namesake's date as its day in the caller's zone, in candidates and in available_records", async () => {
    // 21:30 in São Paulo (glpi's zone) is 00:30 UTC of the next day.
    for (const date of ['2026-12-06 21:30', '2026-12-05 10:00'])
      success(await callTool(client, 'ticket_create', { domain: 'ticket', session_id: tickets, name: 'Aaa relógio de ponto parado', date }));
    const get = async (id: string) =>
      failure(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: tickets, id }), 'VALIDATION_FAILED').error.issues![0];
    const ambiguous = await get('Aaa relógio de ponto parado');
    expect((ambiguous.candidates as RecordCandidate[]).map((c) => c.date)).toEqual(['2026-12-06', '2026-12-05']);
    expect(ambiguous.message).toContain('(New, 2026-12-06, glpi, Root entity)');
    const unknown = await get('Aaa bomba quebrada');
    const listed = unknown.available_records!.filter((r) => r.name === 'Aaa relógio de ponto parado');
    expect(listed.map((r) => r.date)).toEqual(['2026-12-06', '2026-12-05']);
  });

  it('lists available records with what tells namesakes apart, and none of a kind the caller may not read', async () => {
    const projects = await openSession(client, 'project');
    for (const [code, state, entity] of [
      ['INV-SEDE', 'New', 'Sede'],
      ['INV-PORTO', 'Processing', 'Filial Porto'],
    ]) {
      success(
        await callTool(client, 'project_create', {
          domain: 'project',
          session_id: projects,
          name: 'Inventário de ativos',
          code,
          projectstates_id: state,
          entities_id: entity,
        }),
      );
    }
    const issue = failure(
      await callTool(client, 'project_create', { domain: 'project', session_id: projects, name: 'Etiquetagem', projects_id: 'Levantamento geral' }),
      'VALIDATION_FAILED',
    ).error.issues![0];
    expect(issue.code).toBe('REFERENCE_NOT_FOUND');
    const records = issue.available_records!;
    expect(records.map((r) => r.name)).toEqual(issue.available);
    const namesakes = records.filter((r) => r.name === 'Inventário de ativos').map(({ code, state, entity }) => ({ code, state, entity }));
    expect(namesakes.sort((a, b) => a.code!.localeCompare(b.code!))).toEqual([
      { code: 'INV-PORTO', state: 'Processing', entity: 'Root entity > Filial Porto' },
      { code: 'INV-SEDE', state: 'New', entity: 'Root entity > Sede' },
    ]);
    expect(issue.message).toMatch(/Inventário de ativos \(id \d+\), Inventário de ativos \(id \d+\)/);
    // Users are listed by full name and login (the login tells them apart; an email is not needed to choose).
    const people = failure(await update({ assignee_id: 'Zuleica Ramos' }), 'VALIDATION_FAILED').error.issues![0];
    expect(people.available_records?.find((r) => r.login === 'carla.p')).toEqual({
      id: expect.any(Number),
      name: 'Carla Pereira',
      login: 'carla.p',
      entity: 'Root entity > Filial Porto',
    });

    const selfService = await connectHttp(stack.url, await stack.token('post-only', ['mcp']));
    try {
      const own = await openSession(selfService, 'ticket');
      const hidden = failure(await callTool(selfService, 'ticket_search', { domain: 'ticket', session_id: own, assignee_id: 'Carla' }), 'VALIDATION_FAILED')
        .error.issues![0];
      expect(hidden).toMatchObject({ code: 'REFERENCE_NOT_FOUND', available: [] });
      expect(hidden.available_records).toBeUndefined();
    } finally {
      await selfService.close();
    }
  });
});
