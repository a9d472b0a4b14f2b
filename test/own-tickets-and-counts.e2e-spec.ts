import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

type Page = { items: Array<{ id: number; name: string }>; total: number };
type Figures = { count: number; solved: number; mean_hours_to_solve: number | null; median_hours_to_solve: number | null; overdue: number };
type Stats = Figures & { group_by: string; groups: Array<Figures & Record<string, unknown>> };

/**
 * Self-Service's own tickets are those it requests or observes (GLPI); `mine: assignee` counts
 * group assignments; months of counts are the caller's zone's.
 */
describe.each(DATABASES)('own tickets, mine and counts on %s', (kind) => {
  let stack: TestStack;
  const clients: Client[] = [];
  let admin: Client;
  let selfService: Client;
  let session: string;
  let selfSession: string;

  const connect = async (login: string) => {
    const client = await connectHttp(stack.url, await stack.token(login, ['mcp']));
    clients.push(client);
    return client;
  };
  const call = (client: Client, tool: string, args: Record<string, unknown>, ses: string) =>
    callTool(client, tool, { domain: 'ticket', session_id: ses, ...args });
  const search = async (client: Client, ses: string, args: Record<string, unknown>) =>
    success(await call(client, 'ticket_search', { limit: 100, ...args }, ses)).data as Page;
  const create = async (args: Record<string, unknown>) => Number(success(await call(admin, 'ticket_create', args, session)).id);

  beforeAll(async () => {
    stack = await startStack(kind);
    admin = await connect('glpi');
    selfService = await connect('post-only');
    session = await openSession(admin, 'ticket');
    selfSession = await openSession(selfService, 'ticket');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await stack?.close();
  });

  describe('Self-Service observing a ticket', () => {
    let observed: number;
    let other: number;

    beforeAll(async () => {
      observed = await create({ name: 'Ar-condicionado ruidoso', requesters: ['maria.silva'], observers: ['post-only'], date: '2026-11-02 09:00' });
      other = await create({ name: 'Cadeira quebrada', requesters: ['maria.silva'] });
    });

    it('reads, finds and names it like a ticket it requests; others stay NOT_FOUND', async () => {
      const got = success(await call(selfService, 'ticket_get', { id: 'Ar-condicionado ruidoso' }, selfSession));
      expect(got.id).toBe(observed);
      failure(await call(selfService, 'ticket_get', { id: other }, selfSession), 'NOT_FOUND');
      const all = (await search(selfService, selfSession, {})).items.map((t) => t.name).sort();
      expect(all).toEqual(['Ar-condicionado ruidoso', 'Troca de monitor']);
      expect((await search(selfService, selfSession, { mine: 'observer' })).items.map((t) => t.id)).toEqual([observed]);
      expect((await search(selfService, selfSession, { mine: 'requester' })).items.map((t) => t.name)).toEqual(['Troca de monitor']);
    });

    it('adds followups to it (GLPI lets observers answer), but not tasks', async () => {
      success(await call(selfService, 'ticket_add_entry', { id: observed, content: 'Continua fazendo barulho hoje.' }, selfSession));
      // The kind its profile may not add and the fields it may not set come back together, in one answer.
      for (const [entryKind, field, value] of [
        ['task', 'duration', '30 min'],
        ['solution', 'solutiontypes_id', 1],
      ] as const) {
        const args = { id: observed, kind: entryKind, content: 'x', [field]: value, dry_run: true };
        const refused = failure(await call(selfService, 'ticket_add_entry', args, selfSession), 'VALIDATION_FAILED');
        expect(refused.error.issues!.map((issue) => [issue.field, issue.code])).toEqual([
          ['kind', 'FORBIDDEN_FIELD'],
          [field, 'FORBIDDEN_FIELD'],
        ]);
        expect(refused.error.issues![0]).toMatchObject({ received: entryKind, expected: 'followup' });
        expect(refused.error.issues![0].message).toMatch(/send kind "followup"/i);
      }
      const ticket = success(await call(selfService, 'ticket_get', { id: observed }, selfSession)).data as { timeline: unknown[] };
      expect(JSON.stringify(ticket.timeline)).toContain('Continua fazendo barulho hoje.');
    });

    it('sees links to its own tickets only', async () => {
      success(await call(admin, 'ticket_link', { id: observed, other_id: 'Troca de monitor' }, session));
      success(await call(admin, 'ticket_link', { id: observed, other_id: other }, session));
      const links = (success(await call(selfService, 'ticket_get', { id: observed, fields: ['links'] }, selfSession)).data as { links: unknown[] }).links;
      expect(JSON.stringify(links)).toContain('Troca de monitor');
      expect(JSON.stringify(links)).not.toContain('Cadeira quebrada');
      expect(links).toHaveLength(1);
    });

    it('counts it, solved or not, with hours to solve; a ticket observed out of its entities stays out', async () => {
      let own = success(await call(selfService, 'ticket_search', { group_by: 'status' }, selfSession)).data as Stats;
      expect(own).toMatchObject({ count: 2, solved: 1, mean_hours_to_solve: 51.3 });
      success(await call(admin, 'ticket_add_entry', { id: observed, kind: 'solution', content: 'Filtro limpo.' }, session));
      own = success(await call(selfService, 'ticket_search', { group_by: 'status' }, selfSession)).data as Stats;
      expect(own).toMatchObject({ count: 2, solved: 2 });
      expect(own.mean_hours_to_solve).toBeGreaterThan(51.3);
      expect(own.median_hours_to_solve).toBe(own.mean_hours_to_solve);
      const all = success(await call(admin, 'ticket_search', { group_by: 'status', query: 'Ar-condicionado ruidoso' }, session)).data as Stats;
      expect(all.mean_hours_to_solve).toBeGreaterThan(0);
      // joao.souza (Self-Service of Filial Porto) observes the ERP ticket of Sede: not his to see or count.
      const joao = await connect('joao.souza');
      const joaoSession = await openSession(joao, 'ticket');
      failure(await call(joao, 'ticket_get', { id: 'Erro ao abrir o ERP' }, joaoSession), 'VALIDATION_FAILED');
      const joaoStats = success(await call(joao, 'ticket_search', { group_by: 'status', mine: 'observer' }, joaoSession)).data as Stats;
      expect(joaoStats.count).toBe(0);
    });
  });

  it('answers a ticket_stats call with the ticket_search call that counts', async () => {
    await expect(call(admin, 'ticket_stats', { group_by: 'status' }, session)).rejects.toThrow(/ticket_search \{group_by: "status"\}/);
  });

  it('mine: assignee counts tickets assigned to the groups of the caller', async () => {
    const queued = await create({ name: 'Switch do andar 2 sem energia', assignees: ['Infraestrutura'] });
    const tech = await connect('tech');
    const techSession = await openSession(tech, 'ticket');
    expect((await search(tech, techSession, { mine: 'assignee' })).items.map((t) => t.id)).toContain(queued);
    expect((await search(tech, techSession, { mine: 'any' })).items.map((t) => t.id)).toContain(queued);
    expect((await search(tech, techSession, { mine: 'requester' })).items.map((t) => t.id)).not.toContain(queued);
    // maria.silva is in Service Desk only.
    const maria = await connect('maria.silva');
    const mariaSession = await openSession(maria, 'ticket');
    expect((await search(maria, mariaSession, { mine: 'assignee' })).items.map((t) => t.id)).not.toContain(queued);
    const counted = success(await call(tech, 'ticket_search', { mine: 'assignee', group_by: 'group' }, techSession)).data as Stats;
    expect(counted.groups.map((g) => (g.group as { name: string } | null)?.name)).toContain('Infraestrutura');
  });

  it('mine and group_by take their values in other words of the same meaning, in English and Portuguese', async () => {
    const tech = await connect('tech');
    const techSession = await openSession(tech, 'ticket');
    const ids = async (mine: string) => (await search(tech, techSession, { mine })).items.map((t) => t.id);
    const assigned = await ids('assignee');
    expect(assigned.length).toBeGreaterThan(0);
    expect(await ids('assigned')).toEqual(assigned);
    expect(await ids('Atribuídos')).toEqual(assigned);
    expect((await search(selfService, selfSession, { mine: 'observing' })).items.map((t) => t.name)).toEqual(['Ar-condicionado ruidoso']);
    expect((await search(selfService, selfSession, { mine: 'observador' })).items.map((t) => t.name)).toEqual(['Ar-condicionado ruidoso']);

    const groupedBy = async (group_by: string) => (success(await call(admin, 'ticket_search', { group_by }, session)).data as Stats).group_by;
    expect(await groupedBy('opening month')).toBe('month');
    expect(await groupedBy('Mês de abertura')).toBe('month');
    expect(await groupedBy('prioridade')).toBe('priority');
    expect(await groupedBy('categoria')).toBe('category');
    // A word of no single meaning (solved: the status? the month solved?) stays a question.
    const solved = failure(await call(admin, 'ticket_search', { group_by: 'solved' }, session), 'VALIDATION_FAILED');
    expect(solved.error.issues![0]).toMatchObject({ field: 'group_by', code: 'INVALID_VALUE' });
  });

  it('counts by urgency and by impact, each value named, their counts adding up to the whole', async () => {
    const urgent = await create({ name: 'Servidor de arquivos fora do ar', urgency: 'muito alta', impact: 'alto' });
    for (const [group_by, word, label] of [
      ['urgency', 'urgência', 'Very high'],
      ['impact', 'impacto', 'High'],
    ] as const) {
      const counts = success(await call(admin, 'ticket_search', { group_by }, session)).data as Stats;
      expect(counts.group_by).toBe(group_by);
      expect(counts.groups.reduce((sum, g) => sum + g.count, 0)).toBe(counts.count);
      const one = success(await call(admin, 'ticket_search', { group_by, query: 'Servidor de arquivos fora do ar' }, session)).data as Stats;
      expect(one.groups).toEqual([expect.objectContaining({ [group_by]: { id: group_by === 'urgency' ? 5 : 4, name: label }, count: 1 })]);
      expect((success(await call(admin, 'ticket_search', { group_by: word }, session)).data as Stats).group_by).toBe(group_by);
    }
    expect(urgent).toBeGreaterThan(0);
  });

  it('group_by month buckets in the caller zone, across DST changes', async () => {
    const users = await openSession(admin, 'user');
    for (const [login, timezone] of [
      ['lisboa.tech', 'Europe/Lisbon'],
      ['utc.tech', 'UTC'],
    ]) {
      success(
        await callTool(admin, 'user_create', {
          domain: 'user',
          session_id: users,
          name: login,
          email: `${login}@example.org`,
          profiles_id: 'Technician',
          entities_id: 'Root entity',
          timezone,
        }),
      );
    }
    // 23:30 UTC on 31 March is 00:30 on 1 April in Lisbon (summer time since 29 March).
    await create({ name: 'Fuso de Lisboa', date: '2026-03-31T23:30:00Z' });
    // São Paulo kept summer time (UTC-2) until February 2019: 02:30 UTC on 1 December 2018 was 00:30
    // there; on 1 March 2019 (UTC-3 again) it was 23:30 on 28 February.
    await create({ name: 'Fuso de São Paulo', date: '2018-12-01T02:30:00Z' });
    await create({ name: 'Fuso de São Paulo', date: '2019-03-01T02:30:00Z' });
    const months = async (client: Client, ses: string, query: string) =>
      ((success(await call(client, 'ticket_search', { query, group_by: 'month' }, ses)).data as Stats).groups.map((g) => g.month) as string[]).sort();
    // The demo's users, glpi among them, are in America/Sao_Paulo.
    const lisboa = await connect('lisboa.tech');
    const utc = await connect('utc.tech');
    const [lisboaSession, utcSession] = await Promise.all([openSession(lisboa, 'ticket'), openSession(utc, 'ticket')]);
    expect(await months(lisboa, lisboaSession, 'Fuso de Lisboa')).toEqual(['2026-04']);
    expect(await months(utc, utcSession, 'Fuso de Lisboa')).toEqual(['2026-03']);
    expect(await months(admin, session, 'Fuso de São Paulo')).toEqual(['2018-12', '2019-02']);
    expect(await months(utc, utcSession, 'Fuso de São Paulo')).toEqual(['2018-12', '2019-03']);
  });
});
