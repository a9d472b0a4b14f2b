import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

type Ref = { id: number; name: string };
type Task = { id: number; name: string; percent_done: number; projectstates_id: Ref | null; members: Ref[]; tickets: Ref[] };

/** GLPI's project tasks: project_task_save, shown by project_get, with a team and linked tickets. */
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
    success(await save(tech, session, { id, percent_done: '60%', projectstates_id: 'Processing', member_id: 'tech' }));
    // Adding the same member again keeps one.
    success(await save(tech, session, { id, member_id: 'tech' }));
    const task = (await tasksOf('Migração ERP')).find((t) => t.id === id)!;
    expect(task).toMatchObject({ name: 'Migrar dados', percent_done: 60, projectstates_id: { name: 'Processing' } });
    expect(task.members.map((m) => m.name).sort()).toEqual(['maria.silva', 'tech']);
    expect(task.tickets.map((t) => t.name)).toEqual(['Erro ao abrir o ERP']);
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
