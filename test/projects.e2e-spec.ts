import request from 'supertest';
import { DataSource } from 'typeorm';
import { DATABASES } from './support/databases.js';
import { startStack, type TestStack } from './support/test-app.js';

interface ProjectView {
  id: number;
  name: string;
  projectstates_id: { id: number; name: string } | null;
  users_id: { id: number; name: string } | null;
  percent_done: number;
}

describe.each(DATABASES)('projects REST on %s', (kind) => {
  let stack: TestStack;
  let auth: { Authorization: string };

  beforeAll(async () => {
    stack = await startStack(kind);
    auth = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
  });
  afterAll(async () => stack?.close());

  it('finds the projects with no manager or manager group, or with one, as a ticket search finds unassigned tickets', async () => {
    const created = await request(stack.http).post('/api/projects').set(auth).send({ name: 'Sem gerente ainda', users_id: null });
    expect(created.status).toBe(201);
    const names = async (query: Record<string, string>) => {
      const res = await request(stack.http)
        .get('/api/projects')
        .query({ ...query, limit: 100 })
        .set(auth);
      expect([query, res.status]).toEqual([query, 200]);
      return { names: (res.body.data.items as ProjectView[]).map((p) => p.name).sort(), resolved: res.body.resolved };
    };
    const all = (await names({})).names;
    const noManager = await names({ users_id: 'none' });
    expect(noManager.names).toEqual(['Sem gerente ainda']);
    expect(noManager.resolved).toEqual({ users_id: { input: 'none', id: 0, name: 'none' } });
    expect((await names({ users_id: 'any' })).names).toEqual(all.filter((name) => name !== 'Sem gerente ainda'));
    const noGroup = (await names({ groups_id: 'none' })).names;
    expect(noGroup).toEqual(expect.arrayContaining(['Portal do cliente', 'Renovação do parque de impressoras', 'Sem gerente ainda']));
    expect(noGroup).not.toContain('Migração ERP');
    expect((await names({ groups_id: 'any' })).names).toEqual(all.filter((name) => !noGroup.includes(name)));
    const deleted = await request(stack.http)
      .delete(`/api/projects/${String(created.body.id)}`)
      .set(auth);
    expect(deleted.status).toBe(200);
  });

  it('refuses a request without a token, or with a wrong one', async () => {
    const res = await request(stack.http).get('/api/projects');
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/Bearer/);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
    expect((await request(stack.http).get('/api/projects').set('Authorization', 'Bearer idt_nope')).status).toBe(401);
  });

  it('lists the demo projects, with references as {id, name}', async () => {
    const res = await request(stack.http).get('/api/projects').set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', domain: 'project', tool: 'project_search' });
    const items = res.body.data.items as ProjectView[];
    expect(items.map((p) => p.name)).toEqual(expect.arrayContaining(['Migração ERP', 'Portal do cliente', 'Renovação do parque de impressoras']));
    expect(items.find((p) => p.name === 'Migração ERP')?.projectstates_id).toEqual({ id: 2, name: 'Processing' });
  });

  it('creates, reads, updates, searches and deletes a project', async () => {
    const created = await request(stack.http)
      .post('/api/projects')
      .set(auth)
      .send({ name: 'Intranet nova', code: 'INT-1', projectstates_id: 'New', users_id: 'tech', plan_start_date: '2026-07-01', percent_done: 5 });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.applied).toMatchObject({ name: 'Intranet nova', projectstates_id: 1, percent_done: 5 });

    const got = await request(stack.http).get(`/api/projects/${id}`).set(auth);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id, name: 'Intranet nova', code: 'INT-1', users_id: { name: 'tech' } });

    const byName = await request(stack.http)
      .get(`/api/projects/${encodeURIComponent('intranet NOVA')}`)
      .set(auth);
    expect(byName.body.data.id).toBe(id);

    const updated = await request(stack.http).patch(`/api/projects/${id}`).set(auth).send({ projectstates_id: 'Processing', percent_done: 50, code: null });
    expect(updated.status).toBe(200);
    expect(updated.body.applied).toEqual({ projectstates_id: 2, percent_done: 50, code: null });
    expect(updated.body.data).toMatchObject({ percent_done: 50, code: null, projectstates_id: { name: 'Processing' } });

    const found = await request(stack.http)
      .get('/api/projects')
      .query({ query: 'intranet', projectstates_id: 'processing', fields: 'name,percent_done' })
      .set(auth);
    expect(found.body.data.total).toBe(1);
    expect(found.body.data.items[0]).toEqual({ id, name: 'Intranet nova', percent_done: 50 });

    const deleted = await request(stack.http).delete(`/api/projects/${id}`).set(auth);
    expect(deleted.status).toBe(200);
    const trashed = await request(stack.http).get(`/api/projects/${id}`).set(auth);
    expect([trashed.status, trashed.body.error?.message]).toEqual([
      404,
      `Project ${id} is in the trash: it was deleted, and a deleted project is neither shown nor changed.`,
    ]);
    const again = await request(stack.http).delete(`/api/projects/${id}`).set(auth);
    expect([again.status, again.body.error?.message]).toEqual([404, trashed.body.error?.message]);
    const changed = await request(stack.http).patch(`/api/projects/${id}`).set(auth).send({ percent_done: 60 });
    expect([changed.status, changed.body.error?.message]).toEqual([404, trashed.body.error?.message]);
    const gone = await request(stack.http).get('/api/projects').query({ query: 'intranet' }).set(auth);
    expect(gone.body.data.total).toBe(0);
  });

  it('takes "open" for every project state not finished and "finished" for every one that is, in a search only, and says which', async () => {
    const search = (query: Record<string, string | number>) => request(stack.http).get('/api/projects').query(query).set(auth);
    const open = await search({ projectstates_id: 'open', limit: 100 });
    expect(open.status).toBe(200);
    expect(open.body.resolved).toEqual({ projectstates_id: { input: 'open', ids: [1, 2], names: ['New', 'Processing'] } });
    const all = ((await search({ limit: 100 })).body.data.items as ProjectView[]).filter((p) => ['New', 'Processing'].includes(p.projectstates_id?.name ?? ''));
    expect((open.body.data.items as ProjectView[]).map((p) => p.id).sort()).toEqual(all.map((p) => p.id).sort());
    expect(all.length).toBeGreaterThan(0);
    const finished = await search({ projectstates_id: 'Concluídos' });
    expect(finished.body.resolved).toEqual({ projectstates_id: { input: 'Concluídos', ids: [3], names: ['Closed'] } });
    expect((finished.body.data.items as ProjectView[]).every((p) => p.projectstates_id?.name === 'Closed')).toBe(true);
    // A state's own name comes first, and a search refusing a name says which words it also takes.
    expect((await search({ projectstates_id: 'closed' })).body.resolved).toEqual({ projectstates_id: { input: 'closed', id: 3, name: 'Closed' } });
    const unknown = await search({ projectstates_id: 'Paused' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.issues[0]).toMatchObject({
      field: 'projectstates_id',
      code: 'REFERENCE_NOT_FOUND',
      message: expect.stringContaining("also takes 'open' (every state not finished) or 'finished'"),
    });
    // Every other state, after a word or sign for "not": those without a state included.
    const withoutClosed = ((await search({ limit: 100 })).body.data.items as ProjectView[]).filter((p) => p.projectstates_id?.name !== 'Closed');
    for (const sent of ['not Closed', '!closed', 'exceto Closed']) {
      const notClosed = await search({ projectstates_id: sent, limit: 100 });
      expect([sent, notClosed.body.resolved]).toEqual([sent, { projectstates_id: { input: sent, id: 3, name: 'Closed', not: true } }]);
      expect([sent, (notClosed.body.data.items as ProjectView[]).map((p) => p.id).sort()]).toEqual([sent, withoutClosed.map((p) => p.id).sort()]);
    }
    // A word for several after it stands for its opposite: "not open" is every finished state.
    for (const sent of ['not open', '!open', 'não abertos', 'exceto concluídos']) {
      const opposite = await search({ projectstates_id: sent, limit: 100 });
      const names = sent.includes('open') || sent.includes('abertos') ? ['Closed'] : ['New', 'Processing'];
      expect([sent, opposite.status, opposite.body.resolved?.projectstates_id?.names]).toEqual([sent, 200, names]);
    }
    // A list may hold such a word beside states' names: the records of each (it said "'open' is not found").
    for (const sent of ['open or Closed', ['open', 'Closed'], 'finished, New']) {
      const listed = await search({ projectstates_id: sent as string, limit: 100 });
      expect([sent, listed.status, listed.body.resolved?.projectstates_id?.names]).toEqual([
        sent,
        200,
        sent === 'finished, New' ? ['Closed', 'New'] : ['New', 'Processing', 'Closed'],
      ]);
    }
    // Such a word in a list after "not": the records of each left out (it said "'open' is not found").
    for (const sent of ['not open, Closed', ['!open', '!Closed'], 'not open and not Closed', 'exceto concluídos, New']) {
      const leftOut = await search({ projectstates_id: sent as string, limit: 100 });
      const names = sent === 'exceto concluídos, New' ? ['Closed', 'New'] : ['New', 'Processing', 'Closed'];
      expect([sent, leftOut.status, leftOut.body.resolved?.projectstates_id]).toEqual([sent, 200, expect.objectContaining({ names, not: true })]);
    }
    // A name after it that is neither a state nor such a word: the refusal says which words the filter takes.
    const notPaused = await search({ projectstates_id: 'not paused' });
    expect(notPaused.status).toBe(422);
    expect(notPaused.body.error.issues[0]).toMatchObject({
      field: 'projectstates_id',
      code: 'REFERENCE_NOT_FOUND',
      message: expect.stringContaining("also takes 'open' (every state not finished) or 'finished'"),
    });
    // A project is put in one state: no word for several there.
    const created = await request(stack.http).post('/api/projects').set(auth).send({ name: 'Estado aberto', projectstates_id: 'open' });
    expect(created.status).toBe(422);
    expect(created.body.error.issues[0]).toMatchObject({ field: 'projectstates_id', code: 'REFERENCE_NOT_FOUND' });
    expect(created.body.error.issues[0].message).not.toContain('also takes');
  });

  it('takes a name after a word or sign for "not" on a reference filter: every project without it', async () => {
    const all = (await request(stack.http).get('/api/projects').query({ limit: 100 }).set(auth)).body.data.items as ProjectView[];
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const notManagedByMe = sorted(all.filter((p) => p.users_id?.name !== 'glpi').map((p) => p.id));
    expect(notManagedByMe.length).toBeGreaterThan(0);
    expect(notManagedByMe.length).toBeLessThan(all.length);
    for (const notMe of ['not me', '!glpi', 'exceto eu']) {
      const res = await request(stack.http).get('/api/projects').query({ users_id: notMe, limit: 100 }).set(auth);
      expect([notMe, res.status]).toEqual([notMe, 200]);
      expect([notMe, sorted((res.body.data.items as ProjectView[]).map((p) => p.id))]).toEqual([notMe, notManagedByMe]);
      expect(res.body.resolved.users_id).toMatchObject({ input: notMe, id: 1, name: 'glpi', not: true });
    }
    // A parent filter: every project but the children of one (top-level projects included).
    const notUnder = await request(stack.http).get('/api/projects').query({ projects_id: 'not Migração ERP', limit: 100 }).set(auth);
    expect(notUnder.status).toBe(200);
    expect((notUnder.body.data.items as ProjectView[]).length).toBe(all.length);
  });

  it('pages with cursors through every row exactly once, in order', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await request(stack.http)
        .post('/api/projects')
        .set(auth)
        .send({ name: `Paginado ${String(i).padStart(2, '0')}`, priority: (i % 5) + 1 });
      expect(res.status).toBe(201);
    }
    for (const sort of ['name', '-priority', '-date_mod', 'id']) {
      const seen: number[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await request(stack.http)
          .post('/api/projects/search')
          .set(auth)
          .send({ query: 'paginado', sort, limit: 5, ...(cursor ? { cursor } : {}) });
        expect(res.status).toBe(200);
        expect(res.body.data.total).toBe(12);
        seen.push(...(res.body.data.items as ProjectView[]).map((p) => p.id));
        cursor = res.body.data.next_cursor ?? undefined;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(12);
      expect(new Set(seen).size).toBe(12);
    }
    const bad = await request(stack.http).post('/api/projects/search').set(auth).send({ query: 'outra coisa', cursor: 'WyJuYW1lIiwiYSIsMSwieCJd' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.issues[0].field).toBe('cursor');
  });

  it('answers 422 listing every bad field, and writes nothing', async () => {
    const count = async () => Number((await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_projects'))[0].n);
    const before = await count();
    const res = await request(stack.http)
      .post('/api/projects')
      .set(auth)
      .send({ projectstates_id: 'Inexistente', percent_done: 'muito', plan_end_date: '31/12/2026', priority: 9, users_id: 'ninguem', colour: 'blue' });
    expect(res.status).toBe(422);
    expect(res.body.status).toBe('error');
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    const fields = (res.body.error.issues as Array<{ field: string }>).map((i) => i.field).sort();
    expect(fields).toEqual(['colour', 'name', 'percent_done', 'plan_end_date', 'priority', 'projectstates_id', 'users_id']);
    // REST callers send requests; tool names are for MCP callers.
    expect(res.body.error.message).toBe('7 problems in the input. Fix all of them and send the request again.');
    expect(await count()).toBe(before);
  });

  it('words validation found by the service for a REST caller too', async () => {
    const { id } = (
      await request(stack.http)
        .get(`/api/projects/${encodeURIComponent('Migração ERP')}`)
        .set(auth)
    ).body as { id: number };
    const res = await request(stack.http).patch(`/api/projects/${id}`).set(auth).send({ projects_id: id });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('1 problem in the input. Fix it and send the request again.');
  });

  it("takes a body id that names the path's record in any form, and refuses one naming another", async () => {
    const items = (await request(stack.http).get('/api/projects').set(auth)).body.data.items as Array<{ id: number; name: string }>;
    const erp = items.find((p) => p.name === 'Migração ERP')!;
    const portal = items.find((p) => p.name === 'Portal do cliente')!;
    for (const id of [String(erp.id), erp.id, `${erp.id}.0`, 'Migração ERP', 'migracao erp']) {
      const same = await request(stack.http).patch(`/api/projects/${erp.id}`).set(auth).send({ id, percent_done: 5, dry_run: true });
      expect([id, same.status, same.body.error]).toEqual([id, 200, undefined]);
    }
    for (const id of [portal.id, 'Portal do cliente']) {
      const other = await request(stack.http).patch(`/api/projects/${erp.id}`).set(auth).send({ id, percent_done: 5, dry_run: true });
      expect([id, other.status]).toEqual([id, 422]);
      expect(other.body.error.issues).toEqual([expect.objectContaining({ field: 'id', code: 'INVALID_VALUE', received: id })]);
    }
  });

  it('answers 404 with the envelope for an unknown id, and for an unknown route', async () => {
    const res = await request(stack.http).get('/api/projects/999999').set(auth);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', tool: 'project_get', error: { code: 'NOT_FOUND' } });
    const patch = await request(stack.http).patch('/api/projects/999999').set(auth).send({ percent_done: 1 });
    expect(patch.status).toBe(404);
    const route = await request(stack.http).get('/api/nothing-here').set(auth);
    expect(route.status).toBe(404);
    expect(route.body.error.code).toBe('NOT_FOUND');
  });

  it('never shows a stack, SQL or a path, even for garbage bodies', async () => {
    const garbage = await request(stack.http).post('/api/projects').set(auth).set('Content-Type', 'application/json').send('{"name": ');
    expect(garbage.status).toBe(422);
    expect(garbage.body.error.code).toBe('VALIDATION_FAILED');
    const big = await request(stack.http)
      .post('/api/projects')
      .set(auth)
      .send({ name: 'x'.repeat(2_000_000) });
    expect(big.status).toBe(413);
    expect(big.body.error.issues[0]).toMatchObject({ field: '(body)', code: 'TOO_LONG' });
    for (const body of [garbage.text, big.text]) expect(body).not.toMatch(/at .*\.(js|ts):\d+|SELECT |INSERT |\/work\/|node_modules/);
  });

  it('serves OpenAPI and health checks without a token', async () => {
    expect((await request(stack.http).get('/health')).body).toEqual({ status: 'ok' });
    expect((await request(stack.http).get('/ready')).status).toBe(200);
    const docs = await request(stack.http).get('/api/docs-json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(expect.arrayContaining(['/api/projects', '/api/tickets', '/api/users', '/api/admin/audit']));
  });
});

describe.each(DATABASES)('readiness on %s', (kind) => {
  it('goes 503 when the database is unreachable', async () => {
    const stack = await startStack(kind);
    try {
      expect((await request(stack.http).get('/ready')).status).toBe(200);
      await stack.app.get(DataSource).destroy();
      const res = await request(stack.http).get('/ready');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect((await request(stack.http).get('/health')).status).toBe(200);
    } finally {
      await stack.close();
    }
  });
});
