import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

type Ref = { id: number; name: string };
type Member = Ref & { type: 'user' | 'group' };
type Task = {
  id: number;
  name: string;
  percent_done: number;
  projectstates_id: Ref | null;
  members: Member[];
  tickets: Ref[];
  plan_start_date?: string | null;
  plan_end_date?: string | null;
};

/** GLPI's project tasks: project_task_save, shown by project_get, with a team (users and groups) and linked tickets, shown by ticket_get too. */
describe.each(DATABASES)('project tasks on %s', (kind) => {
  let stack: TestStack;
  let tech: Client;
  let normal: Client;
  let session: string;

  beforeAll(async () => {
    stack = await startStack(kind);
    tech = await connectHttp(stack.url, await stack.token('tech', ['mcp']));
    normal = await connectHttp(stack.url, await stack.token('normal', ['mcp']));
    session = await openSession(tech, 'project');
  });
  afterAll(async () => {
    await tech?.close();
    await normal?.close();
    await stack?.close();
  });

  const save = (client: Client, s: string, args: Record<string, unknown>) =>
    callTool(client, 'project_task_save', { domain: 'project', session_id: s, ...args });
  const tasksOf = async (project: string) =>
    (success(await callTool(tech, 'project_get', { domain: 'project', session_id: session, id: project })).data as { tasks: Task[] }).tasks;

  it("names no deactivated user as a project's manager or a task's member", async () => {
    const api = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
    const created = await request(stack.http).post('/api/users').set(api).send({ name: 'ex.gerente', profiles_id: 'Technician', entities_id: 'Root entity' });
    expect(created.status).toBe(201);
    expect((await request(stack.http).delete(`/api/users/${created.body.id}`).set(api)).status).toBe(200);
    const said = 'ex.gerente is deactivated: reactivate them (user_update is_active true) or choose another.';
    const project = (tool: string, args: Record<string, unknown>) => callTool(tech, tool, { domain: 'project', session_id: session, dry_run: true, ...args });
    for (const [tool, args] of [
      ['project_create', { name: 'Sem gerente', users_id: 'ex.gerente' }],
      ['project_update', { id: 'Migração ERP', users_id: 'ex.gerente' }],
    ] as const) {
      const refused = failure(await project(tool, args), 'VALIDATION_FAILED');
      expect([tool, refused.error.issues]).toEqual([tool, [{ field: 'users_id', code: 'INVALID_VALUE', received: 'ex.gerente', message: said }]]);
    }
    const member = failure(
      await save(tech, session, { projects_id: 'Migração ERP', name: 'Auditoria', add_members: ['tech', 'ex.gerente'], dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(member.error.issues).toEqual([{ field: 'add_members[1]', code: 'INVALID_VALUE', received: 'ex.gerente', message: said }]);
    success(await save(tech, session, { projects_id: 'Migração ERP', name: 'Auditoria', add_members: ['tech'], dry_run: true }));
  });

  it("shows the demo project and its task on the days they were planned, in the demo users' zone, and finds them by those days", async () => {
    const search = (args: Record<string, unknown>) => callTool(tech, 'project_search', { domain: 'project', session_id: session, ...args });
    const found = success(await search({ plan_start_date_from: '2026-06-01', plan_start_date_to: '2026-06-01', fields: ['name'] }));
    expect((found.data as { items: Ref[] }).items.map((p) => p.name)).toEqual(['Migração ERP']);
    const erp = success(await callTool(tech, 'project_get', { domain: 'project', session_id: session, id: 'Migração ERP' })).data as Record<string, unknown>;
    expect(erp).toMatchObject({
      plan_start_date: '2026-06-01T00:00:00-03:00',
      plan_end_date: '2026-12-15T00:00:00-03:00',
      real_start_date: '2026-06-08T00:00:00-03:00',
      tasks: [
        expect.objectContaining({ name: 'Migrar dados fiscais', plan_start_date: '2026-09-01T00:00:00-03:00', plan_end_date: '2026-11-30T00:00:00-03:00' }),
      ],
    });
  });

  it('creates a task by project name, with a member and a ticket, and changes it by id', async () => {
    const created = success(
      await save(tech, session, {
        projects_id: 'Migração ERP',
        name: 'Migrar dados',
        plan_start_date: '2026-06-01',
        plan_end_date: '2026-06-30',
        member_id: 'maria.silva',
        tickets_id: 'Erro ao abrir o ERP',
      }),
    );
    expect(created.applied).toMatchObject({
      projects_id: expect.any(Number),
      name: 'Migrar dados',
      percent_done: 0,
      member_id: expect.any(Number),
      tickets_id: expect.any(Number),
    });
    const id = Number(created.id);
    // A dry run of a change is said as one: the task it would change, not "what would be created".
    const rehearsed = success(await save(tech, session, { id, percent_done: 60, dry_run: true }));
    expect(rehearsed).toMatchObject({
      id,
      dry_run: true,
      message: `Dry run: nothing was written. Sent without dry_run, the call would answer: "Project task ${id} saved."`,
    });
    success(await save(tech, session, { id, percent_done: '60%', projectstates_id: 'Processing', member_id: 'tech' }));
    // Adding the same member again keeps one.
    success(await save(tech, session, { id, member_id: 'tech' }));
    const task = (await tasksOf('Migração ERP')).find((t) => t.id === id)!;
    expect(task).toMatchObject({ name: 'Migrar dados', percent_done: 60, projectstates_id: { name: 'Processing' } });
    expect(task.members.map((m) => m.name).sort()).toEqual(['maria.silva', 'tech']);
    expect(task.tickets.map((t) => t.name)).toEqual(['Erro ao abrir o ERP']);
  });

  it('changes a task named by its name, as any record may be named', async () => {
    const changed = success(await save(tech, session, { id: 'Migrar dados fiscais', percent_done: 40 }));
    const task = (await tasksOf('Migração ERP')).find((t) => t.name === 'Migrar dados fiscais')!;
    expect(Number(changed.id)).toBe(task.id);
    expect(task.percent_done).toBe(40);
    // A name nobody's task has is a reference not found, with the field named.
    const unknown = failure(await save(tech, session, { id: 'Tarefa que não existe', percent_done: 10 }), 'VALIDATION_FAILED');
    expect(unknown.error.issues).toEqual([expect.objectContaining({ field: 'id', code: 'REFERENCE_NOT_FOUND' })]);
  });

  it('takes groups as members and removes members and linked tickets', async () => {
    const created = success(
      await save(tech, session, {
        projects_id: 'Migração ERP',
        name: 'Homologar',
        add_members: ['Service Desk', 'maria.silva'],
        tickets_id: 'Erro ao abrir o ERP',
      }),
    );
    const id = Number(created.id);
    expect(created.resolved).toMatchObject({ 'add_members[0]': { name: 'Service Desk', type: 'group' } });
    let task = (await tasksOf('Migração ERP')).find((t) => t.id === id)!;
    expect(task.members.map((m) => `${m.type}:${m.name}`)).toEqual(['group:Service Desk', 'user:maria.silva']);
    const changed = success(
      await save(tech, session, { id, remove_members: ['Service Desk'], add_members: [{ group: 'Infraestrutura' }], remove_tickets_id: 'Erro ao abrir o ERP' }),
    );
    expect(changed.applied).toMatchObject({ remove_members: [{ type: 'group' }], remove_tickets_id: expect.any(Number) });
    task = (await tasksOf('Migração ERP')).find((t) => t.id === id)!;
    expect(task.members.map((m) => `${m.type}:${m.name}`)).toEqual(['user:maria.silva', 'group:Infraestrutura']);
    expect(task.tickets).toEqual([]);
    // One member both added and removed, or one ticket both linked and unlinked, is refused whole.
    const both = failure(
      await save(tech, session, { id, member_id: 'tech', remove_members: ['tech'], tickets_id: 1, remove_tickets_id: 1 }),
      'VALIDATION_FAILED',
    );
    expect(both.error.issues!.map((i) => [i.field, i.code]).sort()).toEqual([
      ['remove_members', 'INVALID_VALUE'],
      ['remove_tickets_id', 'INVALID_VALUE'],
    ]);
  });

  it("takes anyone off a task's team, found among its members by id, login, full name or as answers show them, and answers one not in it with those who are", async () => {
    // joao.souza works in Filial Porto: normal, a technician of Sede alone, could not add him, but takes him off.
    const admin = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    try {
      const adminSession = await openSession(admin, 'project');
      const id = Number(
        success(await save(admin, adminSession, { projects_id: 'Migração ERP', name: 'Treinar usuários', add_members: ['joao.souza', 'tech'] })).id,
      );
      const own = await openSession(normal, 'project');
      const joao = (await tasksOf('Migração ERP')).find((t) => t.id === id)!.members.find((m) => m.name === 'joao.souza')!;
      for (const sent of [['joao.souza'], ['João Souza'], [joao.id], [joao]]) {
        const dry = success(await save(normal, own, { id, remove_members: sent, dry_run: true }));
        expect(dry.applied).toEqual({ remove_members: [{ type: 'user', id: joao.id }] });
      }
      const missing = failure(await save(normal, own, { id, remove_members: ['maria.silva'], dry_run: true }), 'VALIDATION_FAILED');
      expect(missing.error.issues).toEqual([
        expect.objectContaining({ field: 'remove_members[0]', code: 'REFERENCE_NOT_FOUND', available: ['joao.souza', 'tech'] }),
      ]);
      expect(missing.error.issues![0].message).toBe(`'maria.silva' is not among the members of task ${id}: joao.souza, tech.`);
      const removed = success(await save(normal, own, { id, remove_members: ['joao.souza'] }));
      expect(removed.applied).toEqual({ remove_members: [{ type: 'user', id: joao.id }] });
      expect((await tasksOf('Migração ERP')).find((t) => t.id === id)!.members.map((m) => m.name)).toEqual(['tech']);
    } finally {
      await admin.close();
    }
  });

  it('answers in applied only the members and tickets it added or removed, and says so when the call changed nothing', async () => {
    const created = success(await save(tech, session, { projects_id: 'Migração ERP', name: 'Conferir notas', member_id: 'tech', tickets_id: 1 }));
    const id = Number(created.id);
    // A member already there, a ticket already linked, a ticket that was not there: nothing to store.
    const same = success(await save(tech, session, { id, member_id: 'tech', tickets_id: 1, remove_tickets_id: 2 }));
    expect(same.applied).toEqual({});
    expect(same.message).toBe(`Nothing to change in project task ${id}.`);
    // Of a list, only the new ones are applied.
    const some = success(await save(tech, session, { id, add_members: ['tech', 'maria.silva'], tickets_id: [1, 2], remove_tickets_id: 3 }));
    expect(some.applied).toEqual({ add_members: [{ type: 'user', id: expect.any(Number) }], tickets_id: [2] });
    expect((some.resolved as Record<string, { name: string }>)['add_members[1]'].name).toBe('maria.silva');
    expect(some.message).toBe(`Project task ${id} saved.`);
  });

  it('tells tasks of one name apart by their project', async () => {
    const erp = success(await save(tech, session, { projects_id: 'Migração ERP', name: 'Revisar contrato' }));
    const portal = success(await save(tech, session, { projects_id: 'Portal do cliente', name: 'Revisar contrato' }));
    const projectOf = async (name: string) => {
      const data = success(await callTool(tech, 'project_get', { domain: 'project', session_id: session, id: name, fields: ['id', 'name'] })).data as {
        id: number;
      };
      return { id: Number(data.id), name };
    };
    const refused = failure(await save(tech, session, { id: 'Revisar contrato', percent_done: 10 }), 'VALIDATION_FAILED');
    const [issue] = refused.error.issues!;
    expect(issue).toMatchObject({ field: 'id', code: 'REFERENCE_AMBIGUOUS' });
    expect(issue.candidates).toEqual([
      expect.objectContaining({ id: Number(erp.id), name: 'Revisar contrato', project: await projectOf('Migração ERP') }),
      expect.objectContaining({ id: Number(portal.id), name: 'Revisar contrato', project: await projectOf('Portal do cliente') }),
    ]);
    expect(issue.message).toContain('Migração ERP');
    expect(issue.message).toContain('Portal do cliente');
  });

  it("reads a task's content back as it was written", async () => {
    const content = 'Conferir as notas fiscais de 2025.\nDepois, arquivar os XML.';
    const created = success(await save(tech, session, { projects_id: 'Migração ERP', name: 'Arquivar XML', content }));
    expect(created.applied).toMatchObject({ content });
    const task = (await tasksOf('Migração ERP')).find((t) => t.id === Number(created.id))!;
    expect(task).toMatchObject({ name: 'Arquivar XML', content });
  });

  it('changes nothing, date_mod included, when a project or a task is sent the values it has, and says so', async () => {
    const project = (args: Record<string, unknown>) => callTool(tech, 'project_update', { domain: 'project', session_id: session, ...args });
    const created = success(await callTool(tech, 'project_create', { domain: 'project', session_id: session, name: 'Sem mudança', priority: 'High' }));
    const id = Number(created.id);
    const before = (success(await callTool(tech, 'project_get', { domain: 'project', session_id: session, id })).data as { date_mod: string }).date_mod;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // date_mod counts seconds: a bump would show
    const same = success(await project({ id, name: 'Sem mudança', priority: 4, percent_done: 0 }));
    expect(same.applied).toEqual({});
    expect(same.message).toBe(`Nothing to change in project ${id}.`);
    expect((same.data as { date_mod: string }).date_mod).toBe(before);
    // Only what differs is written and applied.
    const some = success(await project({ id, name: 'Sem mudança', percent_done: 20 }));
    expect(some.applied).toEqual({ percent_done: 20 });
    expect(some.message).toBe(`Project ${id} updated (1 field).`);
    expect((some.data as { date_mod: string }).date_mod).not.toBe(before);
    const task = success(await save(tech, session, { projects_id: id, name: 'Tarefa parada', percent_done: 10 }));
    const unchanged = success(await save(tech, session, { id: Number(task.id), name: 'Tarefa parada', percent_done: 10 }));
    expect(unchanged.applied).toEqual({});
    expect(unchanged.message).toBe(`Nothing to change in project task ${Number(task.id)}.`);
  });

  it('links and unlinks several tickets in one call, each by id or name, and refuses the list whole when one is not found', async () => {
    const erp = 'Erro ao abrir o ERP';
    const printer = 'Impressora do 2º andar não imprime';
    const created = success(await save(tech, session, { projects_id: 'Migração ERP', name: 'Inventariar licenças', tickets_id: [erp, 1] }));
    const id = Number(created.id);
    expect(created.applied).toMatchObject({ tickets_id: [expect.any(Number), 1] });
    expect(created.resolved).toMatchObject({ tickets_id: { names: [erp, printer] } });
    const linked = async () => ((await tasksOf('Migração ERP')).find((t) => t.id === id)!.tickets ?? []).map((t) => t.name).sort();
    expect(await linked()).toEqual([erp, printer].sort());
    // One of a list not found: the whole call is refused, naming it, and nothing is linked or unlinked.
    const refused = failure(await save(tech, session, { id, remove_tickets_id: [1, 'Chamado que não existe'] }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([expect.objectContaining({ field: 'remove_tickets_id', code: 'REFERENCE_NOT_FOUND' })]);
    expect(await linked()).toEqual([erp, printer].sort());
    // A ticket both in the links and in the unlinks is refused, lists or not.
    const both = failure(await save(tech, session, { id, tickets_id: [2, 4], remove_tickets_id: 4 }), 'VALIDATION_FAILED');
    expect(both.error.issues).toEqual([expect.objectContaining({ field: 'remove_tickets_id', code: 'INVALID_VALUE', message: expect.stringContaining('4') })]);
    const unlinked = success(await save(tech, session, { id, remove_tickets_id: [1, erp] }));
    expect(unlinked.applied).toMatchObject({ remove_tickets_id: [1, expect.any(Number)] });
    expect(await linked()).toEqual([]);
  });

  it('ticket_get names the project tasks of a ticket that the caller may see', async () => {
    const tickets = await openSession(tech, 'ticket');
    const get = async (client: Client, s: string, fields?: string[]) =>
      success(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: s, id: 'Erro ao abrir o ERP', ...(fields ? { fields } : {}) })).data as {
        project_tasks?: Ref[];
      };
    // The demo's task of the ERP migration waits on this ticket.
    expect((await get(tech, tickets)).project_tasks).toEqual(expect.arrayContaining([{ id: expect.any(Number), name: 'Migrar dados fiscais' }]));
    expect(await get(tech, tickets, ['project_tasks'])).toEqual({
      id: expect.any(Number),
      project_tasks: expect.arrayContaining([expect.objectContaining({ name: 'Migrar dados fiscais' })]),
    });
    // A projection entry in the singular of exactly one field is that field; the answer names the field read.
    expect(await get(tech, tickets, ['name', 'project_task'])).toEqual({
      id: expect.any(Number),
      name: 'Erro ao abrir o ERP',
      project_tasks: expect.arrayContaining([expect.objectContaining({ name: 'Migrar dados fiscais' })]),
    });
    // A singular two fields share (requester_id, requesters) is not guessed: it stays refused, with the closest suggested.
    const shared = failure(
      await callTool(tech, 'ticket_get', { domain: 'ticket', session_id: tickets, id: 'Erro ao abrir o ERP', fields: ['requester'] }),
      'VALIDATION_FAILED',
    );
    expect(shared.error.issues!.map((i) => [i.field, i.code])).toEqual([['fields', 'INVALID_VALUE']]);
    // A task of a project out of the caller's entities is not named: normal (Sede) does not see Portal do cliente (root).
    const hidden = success(await save(tech, session, { projects_id: 'Portal do cliente', name: 'Publicar status do ERP', tickets_id: 'Erro ao abrir o ERP' }));
    const normalTickets = await openSession(normal, 'ticket');
    const seen = (await get(normal, normalTickets)).project_tasks!.map((t) => t.name);
    expect(seen).toContain('Migrar dados fiscais');
    expect(seen).not.toContain('Publicar status do ERP');
    expect((await get(tech, tickets)).project_tasks!.map((t) => t.id)).toContain(Number(hidden.id));
  });

  it('Self-Service, with no right to read projects, sees its ticket without the project work behind it', async () => {
    const admin = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    const selfService = await connectHttp(stack.url, await stack.token('post-only', ['mcp']));
    try {
      const task = success(
        await save(admin, await openSession(admin, 'project'), { projects_id: 'Portal do cliente', name: 'Trocar monitores', tickets_id: 'Troca de monitor' }),
      );
      const own = await openSession(selfService, 'ticket');
      const ticket = success(await callTool(selfService, 'ticket_get', { domain: 'ticket', session_id: own, id: 'Troca de monitor' })).data as {
        project_tasks: Ref[];
      };
      expect(ticket.project_tasks).toEqual([]);
      const adminTickets = await openSession(admin, 'ticket');
      const seen = success(await callTool(admin, 'ticket_get', { domain: 'ticket', session_id: adminTickets, id: 'Troca de monitor' })).data as {
        project_tasks: Ref[];
      };
      expect(seen.project_tasks.map((t) => t.id)).toEqual([Number(task.id)]);
    } finally {
      await Promise.all([admin.close(), selfService.close()]);
    }
  });

  it('refuses a create without project and name, and every bad field at once', async () => {
    const missing = failure(await save(tech, session, { percent_done: 10 }), 'VALIDATION_FAILED');
    expect(missing.error.issues!.map((i) => [i.field, i.code])).toEqual([
      ['projects_id', 'REQUIRED'],
      ['name', 'REQUIRED'],
    ]);
    const bad = failure(
      await save(tech, session, { projects_id: 'Nada', name: 'x', percent_done: 140, plan_start_date: '2026-07-01', plan_end_date: '2026-06-01' }),
      'VALIDATION_FAILED',
    );
    expect(bad.error.issues!.map((i) => i.field).sort()).toEqual(['percent_done', 'plan_end_date', 'projects_id']);
  });

  it("clears a task's plan dates with null, as a project's", async () => {
    const id = success(
      await save(tech, session, { projects_id: 'Migração ERP', name: 'Datas a rever', plan_start_date: '2026-07-01', plan_end_date: '2026-07-31' }),
    ).id;
    const cleared = success(await save(tech, session, { id, plan_start_date: null, plan_end_date: null }));
    expect(cleared.applied).toMatchObject({ plan_start_date: null, plan_end_date: null });
    expect((await tasksOf('Migração ERP')).find((t) => t.name === 'Datas a rever')).toMatchObject({ plan_start_date: null, plan_end_date: null });
  });

  it('saves a task over REST too', async () => {
    const admin = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
    const res = await request(stack.http)
      .post('/api/projects/tasks')
      .set(admin)
      .send({ projects_id: 'Migração ERP', name: 'Treinar usuários', percent_done: 10 });
    expect(res.status).toBe(201);
    expect((await tasksOf('Migração ERP')).map((t) => t.name)).toContain('Treinar usuários');
  });

  it('out of entity: a technician of Sede neither sees nor changes tasks of a project it cannot see', async () => {
    const created = success(await save(tech, session, { projects_id: 'Portal do cliente', name: 'Revisão final' }));
    const own = await openSession(normal, 'project');
    const out = failure(await save(normal, own, { id: Number(created.id), percent_done: 100 }), 'NOT_FOUND');
    expect(out.error.message).toMatch(/Project task/);
  });
});
