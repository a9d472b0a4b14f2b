import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { TIMELINE_PAGE } from '../src/tickets/timeline/timeline.fields.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

type Ref = { id: number; name: string };
type Entry = Record<string, unknown> & { id: number; kind: string; content?: string; status?: Ref };
type TicketData = Record<string, unknown> & { status: Ref; timeline: Entry[]; timeline_next_cursor: string | null; actiontime: number };

/** A ticket's timeline: followups, tasks and solutions added by ticket_add_entry, read by ticket_get. */
describe.each(DATABASES)('ticket timeline on %s', (kind) => {
  let stack: TestStack;
  let tech: Client;
  let postOnly: Client;
  let normal: Client;
  let techSession: string;
  let ticketId: number;

  beforeAll(async () => {
    stack = await startStack(kind);
    tech = await connectHttp(stack.url, await stack.token('tech', ['mcp']));
    postOnly = await connectHttp(stack.url, await stack.token('post-only', ['mcp']));
    normal = await connectHttp(stack.url, await stack.token('normal', ['mcp']));
    techSession = await openSession(tech, 'ticket');
    ticketId = Number(
      success(await callTool(tech, 'ticket_create', { domain: 'ticket', session_id: techSession, name: 'Notebook sem Wi-Fi', entities_id: 'Sede' })).id,
    );
  });
  afterAll(async () => {
    for (const client of [tech, postOnly, normal]) await client?.close();
    await stack?.close();
  });

  const as = (client: Client, session: string) => ({
    add: (args: Record<string, unknown>) => callTool(client, 'ticket_add_entry', { domain: 'ticket', session_id: session, ...args }),
    get: async (id: number | string, extra: Record<string, unknown> = {}) =>
      success(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: session, id, ...extra })).data as TicketData,
    update: (args: Record<string, unknown>) => callTool(client, 'ticket_update', { domain: 'ticket', session_id: session, ...args }),
  });

  it('answers the old ticket_add_followup with the tool that replaced it', async () => {
    await expect(callTool(tech, 'ticket_add_followup', { domain: 'ticket', session_id: techSession, id: ticketId, content: 'x' })).rejects.toThrow(
      /ticket_add_entry \{kind: "followup"\}/,
    );
  });

  it('adds a task with a duration in words, a state in Portuguese and a technician by login', async () => {
    const t = as(tech, techSession);
    const task = success(
      await t.add({
        id: ticketId,
        kind: 'task',
        content: 'Driver da placa reinstalado.',
        duration: '1h30',
        state: 'Feito',
        users_id_tech: 'tech',
        begin: '2026-11-30 09:00',
        end: '2026-11-30 10:30',
        timezone: 'America/Sao_Paulo',
      }),
    );
    expect(task.applied).toMatchObject({
      ticket_id: ticketId,
      kind: 'task',
      duration: 5400,
      state: 2,
      users_id_tech: expect.any(Number),
      begin: '2026-11-30T09:00:00-03:00',
      end: '2026-11-30T10:30:00-03:00',
    });
    // Planned with a begin and a duration, as GLPI's planning takes it: the end is the begin plus the duration; and back.
    const byDuration = success(
      await t.add({ id: ticketId, kind: 'task', content: 'Plano.', duration: '1h30', begin: '2030-11-30 09:00', timezone: 'America/Sao_Paulo', dry_run: true }),
    );
    expect(byDuration.applied).toMatchObject({ duration: 5400, begin: '2030-11-30T09:00:00-03:00', end: '2030-11-30T10:30:00-03:00' });
    const byEnd = success(
      await t.add({
        id: ticketId,
        kind: 'task',
        content: 'Plano.',
        begin: '2030-11-30 09:00',
        end: '2030-11-30 11:00',
        timezone: 'America/Sao_Paulo',
        dry_run: true,
      }),
    );
    expect(byEnd.applied).toMatchObject({ duration: 7200 });
    success(await t.add({ id: 'Notebook sem Wi-Fi', kind: 'task', content: 'Teste de sinal.', duration: '90 min' }));
    const got = await t.get(ticketId);
    expect(got.actiontime).toBe(10800);
    expect(got.timeline.map((e) => [e.kind, e.content])).toEqual([
      ['task', 'Teste de sinal.'],
      ['task', 'Driver da placa reinstalado.'],
    ]);
    expect(got.timeline[1]).toMatchObject({ state: { id: 2, name: 'Done' }, duration: 5400, users_id_tech: { name: 'tech' } });
  });

  it('makes a New or assigned ticket Processing (planned) with a task that has a planned start, as GLPI does; no other status', async () => {
    const t = as(tech, techSession);
    const id = Number(
      success(await callTool(tech, 'ticket_create', { domain: 'ticket', session_id: techSession, name: 'Agenda de visita', entities_id: 'Sede' })).id,
    );
    const unplanned = success(await t.add({ id, kind: 'task', content: 'Ligar para o usuário.' }));
    expect(unplanned.applied).not.toHaveProperty('ticket_status');
    expect((await t.get(id)).status).toEqual({ id: 1, name: 'New' });

    const planned = success(await t.add({ id, kind: 'task', content: 'Visita técnica.', begin: '2030-12-05 14:00', end: '2030-12-05 15:00' }));
    expect(planned.applied).toMatchObject({ kind: 'task', ticket_status: 3 });
    expect(planned.message).toMatch(/now Processing \(planned\)/);
    expect((await t.get(id)).status).toEqual({ id: 3, name: 'Processing (planned)' });

    success(await t.update({ id, status: 'Processing (assigned)', assignee_id: 'tech' }));
    expect(success(await t.add({ id, kind: 'task', content: 'Segunda visita.', begin: '2030-12-06 09:00' })).applied).toMatchObject({ ticket_status: 3 });

    // A Pending ticket waits for something else: a planned task leaves it so.
    success(await t.update({ id, status: 'Pendente' }));
    const pending = success(await t.add({ id, kind: 'task', content: 'Terceira visita.', begin: '2030-12-07 09:00' }));
    expect(pending.applied).not.toHaveProperty('ticket_status');
    expect((await t.get(id)).status).toEqual({ id: 4, name: 'Pending' });
  });

  it('refuses every wrong field of an entry in one error', async () => {
    const wrong = failure(
      await as(tech, techSession).add({ id: ticketId, content: 'Oi', duration: 'soon', solutiontypes_id: 'Solução remota', state: 'Pronto' }),
      'VALIDATION_FAILED',
    );
    const issues = wrong.error.issues!.map((i) => [i.field, i.code]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['duration', 'INVALID_TYPE'],
        ['state', 'INVALID_VALUE'],
        ['solutiontypes_id', 'INVALID_VALUE'],
      ]),
    );
    expect(wrong.error.issues!.find((i) => i.field === 'duration')!.expected).toMatch(/1h30/);
  });

  it("refuses a duration past a year of work, as a number or a text, with the bound (GLPI's actiontime is a 32-bit int)", async () => {
    const before = (await as(tech, techSession).get(ticketId)).actiontime;
    for (const duration of [2_147_483_648, 1e20, '99999999999', 31_536_001]) {
      const refused = failure(await as(tech, techSession).add({ id: ticketId, kind: 'task', content: 'Longa.', duration }), 'VALIDATION_FAILED');
      expect({ duration, issues: refused.error.issues!.map((i) => [i.field, i.code]) }).toEqual({ duration, issues: [['duration', 'OUT_OF_RANGE']] });
      expect(refused.error.issues![0].expected).toContain('31536000');
    }
    success(await as(tech, techSession).add({ id: ticketId, kind: 'task', content: 'Um ano.', duration: 31_536_000 }));
    expect((await as(tech, techSession).get(ticketId)).actiontime).toBe(before + 31_536_000);
  });

  it('refuses a blank entry, judges no field by a kind it refused, and shows what was sent', async () => {
    const before = (await as(tech, techSession).get(ticketId)).timeline?.length;
    for (const entryKind of ['followup', 'task', 'solution']) {
      const blank = failure(await as(tech, techSession).add({ id: ticketId, kind: entryKind, content: '   ' }), 'VALIDATION_FAILED');
      expect(blank.error.issues).toEqual([expect.objectContaining({ field: 'content', code: 'INVALID_VALUE', received: '   ' })]);
    }
    expect((await as(tech, techSession).get(ticketId)).timeline?.length).toBe(before);
    // A kind it does not know: that issue alone, not "duration belongs to kind task, not followup".
    const unknownKind = failure(
      await as(tech, techSession).add({ id: ticketId, kind: 'afazer', content: 'Troca', duration: '1h30', users_id_tech: 'tech', begin: '2030-12-05 14:00' }),
      'VALIDATION_FAILED',
    );
    expect(unknownKind.error.issues!.map((issue) => issue.field)).toEqual(['kind']);
    // A rule between fields shows the value as sent, not as parsed.
    const late = failure(
      await as(tech, techSession).add({ id: ticketId, kind: 'task', content: 'Troca', begin: '2030-12-05 14:00', end: '2030-12-05 13:00' }),
      'VALIDATION_FAILED',
    );
    expect(late.error.issues).toEqual([expect.objectContaining({ field: 'end', received: '2030-12-05 13:00' })]);
    const wrongKind = failure(await as(tech, techSession).add({ id: ticketId, content: 'Oi', duration: '1h30' }), 'VALIDATION_FAILED');
    expect(wrongKind.error.issues).toEqual([expect.objectContaining({ field: 'duration', received: '1h30' })]);
  });

  it('solves with a solution, refuses it when the ticket goes back to Processing, accepts the next on Closed', async () => {
    const t = as(tech, techSession);
    const solution = success(await t.add({ id: ticketId, kind: 'solution', content: 'Placa trocada.', solutiontypes_id: 'Substituição de equipamento' }));
    expect(solution.applied).toMatchObject({ kind: 'solution', status: 2, ticket_status: 5, solutiontypes_id: expect.any(Number) });
    expect((await t.get(ticketId)).status).toEqual({ id: 5, name: 'Solved' });
    failure(await t.add({ id: ticketId, kind: 'solution', content: 'Outra.' }), 'CONFLICT');

    success(await t.update({ id: ticketId, status: 'Em atendimento (atribuído)' }));
    const refused = (await t.get(ticketId)).timeline.find((e) => e.id === solution.id && e.kind === 'solution')!;
    expect(refused).toMatchObject({ status: { id: 4, name: 'Refused' }, users_id_approval: { name: 'tech' } });

    const second = success(await t.add({ id: ticketId, kind: 'solution', content: 'Antena substituída.' }));
    success(await t.update({ id: ticketId, status: 'Fechado' }));
    const accepted = (await t.get(ticketId)).timeline.find((e) => e.id === second.id && e.kind === 'solution')!;
    expect(accepted.status).toEqual({ id: 3, name: 'Granted' });
    failure(await t.add({ id: ticketId, kind: 'solution', content: 'Mais uma.' }), 'CONFLICT');
  });

  it('names no deactivated user as an approver or a task technician: they could never answer or do it', async () => {
    const api = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
    const created = await request(stack.http)
      .post('/api/users')
      .set(api)
      .send({ name: 'saiu.da.empresa', profiles_id: 'Technician', entities_id: 'Root entity' });
    expect(created.status).toBe(201);
    expect((await request(stack.http).delete(`/api/users/${created.body.id}`).set(api)).status).toBe(200);
    const t = as(tech, techSession);
    const ticketId = Number(
      success(await callTool(tech, 'ticket_create', { domain: 'ticket', session_id: techSession, name: 'Backup noturno', entities_id: 'Sede' })).id,
    );
    const said = 'saiu.da.empresa is deactivated: reactivate them (user_update is_active true) or choose another.';
    const approver = failure(
      await callTool(tech, 'ticket_validation', { domain: 'ticket', session_id: techSession, id: ticketId, approver_id: 'saiu.da.empresa', dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(approver.error.issues).toEqual([{ field: 'approver_id', code: 'INVALID_VALUE', received: 'saiu.da.empresa', message: said }]);
    const task = failure(await t.add({ id: ticketId, kind: 'task', content: 'Backup', users_id_tech: 'saiu.da.empresa', dry_run: true }), 'VALIDATION_FAILED');
    expect(task.error.issues).toEqual([{ field: 'users_id_tech', code: 'INVALID_VALUE', received: 'saiu.da.empresa', message: said }]);
    success(await t.add({ id: ticketId, kind: 'task', content: 'Backup', users_id_tech: 'tech', dry_run: true }));
  });

  it('tells a second solution the status that refuses the waiting one, as the ticket stands (New with no one assigned)', async () => {
    const t = as(tech, techSession);
    const id = Number(
      success(await callTool(tech, 'ticket_create', { domain: 'ticket', session_id: techSession, name: 'Sem técnico', entities_id: 'Sede' })).id,
    );
    expect((await t.get(id)).assignees).toEqual([]);
    success(await t.add({ id, kind: 'solution', content: 'Resolvido.' }));
    const again = failure(await t.add({ id, kind: 'solution', content: 'Outra.' }), 'CONFLICT');
    expect(again.error.message).toContain('ticket_update status "New"');
    // Followed as told, the ticket takes the new solution.
    success(await t.update({ id, status: 'New' }));
    expect((await t.get(id)).status).toEqual({ id: 1, name: 'New' });
    success(await t.add({ id, kind: 'solution', content: 'Outra.' }));
  });

  it("gives each open duplicate solved with its master a solution entry of its own, the master's, and names it; a closed duplicate keeps its timeline", async () => {
    const t = as(tech, techSession);
    const open = async (name: string) =>
      Number(success(await callTool(tech, 'ticket_create', { domain: 'ticket', session_id: techSession, name, entities_id: 'Sede' })).id);
    const master = await open('Servidor de arquivos fora do ar');
    const duplicate = await open('Não acesso a pasta compartilhada');
    const closed = await open('Pasta da contabilidade sumiu');
    // Closed before it is linked: closing a duplicate closes the tickets it duplicates too.
    success(await t.update({ id: closed, status: 'Closed' }));
    for (const id of [duplicate, closed])
      success(await callTool(tech, 'ticket_link', { domain: 'ticket', session_id: techSession, id, other_id: master, relation: 'Duplicate' }));

    const solution = { id: master, kind: 'solution', content: 'Disco do servidor trocado.', solutiontypes_id: 'Substituição de equipamento' };
    // A dry run names the duplicate it would solve, but no id for the solution it would get (rolled back).
    const rehearsed = success(await t.add({ ...solution, dry_run: true }));
    expect(rehearsed.applied).toMatchObject({ also_changed: { tickets: [{ id: duplicate, status: 5, solution_id: null }] } });
    expect((await t.get(duplicate)).timeline.filter((e) => e.kind === 'solution')).toEqual([]);

    const solved = success(await t.add(solution));
    const copy = (await t.get(duplicate)).timeline.find((e) => e.kind === 'solution');
    expect(copy).toMatchObject({
      content: 'Disco do servidor trocado.',
      solutiontypes_id: { name: 'Substituição de equipamento' },
      users_id: { name: 'tech' },
      status: { id: 2 },
    });
    expect(copy!.id).not.toBe(solved.id);
    expect((await t.get(duplicate)).status).toEqual({ id: 5, name: 'Solved' });
    expect(solved.applied).toMatchObject({ also_changed: { tickets: [{ id: duplicate, status: 5, solution_id: copy!.id }] } });
    expect(solved.message).toContain(`ticket ${duplicate} (a duplicate) Solved with solution ${copy!.id}`);
    expect((await t.get(closed)).timeline.filter((e) => e.kind === 'solution')).toEqual([]);
  });

  it("shows a long working ticket's whole timeline in one answer, oldest entry included", async () => {
    const t = as(tech, techSession);
    const id = Number(
      success(await callTool(tech, 'ticket_create', { domain: 'ticket', session_id: techSession, name: 'Semana de idas e vindas', entities_id: 'Sede' })).id,
    );
    for (let i = 1; i <= 30; i++) success(await t.add({ id, content: `passo ${i}` }));
    const whole = await t.get(id);
    expect(whole.timeline.map((e) => e.content)).toEqual(Array.from({ length: 30 }, (_, i) => `passo ${30 - i}`));
    expect(whole.timeline_next_cursor).toBeNull();
  });

  it('pages a long timeline with a cursor, every entry once, and refuses a cursor of another ticket', async () => {
    const t = as(tech, techSession);
    const id = Number(
      success(await callTool(tech, 'ticket_create', { domain: 'ticket', session_id: techSession, name: 'Linha longa', entities_id: 'Sede' })).id,
    );
    const total = TIMELINE_PAGE + 4;
    for (let i = 1; i <= total; i++) success(await t.add({ id, content: `nota ${i}` }));
    const first = await t.get(id);
    expect(first.timeline).toHaveLength(TIMELINE_PAGE);
    expect(first.timeline[0].content).toBe(`nota ${total}`);
    expect(first.timeline_next_cursor).toEqual(expect.any(String));
    const next = await t.get(id, { timeline_cursor: first.timeline_next_cursor, fields: ['timeline'] });
    expect(next.timeline.map((e) => e.content)).toEqual(['nota 4', 'nota 3', 'nota 2', 'nota 1']);
    expect(next.timeline_next_cursor).toBeNull();
    const bad = failure(
      await callTool(tech, 'ticket_get', { domain: 'ticket', session_id: techSession, id: ticketId, timeline_cursor: first.timeline_next_cursor }),
      'VALIDATION_FAILED',
    );
    expect(bad.error.issues![0]).toMatchObject({ field: 'timeline_cursor', code: 'INVALID_VALUE' });

    // The same pages over REST.
    const admin = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
    const page = await request(stack.http).get(`/api/tickets/${id}/entries`).query({ timeline_cursor: first.timeline_next_cursor }).set(admin);
    expect(page.status).toBe(200);
    expect((page.body.data.timeline as Entry[]).map((e) => e.content)).toEqual(['nota 4', 'nota 3', 'nota 2', 'nota 1']);
  });

  it('shows the demo timeline: a task and a solution waiting for approval, a validation waiting', async () => {
    const t = as(tech, techSession);
    const monitor = await t.get('Troca de monitor');
    expect(monitor.timeline.map((e) => e.kind)).toEqual(['solution', 'task']);
    expect(monitor.timeline[0]).toMatchObject({ status: { id: 2 }, solutiontypes_id: { name: 'Substituição de equipamento' } });
    expect(monitor.actiontime).toBe(2700);
    const vpn = await t.get('Acesso à VPN para novo colaborador');
    expect(vpn.global_validation).toEqual({ id: 2, name: 'Waiting for approval' });
    expect(vpn.timeline[0]).toMatchObject({ kind: 'validation', approver_id: { name: 'glpi' }, status: { id: 2 } });
  });

  describe('Self-Service', () => {
    let session: string;
    let monitorId: number;
    beforeAll(async () => {
      session = await openSession(postOnly, 'ticket');
      monitorId = Number((await as(postOnly, session).get('Troca de monitor')).id);
    });

    it('follows up on its own ticket; tasks and solutions are not its to add', async () => {
      const t = as(postOnly, session);
      success(await t.add({ id: monitorId, content: 'Funcionando, obrigado.' }));
      success(await t.add({ id: monitorId, kind: 'followup', content: 'Pode fechar.' }));
      const task = failure(await t.add({ id: monitorId, kind: 'task', content: 'Trabalhei' }), 'VALIDATION_FAILED');
      expect(task.error.issues!.map((i) => [i.field, i.code])).toEqual([['kind', 'FORBIDDEN_FIELD']]);
      expect(task.error.issues![0].message).toMatch(/followup/);
      const fields = failure(await t.add({ id: monitorId, kind: 'task', content: 'x', duration: 60 }), 'VALIDATION_FAILED');
      expect(fields.error.issues!.map((i) => [i.field, i.code])).toEqual([
        ['kind', 'FORBIDDEN_FIELD'],
        ['duration', 'FORBIDDEN_FIELD'],
      ]);
      // What it may set is said of the tool called: ticket_add_entry's fields, not ticket_create's.
      expect(fields.error.issues![1]).toMatchObject({
        message: 'duration cannot be set with your profile, which sets only content. Leave it out.',
        expected: 'only content',
      });
      const listed = (await postOnly.listTools()).tools.find((tool) => tool.name === 'ticket_add_entry');
      expect(listed?.description).toContain('Your profile sets only: content.');
    });

    it('does not see private tasks, nor their time in the time spent, and a ticket it did not request is not found', async () => {
      const before = Number((await as(postOnly, session).get(monitorId)).actiontime);
      success(await as(tech, techSession).add({ id: monitorId, kind: 'task', content: 'Nota técnica interna.', is_private: true, duration: 3600 }));
      const mine = await as(postOnly, session).get(monitorId);
      expect(mine.timeline.map((e) => e.content)).not.toContain('Nota técnica interna.');
      // The time spent is that of the tasks it sees; a technician sees the private hour too.
      expect(Number(mine.actiontime)).toBe(before);
      expect(Number((await as(tech, techSession).get(monitorId)).actiontime)).toBeGreaterThanOrEqual(before + 3600);
      expect(mine.timeline.map((e) => e.content)).toContain('Pode fechar.');
      failure(await as(postOnly, session).add({ id: ticketId, content: 'Olá?' }), 'NOT_FOUND');
    });
  });

  it('out of entity: a technician of Sede only cannot add to a ticket of Filial Porto', async () => {
    const session = await openSession(normal, 'ticket');
    const tickets = as(tech, techSession);
    const vpnId = Number((await tickets.get('Acesso à VPN para novo colaborador')).id);
    failure(await as(normal, session).add({ id: vpnId, kind: 'task', content: 'x', duration: 60 }), 'NOT_FOUND');
  });
});
