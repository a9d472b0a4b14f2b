import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import type { Issue } from '../src/envelope/issue.js';
import { DATABASES } from './support/databases.js';
import { found } from './support/found.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

/** The first try of a model: five different problems in one call. */
const FIVE_PROBLEMS = {
  name: 'Migração ERP fase 2',
  projectstates_id: 'AbacaxiDoido',
  plan_start_date: '01/06/2026',
  priority: 'zangada',
  percent_done: 140,
  state: 'New',
};

describe.each(DATABASES)('inputs a model gets right first time, on %s', (kind) => {
  let stack: TestStack;
  let client: Client;
  let session: string;
  let rest: { Authorization: string };

  const count = async (): Promise<number> => {
    const res = await request(stack.http).get('/api/projects?query=fase 2').set(rest);
    return res.body.data.total as number;
  };

  beforeAll(async () => {
    stack = await startStack(kind);
    client = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    rest = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
    session = await openSession(client, 'project');
  });
  afterAll(async () => {
    await client?.close();
    await stack?.close();
  });

  it('returns all five problems in one error and writes nothing', async () => {
    const call = await callTool(client, 'project_create', { domain: 'project', session_id: session, ...FIVE_PROBLEMS });
    const error = failure(call, 'VALIDATION_FAILED').error;
    const byField = Object.fromEntries((error.issues ?? []).map((i: Issue) => [i.field, i]));
    expect(Object.keys(byField).sort()).toEqual(['percent_done', 'plan_start_date', 'priority', 'projectstates_id', 'state']);
    expect(byField.projectstates_id.code).toBe('REFERENCE_NOT_FOUND');
    expect(byField.projectstates_id.available).toEqual(['Closed', 'New', 'Processing']);
    expect(byField.plan_start_date.code).toBe('INVALID_DATE');
    expect(byField.plan_start_date.expected).toContain('YYYY-MM-DD');
    expect(byField.priority.code).toBe('INVALID_VALUE');
    expect(byField.percent_done.code).toBe('OUT_OF_RANGE');
    // projectstates_id is sent too: the field the call already sets is not what state meant.
    expect(byField.state.code).toBe('UNKNOWN_FIELD');
    expect(byField.state.did_you_mean).toBeUndefined();
    expect(error.message).toMatch(/5 problems/);
    expect(await count()).toBe(0);
  });

  it('accepts names, labels and a bare date, and shows what it applied', async () => {
    const call = await callTool(client, 'project_create', {
      domain: 'project',
      session_id: session,
      name: 'Migração ERP fase 2',
      projectstates_id: 'processing',
      plan_start_date: '2026-06-01',
      priority: 'Alta',
      percent_done: 10,
      users_id: 'Maria Silva',
      groups_id: 'infraestrutura',
      timezone: 'America/Sao_Paulo',
    });
    const envelope = success(call);
    expect(envelope.applied).toMatchObject({
      name: 'Migração ERP fase 2',
      projectstates_id: 2,
      priority: 4,
      percent_done: 10,
      plan_start_date: '2026-06-01T00:00:00-03:00',
    });
    expect(typeof envelope.applied!.users_id).toBe('number');
    expect(envelope.resolved!.projectstates_id).toEqual({ input: 'processing', id: 2, name: 'Processing' });
    expect(envelope.resolved!.users_id).toMatchObject({ input: 'Maria Silva', name: 'maria.silva' });
    expect(envelope.resolved!.groups_id).toMatchObject({ input: 'infraestrutura', name: 'Infraestrutura' });
    expect(await count()).toBe(1);
    const stored = await request(stack.http).get(`/api/projects/${envelope.id}`).set(rest);
    // Read back in the user's own zone (glpi: America/Sao_Paulo): the same instant.
    expect(stored.body.data.plan_start_date).toBe('2026-06-01T00:00:00-03:00');
  });

  it('suggests the closest name for a typo in a reference', async () => {
    const call = await callTool(client, 'project_search', { domain: 'project', session_id: session, projectstates_id: 'Procesing' });
    const issue = failure(call, 'VALIDATION_FAILED').error.issues![0];
    expect(issue).toMatchObject({ field: 'projectstates_id', code: 'REFERENCE_NOT_FOUND', did_you_mean: 'Processing' });
  });

  it('suggests a name only as a misspelling of the whole of it, never another record sharing a word', async () => {
    const parent = async (projects_id: string) =>
      failure(
        await callTool(client, 'project_create', { domain: 'project', session_id: session, name: 'Sub', projects_id, dry_run: true }),
        'VALIDATION_FAILED',
      ).error.issues![0];
    for (const name of ['Migração CRM', 'Portal RH', 'Portal do fornecedor']) {
      const issue = await parent(name);
      expect([name, issue.code, issue.did_you_mean]).toEqual([name, 'REFERENCE_NOT_FOUND', undefined]);
    }
    expect(await parent('Migrçao ERP')).toMatchObject({ did_you_mean: 'Migração ERP' });
    expect(await parent('portal cliente')).toMatchObject({ did_you_mean: 'Portal do cliente' });
  });

  it('dry_run validates and shows applied but writes nothing', async () => {
    const before = await count();
    const call = await callTool(client, 'project_create', {
      domain: 'project',
      session_id: session,
      name: 'Migração ERP fase 2 (rascunho)',
      projectstates_id: 'New',
      dry_run: true,
    });
    const envelope = success(call);
    expect(envelope.dry_run).toBe(true);
    expect(envelope.applied).toMatchObject({ projectstates_id: 1 });
    expect(envelope.id).toBeNull();
    expect(await count()).toBe(before);
  });

  it('REST returns the same issues with 422', async () => {
    const res = await request(stack.http).post('/api/projects').set(rest).send(FIVE_PROBLEMS);
    expect(res.status).toBe(422);
    expect(res.body.status).toBe('error');
    expect(res.body.error.issues.map((i: Issue) => i.field).sort()).toEqual(['percent_done', 'plan_start_date', 'priority', 'projectstates_id', 'state']);
  });

  it('rejects an impossible date and names the formats', async () => {
    const call = await callTool(client, 'project_create', { domain: 'project', session_id: session, name: 'x', plan_end_date: '2026-02-30' });
    expect(failure(call, 'VALIDATION_FAILED').error.issues![0]).toMatchObject({ field: 'plan_end_date', code: 'INVALID_DATE' });
  });

  it('reports an end before a start together with other problems', async () => {
    const call = await callTool(client, 'project_create', {
      domain: 'project',
      session_id: session,
      name: 'x',
      plan_start_date: '2026-06-10',
      plan_end_date: '2026-06-01',
      percent_done: -1,
    });
    const fields = failure(call, 'VALIDATION_FAILED')
      .error.issues!.map((i) => i.field)
      .sort();
    expect(fields).toEqual(['percent_done', 'plan_end_date']);
  });

  it("names an unknown record id together with the call's other problems, and leaves a lone unknown id to NOT_FOUND", async () => {
    const call = await callTool(client, 'project_update', { domain: 'project', session_id: session, id: 99999, percent_done: 140 });
    const issues = failure(call, 'VALIDATION_FAILED').error.issues!;
    expect(issues.map((i) => `${i.field} ${i.code}`).sort()).toEqual(['id REFERENCE_NOT_FOUND', 'percent_done OUT_OF_RANGE']);
    expect(issues.find((i) => i.field === 'id')).toMatchObject({ received: 99999, message: expect.stringContaining('id 99999 not found in projects') });
    // REST: the path's id, the same one answer.
    const res = await request(stack.http).patch('/api/projects/99999').set(rest).send({ percent_done: 140 });
    expect(res.status).toBe(422);
    expect(res.body.error.issues.map((i: Issue) => `${i.field} ${i.code}`).sort()).toEqual(['id REFERENCE_NOT_FOUND', 'percent_done OUT_OF_RANGE']);
    // A known id with another problem: only that problem; an unknown id alone: the record's NOT_FOUND.
    const known = failure(await callTool(client, 'project_update', { domain: 'project', session_id: session, id: 1, percent_done: 140 }), 'VALIDATION_FAILED');
    expect(known.error.issues!.map((i) => i.field)).toEqual(['percent_done']);
    failure(await callTool(client, 'project_update', { domain: 'project', session_id: session, id: 99999, percent_done: 40 }), 'NOT_FOUND');
  });

  it('takes an id written with a zero fraction ("1.0"), as integer fields take "60.0", and no other fraction', async () => {
    const project = (args: Record<string, unknown>) => callTool(client, 'project_get', { domain: 'project', session_id: session, ...args });
    for (const id of ['1.0', ' #1.00 ']) expect(success(await project({ id })).id).toBe(1);
    const task = { domain: 'project', session_id: session, projects_id: '1.0', name: 'Ensaio', dry_run: true };
    expect(success(await callTool(client, 'project_task_save', task)).applied).toMatchObject({ projects_id: 1 });
    const refused = failure(await project({ id: '1.5' }), 'VALIDATION_FAILED').error.issues![0];
    expect(refused).toMatchObject({ field: 'id', code: 'REFERENCE_NOT_FOUND', received: '1.5' });
  });

  /** The field, code and what each issue says it received, sorted by field. */
  const said = (issues: Issue[]) => issues.map((i) => `${i.field} ${i.code} ${JSON.stringify(i.received)}`).sort();

  it("reports a date out of order with the stored record's other date together with the call's other problems, as sent", async () => {
    const created = await request(stack.http).post('/api/projects').set(rest).send({ name: 'Datas guardadas', plan_start_date: '2027-02-01' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const update = (args: Record<string, unknown>) =>
      callTool(client, 'project_update', { domain: 'project', session_id: session, id, dry_run: true, ...args });
    const both = failure(await update({ plan_end_date: '2027-01-01', percent_done: 101 }), 'VALIDATION_FAILED').error.issues!;
    expect(said(both)).toEqual(['percent_done OUT_OF_RANGE 101', 'plan_end_date INVALID_VALUE "2027-01-01"']);
    // The date it was compared with, as the tools show dates.
    expect(both.find((i) => i.field === 'plan_end_date')!.message).toContain('plan_start_date (2027-02-01T00:00:00');
    const alone = failure(await update({ plan_end_date: '2027-01-01' }), 'VALIDATION_FAILED').error.issues!;
    expect(said(alone)).toEqual(['plan_end_date INVALID_VALUE "2027-01-01"']);
    // REST shares the rule.
    const res = await request(stack.http).patch(`/api/projects/${id}`).set(rest).send({ plan_end_date: '2027-01-01', percent_done: 101, dry_run: true });
    expect(res.status).toBe(422);
    expect(said(res.body.error.issues as Issue[])).toEqual(['percent_done OUT_OF_RANGE 101', 'plan_end_date INVALID_VALUE "2027-01-01"']);
    expect((await request(stack.http).delete(`/api/projects/${id}`).set(rest)).status).toBe(200);
  });

  it("reports a task's date out of order with its stored other date together with the call's other problems", async () => {
    const saved = success(
      await callTool(client, 'project_task_save', {
        domain: 'project',
        session_id: session,
        projects_id: 1,
        name: 'Tarefa datada',
        plan_start_date: '2027-02-01',
      }),
    );
    const issues = failure(
      await callTool(client, 'project_task_save', { domain: 'project', session_id: session, id: saved.id, plan_end_date: '2027-01-01', percent_done: 101 }),
      'VALIDATION_FAILED',
    ).error.issues!;
    expect(said(issues)).toEqual(['percent_done OUT_OF_RANGE 101', 'plan_end_date INVALID_VALUE "2027-01-01"']);
  });

  it("reports a ticket's deadline before its stored opening date together with the call's other problems, on MCP and REST", async () => {
    const tickets = await openSession(client, 'ticket');
    const created = await request(stack.http).post('/api/tickets').set(rest).send({ name: 'Prazo guardado', content: 'x', date: '2026-12-01' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const call = await callTool(client, 'ticket_update', {
      domain: 'ticket',
      session_id: tickets,
      id,
      time_to_resolve: '2026-11-01',
      urgency: 'xyz',
      dry_run: true,
    });
    const issues = failure(call, 'VALIDATION_FAILED').error.issues!;
    expect(said(issues)).toEqual(['time_to_resolve INVALID_VALUE "2026-11-01"', 'urgency INVALID_VALUE "xyz"']);
    expect(issues.find((i) => i.field === 'time_to_resolve')!.message).toContain('date (2026-12-01T00:00:00');
    const res = await request(stack.http).patch(`/api/tickets/${id}`).set(rest).send({ time_to_resolve: '2026-11-01', urgency: 'xyz' });
    expect(res.status).toBe(422);
    expect(said(res.body.error.issues as Issue[])).toEqual(['time_to_resolve INVALID_VALUE "2026-11-01"', 'urgency INVALID_VALUE "xyz"']);
  });

  it("refuses a solved ticket's opening date after the day it was solved, unless the call reopens it", async () => {
    const tickets = await openSession(client, 'ticket');
    // Ticket 4 (Troca de monitor) is Solved.
    const update = (args: Record<string, unknown>) =>
      callTool(client, 'ticket_update', { domain: 'ticket', session_id: tickets, id: 4, dry_run: true, ...args });
    const late = failure(await update({ date: '2026-12-01', urgency: 'xyz' }), 'VALIDATION_FAILED').error.issues!;
    expect(late.map((issue) => `${issue.field} ${issue.code} ${JSON.stringify(issue.received)}`)).toEqual([
      'urgency INVALID_VALUE "xyz"',
      'date INVALID_VALUE "2026-12-01"',
    ]);
    expect(late[1].message).toMatch(/^date is after solvedate \(2026-11-\d\dT.*, as stored\)\.$/);
    expect(late[1].expected).not.toContain('solvedate too');
    success(await update({ date: '2026-11-01' }));
    success(await update({ date: '2026-12-01', status: 'Processing (assigned)' }));
  });

  it('checks a value sent under a misnamed field against the stored record too, and shows it as sent', async () => {
    const tickets = await openSession(client, 'ticket');
    // Ticket 1 was opened on 2026-11-24.
    const update = failure(
      await callTool(client, 'ticket_update', { domain: 'ticket', session_id: tickets, id: 1, due_date: '2026-11-20', dry_run: true }),
      'VALIDATION_FAILED',
    ).error.issues!;
    expect(update.map((issue) => [issue.field, issue.code, issue.received, issue.did_you_mean])).toEqual([
      ['time_to_resolve', 'INVALID_VALUE', '2026-11-20', undefined],
      ['due_date', 'UNKNOWN_FIELD', '2026-11-20', 'time_to_resolve'],
    ]);
    const create = failure(
      await callTool(client, 'project_create', {
        domain: 'project',
        session_id: session,
        name: 'Datas trocadas',
        start_date: '2026-12-10',
        end_date: '2026-12-01',
        dry_run: true,
      }),
      'VALIDATION_FAILED',
    ).error.issues!;
    expect(create.find((issue) => issue.code === 'INVALID_VALUE')).toMatchObject({ field: 'plan_end_date', received: '2026-12-01' });
  });

  it('answers an update without its record (no id, a list of several) with the input problems, never a lookup of nothing', async () => {
    const tickets = await openSession(client, 'ticket');
    const users = await openSession(client, 'user');
    const cases: Array<[string, Record<string, unknown>, string[]]> = [
      ['ticket_update', { domain: 'ticket', session_id: tickets, urgency: 'xyz', dry_run: true }, ['id REQUIRED', 'urgency INVALID_VALUE']],
      ['ticket_update', { domain: 'ticket', session_id: tickets, id: [2, 3], urgency: 2, dry_run: true }, ['id INVALID_TYPE']],
      [
        'project_update',
        { domain: 'project', session_id: session, id: [1, 2], percent_done: 500, dry_run: true },
        ['id INVALID_TYPE', 'percent_done OUT_OF_RANGE'],
      ],
      ['user_update', { domain: 'user', session_id: users, login: 'tech', phone: '999', dry_run: true }, ['id REQUIRED', 'login UNKNOWN_FIELD']],
    ];
    for (const [tool, args, expected] of cases) {
      const refused = failure(await callTool(client, tool, args), 'VALIDATION_FAILED');
      expect([tool, refused.error.issues!.map((issue) => `${issue.field} ${issue.code}`).sort()]).toEqual([tool, expected]);
    }
  });

  it("reports a taken login and email together with the call's other problems, and a taken login alone as a CONFLICT", async () => {
    const users = await openSession(client, 'user');
    const create = (args: Record<string, unknown>) => callTool(client, 'user_create', { domain: 'user', session_id: users, dry_run: true, ...args });
    const issues = failure(await create({ name: 'maria.silva', email: 'JOAO.SOUZA@example.com', profiles_id: 'Perfil Nenhum' }), 'VALIDATION_FAILED').error
      .issues!;
    expect(issues.map((i) => `${i.field} ${i.code}`)).toEqual(['name CONFLICT', 'email CONFLICT', 'profiles_id REFERENCE_NOT_FOUND']);
    expect(issues[0]).toMatchObject({ received: 'maria.silva', message: expect.stringContaining("login 'maria.silva'") });
    failure(await create({ name: 'maria.silva' }), 'CONFLICT');
  });

  it('lists real example values in the tool descriptions', async () => {
    const { tools } = await client.listTools();
    const create = found(
      tools.find((t) => t.name === 'project_create'),
      'project_create',
    );
    const state = (create.inputSchema.properties as Record<string, { description?: string }>).projectstates_id;
    expect(state.description).toMatch(/"(New|Processing|Closed)"/);
  });
});
