import request from 'supertest';
import { DATABASES } from './support/databases.js';
import { found } from './support/found.js';
import { startStack, type TestStack } from './support/test-app.js';

type Ref = { id: number; name: string } | null;
type TicketView = Record<string, unknown> & { id: number; name: string; requester_id: Ref; status: Ref };

describe.each(DATABASES)('tickets REST on %s', (kind) => {
  let stack: TestStack;
  let admin: { Authorization: string };
  let selfService: { Authorization: string };
  let created: number;
  let erpId: number;
  let monitorId: number;

  beforeAll(async () => {
    stack = await startStack(kind);
    admin = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
    selfService = { Authorization: `Bearer ${await stack.token('post-only', ['api'])}` };
  });
  afterAll(async () => stack?.close());

  const idOf = async (title: string): Promise<number> => {
    const res = await request(stack.http).post('/api/tickets/search').set(admin).send({ query: title });
    const hit = (res.body.data.items as TicketView[]).find((t) => t.name === title);
    if (!hit) throw new Error(`demo ticket '${title}' not found`);
    return hit.id;
  };

  it('reads a bare date as the end of a range as the whole of that day, in the zone in force', async () => {
    const oneDay = await request(stack.http).post('/api/tickets/search').set(admin).send({ date_from: '2026-11-20', date_to: '2026-11-20' });
    expect(oneDay.status).toBe(200);
    expect((oneDay.body.data.items as TicketView[]).map((t) => t.name)).toContain('Acesso à VPN para novo colaborador');
    // A time given is taken as it is.
    const morning = await request(stack.http).post('/api/tickets/search').set(admin).send({ date_from: '2026-11-20', date_to: '2026-11-20T14:00:00Z' });
    expect((morning.body.data.items as TicketView[]).map((t) => t.name)).not.toContain('Acesso à VPN para novo colaborador');
  });

  it('lists "open" tickets (status=aberto in the query) as every status not yet solved, as the search body does', async () => {
    const listed = await request(stack.http).get('/api/tickets?status=aberto&limit=100').set(admin);
    expect(listed.status).toBe(200);
    expect(listed.body.resolved).toEqual({ status: expect.objectContaining({ input: 'aberto', ids: [1, 2, 3, 4] }) });
    const searched = await request(stack.http).post('/api/tickets/search').set(admin).send({ status: 'open', limit: 100 });
    expect(listed.body.data.total).toBe(searched.body.data.total);
    expect((listed.body.data.items as TicketView[]).every((t) => t.status !== null && t.status.id <= 4)).toBe(true);
    // A repeated query parameter is a list: tickets with any of its statuses.
    const either = await request(stack.http).get('/api/tickets?status=1&status=Pendente&limit=100').set(admin);
    expect(either.status).toBe(200);
    expect(either.body.resolved).toEqual({ status: { input: ['1', 'Pendente'], ids: [1, 4], names: ['New', 'Pending'] } });
    expect((either.body.data.items as TicketView[]).every((t) => t.status !== null && [1, 4].includes(t.status.id))).toBe(true);
  });

  it('lists the demo tickets with their actors', async () => {
    const res = await request(stack.http).get('/api/tickets').set(admin);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const items = res.body.data.items as TicketView[];
    expect(items.map((t) => t.name)).toEqual(
      expect.arrayContaining(['Impressora do 2º andar não imprime', 'Acesso à VPN para novo colaborador', 'Erro ao abrir o ERP', 'Troca de monitor']),
    );
    const vpn = found(
      items.find((t) => t.name === 'Acesso à VPN para novo colaborador'),
      'the VPN ticket',
    );
    expect(vpn.requester_id).toEqual({ id: expect.any(Number), name: 'joao.souza' });
    expect(vpn.assignee_id).toEqual({ id: expect.any(Number), name: 'tech' });
    expect(vpn.assignee_group_id).toEqual({ id: expect.any(Number), name: 'Infraestrutura' });
    expect(vpn.type).toEqual({ id: 2, name: 'Request' });
    erpId = await idOf('Erro ao abrir o ERP');
    monitorId = await idOf('Troca de monitor');
  });

  it('creates a ticket from names and labels, and applies exactly what it stored', async () => {
    const res = await request(stack.http).post('/api/tickets').set(admin).send({
      name: 'Teclado com teclas falhando',
      content: 'Algumas teclas não respondem.',
      type: 'Requisição',
      urgency: 'alta',
      impact: 'Low',
      itilcategories_id: 'hardware',
      locations_id: 'Sede > Andar 2',
      requester_id: 'Maria Silva',
      assignee_id: 'tech',
      date: '2026-06-01 09:30:00',
      timezone: 'America/Sao_Paulo',
    });
    expect(res.status).toBe(201);
    const { applied, resolved, data } = res.body;
    created = res.body.id;
    expect(created).toEqual(expect.any(Number));
    expect(applied).toEqual({
      name: 'Teclado com teclas falhando',
      content: 'Algumas teclas não respondem.',
      type: 2,
      status: 2,
      urgency: 4,
      impact: 2,
      priority: 3,
      itilcategories_id: resolved.itilcategories_id.id,
      locations_id: resolved.locations_id.id,
      entities_id: expect.any(Number),
      requester_id: resolved.requester_id.id,
      assignee_id: resolved.assignee_id.id,
      date: '2026-06-01T09:30:00-03:00',
    });
    expect(resolved.requester_id).toEqual({ input: 'Maria Silva', id: expect.any(Number), name: 'maria.silva' });
    expect(resolved.locations_id.name).toBe('Sede > Andar 2');
    expect(data.status).toEqual({ id: 2, name: 'Processing (assigned)' });
    expect(data.priority).toEqual({ id: 3, name: 'Medium' });
    expect(data.requester_id.name).toBe('maria.silva');
    expect(data.assignee_id.name).toBe('tech');
    expect(data.date).toBe('2026-06-01T09:30:00-03:00');
  });

  it('gets the ticket with its (empty) timeline', async () => {
    const res = await request(stack.http).get(`/api/tickets/${created}`).set(admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: created,
      name: 'Teclado com teclas falhando',
      timeline: [],
      timeline_next_cursor: null,
      links: [],
      actiontime: 0,
    });
    expect(res.body.data.itilcategories_id.name).toBe('Hardware');
  });

  it('stamps solvedate on Solved, recomputes priority, and clears the stamp on reopening', async () => {
    const solved = await request(stack.http).patch(`/api/tickets/${created}`).set(admin).send({ status: 'Solucionado' });
    expect(solved.status).toBe(200);
    expect(solved.body.applied).toEqual({ status: 5, solvedate: expect.any(String) });
    expect(solved.body.data.solvedate).toBe(solved.body.applied.solvedate);

    const urgent = await request(stack.http).patch(`/api/tickets/${created}`).set(admin).send({ urgency: 'Muito alta' });
    expect(urgent.body.applied).toEqual({ urgency: 5, priority: 3 });
    const both = await request(stack.http).patch(`/api/tickets/${created}`).set(admin).send({ impact: 5 });
    expect(both.body.applied).toEqual({ impact: 5, priority: 5 });

    const reopened = await request(stack.http).patch(`/api/tickets/${created}`).set(admin).send({ status: 'New', assignee_id: null });
    expect(reopened.body.applied).toEqual({ status: 1, solvedate: null, assignee_id: null });
    expect(reopened.body.data.assignee_id).toBeNull();
  });

  it('changes nothing, date_mod included, when a ticket is sent the values it has, and says so', async () => {
    const before = (await request(stack.http).get(`/api/tickets/${created}`).set(admin)).body.data as TicketView;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // date_mod counts seconds: a bump would show
    const same = await request(stack.http).patch(`/api/tickets/${created}`).set(admin).send({ name: before.name, urgency: 5, impact: 5 });
    expect(same.status).toBe(200);
    expect(same.body.applied).toEqual({});
    expect(same.body.message).toBe(`Nothing to change in ticket ${created}.`);
    expect(same.body.data.date_mod).toBe(before.date_mod);
  });

  it('adds a followup, newest first in ticket_get', async () => {
    const first = await request(stack.http).post(`/api/tickets/${created}/entries`).set(admin).send({ content: 'Teclado substituído.' });
    expect(first.status).toBe(201);
    expect(first.body.applied).toEqual({ ticket_id: created, kind: 'followup', content: 'Teclado substituído.', is_private: false, date: expect.any(String) });
    const second = await request(stack.http).post(`/api/tickets/${created}/entries`).set(admin).send({ content: 'Usuária confirmou.', is_private: true });
    expect(second.status).toBe(201);
    const res = await request(stack.http).get(`/api/tickets/${created}`).set(admin);
    const followups = res.body.data.timeline as Array<{ id: number; content: string; users_id: Ref; is_private?: boolean }>;
    expect(followups.map((f) => f.id)).toEqual([second.body.id, first.body.id]);
    expect(followups[0]).toMatchObject({ content: 'Usuária confirmou.', is_private: true, users_id: { name: 'glpi' } });
  });

  it('searches by status, requester and text, paging every row exactly once', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await request(stack.http)
        .post('/api/tickets')
        .set(admin)
        .send({ name: `Lote-XYZ chamado ${i}`, status: 'Pendente', requester_id: 'maria.silva' });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    // Same text, other requester: must not match.
    await request(stack.http).post('/api/tickets').set(admin).send({ name: 'Lote-XYZ outro', status: 'Pendente', requester_id: 'joao.souza' });

    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await request(stack.http)
        .get('/api/tickets')
        .set(admin)
        .query({ status: 'Pendente', requester_id: 'maria.silva', query: 'Lote-XYZ', limit: 2, sort: '-id', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(5);
      seen.push(...(res.body.data.items as TicketView[]).map((t) => t.id));
      cursor = res.body.data.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual([...ids].reverse());

    // LIKE wildcards in the text are literal.
    const literal = await request(stack.http).post('/api/tickets/search').set(admin).send({ query: 'Lote_XYZ' });
    expect(literal.body.data.total).toBe(0);
  });

  it('deletes a ticket, which then is not found', async () => {
    const res = await request(stack.http).delete(`/api/tickets/${created}`).set(admin);
    expect(res.status).toBe(200);
    expect(res.body.applied).toEqual({ is_deleted: true });
    const after = await request(stack.http).get(`/api/tickets/${created}`).set(admin);
    expect(after.status).toBe(404);
    expect(after.body.error.code).toBe('NOT_FOUND');
    // Read, changed or deleted again, it is said to be in the trash (a repeated delete is not taken for a failure).
    const inTrash = `Ticket ${created} is in the trash: it was deleted, and a deleted ticket is neither shown nor changed.`;
    for (const again of [
      request(stack.http).get(`/api/tickets/${created}`).set(admin),
      request(stack.http).patch(`/api/tickets/${created}`).set(admin).send({ urgency: 'Alta' }),
      request(stack.http).delete(`/api/tickets/${created}`).set(admin),
      request(stack.http).post(`/api/tickets/${created}/entries`).set(admin).send({ content: 'Ainda aqui?' }),
      request(stack.http).get(`/api/tickets/${created}/entries`).set(admin),
      request(stack.http).post(`/api/tickets/${created}/links`).set(admin).send({ other_id: erpId, relation: 'related' }),
      request(stack.http).post(`/api/tickets/${created}/validations`).set(admin).send({ approver_id: 'tech' }),
    ]) {
      const res = await again;
      expect([res.status, res.body.error?.code, res.body.error?.message]).toEqual([404, 'NOT_FOUND', inTrash]);
    }
    // Named by its id where another tool takes a ticket, it is said to be in the trash too.
    const linked = await request(stack.http).post(`/api/tickets/${erpId}/links`).set(admin).send({ other_id: created, relation: 'related' });
    expect(linked.body.error?.issues).toEqual([
      expect.objectContaining({
        field: 'other_id',
        code: 'REFERENCE_NOT_FOUND',
        message: expect.stringMatching(new RegExp(`^id ${created} of tickets is in the trash \\(deleted\\)\\. Available: `)),
      }),
    ]);
    // And by its title.
    const byName = await request(stack.http)
      .post(`/api/tickets/${erpId}/links`)
      .set(admin)
      .send({ other_id: 'Teclado com teclas falhando', relation: 'related' });
    expect(byName.body.error?.issues?.[0]?.message).toMatch(/^name 'Teclado com teclas falhando' of tickets is in the trash \(deleted\)\./);
    // A caller who could not see it is told no more than of a ticket that never was.
    const hidden = await request(stack.http).get(`/api/tickets/${created}`).set(selfService);
    expect([hidden.status, hidden.body.error?.message]).toEqual([404, `Ticket ${created} not found.`]);
    const never = await request(stack.http).get('/api/tickets/999999').set(admin);
    expect(never.body.error?.message).toBe('Ticket 999999 not found.');
  });

  it('reports every bad field of a create in one 422', async () => {
    const res = await request(stack.http).post('/api/tickets').set(admin).send({
      urgency: 'urgentíssima',
      itilcategories_id: 'AbacaxiDoido',
      date: '01/06/2026',
      colour: 'blue',
      category: 'Hardware',
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    const issues = res.body.error.issues as Array<{ field: string; code: string }>;
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', code: 'REQUIRED' }),
        expect.objectContaining({ field: 'urgency', code: 'INVALID_VALUE' }),
        expect.objectContaining({ field: 'itilcategories_id', code: 'REFERENCE_NOT_FOUND' }),
        expect.objectContaining({ field: 'date', code: 'INVALID_DATE' }),
        expect.objectContaining({ field: 'colour', code: 'UNKNOWN_FIELD' }),
        expect.objectContaining({ field: 'category', code: 'UNKNOWN_FIELD' }),
      ]),
    );
    // itilcategories_id is sent too: a field the call already sets is never suggested for another key.
    expect(issues.find((issue) => issue.field === 'category')).not.toHaveProperty('did_you_mean');
  });

  it('refuses a deadline before the opening date', async () => {
    const res = await request(stack.http).post('/api/tickets').set(admin).send({ name: 'Prazo inválido', date: '2026-06-10', time_to_resolve: '2026-06-01' });
    expect(res.status).toBe(422);
    expect(res.body.error.issues[0].field).toBe('time_to_resolve');
  });

  it('refuses to blank or clear the title of a ticket', async () => {
    for (const name of ['   ', null]) {
      const res = await request(stack.http).patch(`/api/tickets/${monitorId}`).set(admin).send({ name });
      expect(res.status).toBe(422);
      expect(res.body.error.issues[0].field).toBe('name');
    }
  });

  it('answers an unknown id with the 404 envelope', async () => {
    const res = await request(stack.http).get('/api/tickets/999999').set(admin);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', tool: 'ticket_get', error: { code: 'NOT_FOUND', retryable: false } });
  });

  describe('request bodies', () => {
    const searchTotal = async (query: string): Promise<number> =>
      (await request(stack.http).post('/api/tickets/search').set(admin).send({ query })).body.data.total as number;

    it('refuses a body that is not UTF-8 JSON with 415, naming what it reads, instead of reading it as no body', async () => {
      const cases: Array<[Record<string, string>, { expected: string; received: string }]> = [
        [{ 'Content-Type': 'text/plain' }, { expected: 'application/json', received: 'text/plain' }],
        [{ 'Content-Type': 'application/json; charset=iso-8859-1' }, { expected: 'UTF-8', received: 'iso-8859-1' }],
        [
          { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
          { expected: 'an uncompressed body', received: 'gzip' },
        ],
      ];
      for (const [headers, { expected, received }] of cases) {
        const res = await request(stack.http).post('/api/tickets').set(admin).set(headers).send('{"name":"Corpo em texto puro"}');
        expect(res.status).toBe(415);
        // The route named in full, as every REST refusal names it.
        expect(res.body).toMatchObject({ status: 'error', tool: 'POST /api/tickets', error: { code: 'VALIDATION_FAILED' } });
        expect(res.body.error.issues).toEqual([
          { field: '(body)', code: 'INVALID_TYPE', message: expect.stringContaining('Unsupported Media Type'), expected, received },
        ]);
      }
      expect(await searchTotal('Corpo em texto puro')).toBe(0);
      // A request without a body needs no type: it is read as no arguments.
      const bare = await request(stack.http).post('/api/tickets').set(admin);
      expect(bare.status).toBe(422);
      expect(bare.body.error.issues).toEqual([expect.objectContaining({ field: 'name', code: 'REQUIRED' })]);
    });

    it('refuses a body whose bytes are not UTF-8, instead of storing replacement characters', async () => {
      const body = Buffer.concat([Buffer.from('{"name":"Bytes '), Buffer.from([0xff, 0xc0, 0xae]), Buffer.from('","content":"x"}')]);
      const res = await fetch(`${stack.url}/api/tickets`, { method: 'POST', headers: { ...admin, 'Content-Type': 'application/json' }, body });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { issues: unknown[] } }).error.issues).toEqual([
        { field: '(body)', code: 'INVALID_VALUE', message: 'The request body is not valid UTF-8.', expected: 'UTF-8 text' },
      ]);
      expect(await searchTotal('Bytes')).toBe(0);
    });

    it('refuses a JSON body that is not an object (an array, null, a string) with one issue saying what it is', async () => {
      const cases: Array<[string, string, unknown]> = [
        ['[1,2]', 'an array', '[1,2]'],
        ['null', 'null', null],
        ['"Impressora"', 'a string', 'Impressora'],
      ];
      for (const [body, kind, received] of cases) {
        for (const [method, path] of [
          ['post', '/api/tickets'],
          ['patch', `/api/tickets/${created}`],
        ] as const) {
          const res = await request(stack.http)[method](path).set(admin).set('Content-Type', 'application/json').send(body);
          expect(res.status).toBe(422);
          expect(res.body.error.issues).toEqual([
            { field: '(body)', code: 'INVALID_TYPE', message: `The request body must be a JSON object; it is ${kind}.`, expected: 'object', received },
          ]);
        }
      }
    });

    it('refuses a body id that is not the id in the path, and takes one that is', async () => {
      const ticket = (await request(stack.http).post('/api/tickets').set(admin).send({ name: 'Id no corpo' })).body.id as number;
      const other = ticket + 1000;
      for (const [method, body] of [
        ['patch', { id: other, name: 'Id trocado' }],
        ['delete', { id: other }],
      ] as const) {
        const res = await request(stack.http)[method](`/api/tickets/${ticket}`).set(admin).send(body);
        expect(res.status).toBe(422);
        expect(res.body.error.issues).toContainEqual({
          field: 'id',
          code: 'INVALID_VALUE',
          message: `id ${other} in the body is not the id in the path (${ticket}). Send the path's id, or leave id out of the body.`,
          expected: String(ticket),
          received: other,
        });
      }
      expect((await request(stack.http).get(`/api/tickets/${ticket}`).set(admin)).body.data.name).toBe('Id no corpo');
      const queried = await request(stack.http).get(`/api/tickets/${ticket}`).query({ id: other }).set(admin);
      expect(queried.status).toBe(422);
      expect(queried.body.error.issues).toEqual([
        expect.objectContaining({ field: 'id', code: 'INVALID_VALUE', received: String(other), expected: String(ticket) }),
      ]);
      for (const id of [ticket, String(ticket)]) {
        const same = await request(stack.http).patch(`/api/tickets/${ticket}`).set(admin).send({ id, name: 'Id igual' });
        expect(same.status).toBe(200);
        expect(same.body.data).toMatchObject({ id: ticket, name: 'Id igual' });
      }
    });
  });

  describe('over MCP', () => {
    const rpc = async (login: string, method: string, params: Record<string, unknown>) => {
      const headers = { Authorization: `Bearer ${await stack.token(login, ['mcp'])}`, Accept: 'application/json, text/event-stream' };
      const res = await request(stack.http).post('/mcp').set(headers).send({ jsonrpc: '2.0', id: 1, method, params });
      return res.body.result as { tools?: Array<{ name: string }>; structuredContent?: Record<string, unknown> & { applied?: Record<string, unknown> } };
    };

    it('lists the ticket tools a profile may call', async () => {
      const all = (await rpc('glpi', 'tools/list', {})).tools!.map((t) => t.name);
      expect(all).toEqual(expect.arrayContaining(['ticket_get', 'ticket_search', 'ticket_create', 'ticket_update', 'ticket_add_entry', 'ticket_delete']));
      const own = (await rpc('post-only', 'tools/list', {})).tools!.map((t) => t.name);
      expect(own).toEqual(expect.arrayContaining(['ticket_get', 'ticket_search', 'ticket_create', 'ticket_add_entry']));
      expect(own).not.toContain('ticket_update');
      expect(own).not.toContain('ticket_delete');
    });

    it('deletes a ticket named by its exact title, as every other ticket tool takes one', async () => {
      const created = await request(stack.http).post('/api/tickets').set(admin).send({ name: 'Apagar pelo título', content: 'x' });
      const session = (await rpc('glpi', 'tools/call', { name: 'domain_switch', arguments: { domain: 'ticket' } })).structuredContent!.session_id;
      const out = (
        await rpc('glpi', 'tools/call', {
          name: 'ticket_delete',
          arguments: { domain: 'ticket', session_id: session, id: 'Apagar pelo título', dry_run: true },
        })
      ).structuredContent!;
      expect(out).toMatchObject({
        status: 'success',
        id: created.body.id,
        dry_run: true,
      });
    });

    it('dry-runs a create: applied shown, nothing written', async () => {
      const session = (await rpc('tech', 'tools/call', { name: 'domain_switch', arguments: { domain: 'ticket' } })).structuredContent!.session_id;
      const args = { domain: 'ticket', session_id: session, name: 'Ensaio MCP', urgency: 'Very high', impact: 'Very high', dry_run: true };
      const out = (await rpc('tech', 'tools/call', { name: 'ticket_create', arguments: args })).structuredContent!;
      expect(out).toMatchObject({ status: 'success', tool: 'ticket_create', dry_run: true });
      expect(out.applied).toMatchObject({ name: 'Ensaio MCP', urgency: 5, impact: 5, priority: 5, status: 1 });
      const search = await request(stack.http).post('/api/tickets/search').set(admin).send({ query: 'Ensaio MCP' });
      expect(search.body.data.total).toBe(0);
    });
  });

  describe('Self-Service (post-only)', () => {
    it('sees only the tickets it requested', async () => {
      const res = await request(stack.http).get('/api/tickets').set(selfService);
      expect(res.status).toBe(200);
      const items = res.body.data.items as TicketView[];
      expect(items.map((t) => t.id)).toContain(monitorId);
      expect(items.every((t) => t.requester_id?.name === 'post-only')).toBe(true);
    });

    it("gets 404 for another's ticket, exactly like a missing one", async () => {
      const res = await request(stack.http).get(`/api/tickets/${erpId}`).set(selfService);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      const followup = await request(stack.http).post(`/api/tickets/${erpId}/entries`).set(selfService).send({ content: 'Olá?' });
      expect(followup.status).toBe(404);
    });

    it('opens tickets only for itself', async () => {
      // GLPI's simplified interface has no requester field: the requester is the caller.
      const other = await request(stack.http).post('/api/tickets').set(selfService).send({ name: 'Mouse quebrado', requester_id: 'maria.silva' });
      expect(other.status).toBe(422);
      expect(other.body.error.issues).toEqual([expect.objectContaining({ field: 'requester_id', code: 'FORBIDDEN_FIELD' })]);

      const own = await request(stack.http).post('/api/tickets').set(selfService).send({ name: 'Mouse quebrado' });
      expect(own.status).toBe(201);
      const me = await request(stack.http).get(`/api/tickets/${own.body.id}`).set(selfService);
      expect(me.body.data.requester_id.name).toBe('post-only');
    });

    it('follows up on its own ticket but cannot update or delete it, nor see private notes', async () => {
      await request(stack.http).post(`/api/tickets/${monitorId}/entries`).set(admin).send({ content: 'Nota interna.', is_private: true });
      const mine = await request(stack.http).post(`/api/tickets/${monitorId}/entries`).set(selfService).send({ content: 'O novo monitor funciona.' });
      expect(mine.status).toBe(201);
      const got = await request(stack.http).get(`/api/tickets/${monitorId}`).set(selfService);
      const contents = (got.body.data.timeline as Array<{ content: string }>).map((f) => f.content);
      expect(contents).toContain('O novo monitor funciona.');
      expect(contents).not.toContain('Nota interna.');

      const update = await request(stack.http).patch(`/api/tickets/${monitorId}`).set(selfService).send({ status: 'Closed' });
      expect(update.status).toBe(403);
      const remove = await request(stack.http).delete(`/api/tickets/${monitorId}`).set(selfService);
      expect(remove.status).toBe(403);
    });
  });
});
