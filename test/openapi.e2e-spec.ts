import { createConfig, lintFromString } from '@redocly/openapi-core';
import { DATABASES } from './support/databases.js';
import { OpenApiClient } from './support/openapi-client.js';
import { startStack, type TestStack } from './support/test-app.js';

type Json = Record<string, unknown>;
type Operation = { operationId: string; summary?: string; parameters?: Json[]; requestBody?: Json; responses: Record<string, Json>; security?: unknown[] };

interface ProjectView {
  id: number;
  name: string;
  projectstates_id: { id: number; name: string } | null;
  users_id: { id: number; name: string } | null;
}
interface Page<T> {
  data: { items: T[]; total: number; next_cursor: string | null };
}

async function fetchDocument(stack: TestStack): Promise<{ doc: Json; text: string; url: string }> {
  const url = `${stack.url}/api/docs-json`;
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const text = await res.text();
  return { doc: JSON.parse(text) as Json, text, url };
}

function operationsOf(doc: Json): Array<{ path: string; method: string; op: Operation }> {
  const out: Array<{ path: string; method: string; op: Operation }> = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item)) out.push({ path, method, op });
  }
  return out;
}

/** Every property schema of every request body and every parameter, by field name. */
function inputSchemas(doc: Json): Array<{ where: string; name: string; schema: Json }> {
  const out: Array<{ where: string; name: string; schema: Json }> = [];
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
  for (const { path, method, op } of operationsOf(doc)) {
    for (const p of op.parameters ?? []) out.push({ where: `${method} ${path} (${String(p.in)})`, name: String(p.name), schema: p.schema as Json });
    const ref = ((op.requestBody?.content as Record<string, { schema: Json }> | undefined)?.['application/json']?.schema?.$ref as string | undefined) ?? '';
    const body = schemas[ref.split('/').pop() ?? ''];
    for (const [name, schema] of Object.entries((body?.properties ?? {}) as Record<string, Json>))
      out.push({ where: `${method} ${path} (body)`, name, schema });
  }
  return out;
}

describe('OpenAPI document', () => {
  let stack: TestStack;
  let doc: Json;
  let text: string;

  beforeAll(async () => {
    stack = await startStack('sqlite');
    ({ doc, text } = await fetchDocument(stack));
  });
  afterAll(async () => stack?.close());

  it('passes the Redocly linter (recommended rules, local) with no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const shown = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    expect(shown.filter((p) => p.startsWith('error'))).toEqual([]);
    // The only warnings: liveness and readiness have no 4XX answer to declare (no input, no token).
    expect(shown.filter((p) => p.startsWith('warn'))).toEqual([
      'warn operation-4xx-response: Operation must have at least one `4XX` response. at #/paths/~1health/get/responses',
      'warn operation-4xx-response: Operation must have at least one `4XX` response. at #/paths/~1ready/get/responses',
    ]);
  });

  it('is OpenAPI 3.1 with a summary, an operationId and a 2XX answer on every operation', () => {
    expect(doc.openapi).toBe('3.1.0');
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThanOrEqual(30);
    for (const { path, method, op } of operations) {
      expect({ at: `${method} ${path}`, summary: typeof op.summary === 'string' && op.summary.length > 0 }).toEqual({ at: `${method} ${path}`, summary: true });
      expect(op.operationId).toMatch(/^[a-zA-Z]+_[a-zA-Z]+$/);
      expect(Object.keys(op.responses).some((s) => s.startsWith('2'))).toBe(true);
    }
    expect(new Set(operations.map((o) => o.op.operationId)).size).toBe(operations.length);
  });

  it('declares every path parameter and the query parameters of GET routes', () => {
    for (const { path, method, op } of operationsOf(doc)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect({ at: `${method} ${path}`, declared }).toEqual({ at: `${method} ${path}`, declared: inPath });
    }
    const queryOf = (path: string) =>
      ((doc.paths as Record<string, Record<string, Operation>>)[path].get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(queryOf('/api/projects')).toEqual(
      expect.arrayContaining(['query', 'limit', 'cursor', 'sort', 'fields', 'projectstates_id', 'users_id', 'plan_start_date_from']),
    );
    expect(queryOf('/api/tickets')).toEqual(expect.arrayContaining(['status', 'assignee_id', 'itilcategories_id', 'date_from', 'limit']));
    expect(queryOf('/api/locations')).toEqual(['query', 'limit']);
    expect(queryOf('/api/admin/audit')).toEqual(['user', 'tool', 'outcome', 'token_id', 'session_id', 'request_id', 'from', 'to', 'limit', 'cursor']);
    expect(queryOf('/api/projects/{id}')).toEqual(['fields']);
    // MCP-only arguments (domain, session_id) are not REST inputs; the audit log filters by session.
    const mcpOnly = inputSchemas(doc)
      .filter(({ name }) => name === 'domain' || name === 'session_id')
      .map((i) => `${i.where} ${i.name}`);
    expect(mcpOnly).toEqual(['get /api/admin/audit (query) session_id']);
  });

  it('types single-value fields as single values; only lists of names and of actors are arrays', () => {
    const arrays = inputSchemas(doc).filter(({ schema }) => schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array')));
    // Ticket actors are lists by nature (several requesters, observers, assignees), and so is a project task's team.
    const actorLists = [...['requesters', 'observers', 'assignees'].flatMap((r) => [r, `add_${r}`, `remove_${r}`]), 'add_members', 'remove_members'];
    expect([...new Set(arrays.map((a) => a.name))].sort()).toEqual(['fields', 'scopes', ...actorLists].sort());
    const body = (name: string) => (doc.components as { schemas: Record<string, Json> }).schemas[name].properties as Record<string, Json>;
    expect(body('CreateProject').code).toMatchObject({ type: 'string', maxLength: 255 });
    expect(body('CreateProject').priority).toMatchObject({ oneOf: [{ type: 'integer', enum: [1, 2, 3, 4, 5, 6] }, { type: 'string' }] });
    expect(body('CreateProject').projectstates_id).toMatchObject({ oneOf: [{ type: 'integer' }, { type: 'string' }] });
    expect(body('CreateProject').plan_start_date).toMatchObject({ type: 'string' });
    // null clears a field on an update only.
    expect(body('UpdateProject').plan_start_date).toMatchObject({ type: ['string', 'null'] });
    expect(body('UpdateProject')).not.toHaveProperty('id');
  });

  it('answers with the envelope: data per route, errors with their status codes and Retry-After', () => {
    const paths = doc.paths as Record<string, Record<string, Operation>>;
    const create = paths['/api/projects'].post;
    expect(Object.keys(create.responses)).toEqual(['201', '401', '403', '409', '413', '415', '422', '429', '500', '503']);
    expect(JSON.stringify(create.responses['201'])).toContain('#/components/schemas/Project');
    expect(Object.keys(paths['/api/projects/{id}'].get.responses)).toEqual(['200', '401', '403', '404', '422', '429', '500', '503']);
    const components = doc.components as { responses: Record<string, { headers?: Json; content: Json }> };
    for (const name of ['RateLimited', 'Unavailable']) expect(components.responses[name].headers).toHaveProperty('Retry-After');
    expect(components.responses.Unauthenticated.headers).toHaveProperty('WWW-Authenticate');
    for (const response of Object.values(components.responses)) {
      expect(response.content).toEqual({ 'application/json': expect.objectContaining({ schema: { $ref: '#/components/schemas/ErrorEnvelope' } }) });
    }
    // Health checks need no token; everything else does.
    expect(paths['/health'].get.security).toEqual([]);
    expect(paths['/api/projects'].get.security).toBeUndefined();
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('describes the bearer token as opaque, not a JWT', () => {
    const scheme = (doc.components as { securitySchemes: Record<string, Json> }).securitySchemes.bearerAuth;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque' });
    expect(JSON.stringify(scheme)).not.toMatch(/"JWT"/);
  });

  it('serves Swagger UI and only the assets it needs', async () => {
    const page = await fetch(`${stack.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    // Bodies are read to the end: an unread one holds its connection open past the test.
    const statusOf = async (path: string) => {
      const res = await fetch(`${stack.url}${path}`);
      await res.arrayBuffer();
      return res.status;
    };
    for (const asset of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      expect({ asset: asset[1], status: await statusOf(asset[1]) }).toEqual({ asset: asset[1], status: 200 });
    }
    expect(await statusOf('/api/docs/package.json')).toBe(404);
    expect(await statusOf('/api/docs/index.html')).toBe(404);
  });
});

describe.each(DATABASES)('a client built only from the OpenAPI document, on %s', (kind) => {
  let stack: TestStack;
  let api: OpenApiClient;
  let admin: OpenApiClient;

  beforeAll(async () => {
    stack = await startStack(kind);
    const { doc, url } = await fetchDocument(stack);
    api = new OpenApiClient(doc, url, await stack.token('glpi', ['api']));
    admin = new OpenApiClient(doc, url, await stack.token('glpi', ['api', 'admin']));
  });
  afterAll(async () => stack?.close());

  it('searches, gets by id and by name, and creates a project', async () => {
    const found = await api.call<Page<ProjectView>>('projects_search', { projectstates_id: 'Processing', query: 'erp', fields: ['name', 'projectstates_id'] });
    expect(found.status).toBe(200);
    expect(found.body.data.items.map((p) => p.name)).toEqual(['Migração ERP']);
    const id = found.body.data.items[0].id;

    const got = await api.call<{ data: ProjectView }>('projects_get', { id });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id, name: 'Migração ERP', projectstates_id: { id: 2, name: 'Processing' } });
    const byName = await api.call<{ data: ProjectView }>('projects_get', { id: 'Migração ERP' });
    expect(byName.body.data.id).toBe(id);

    const created = await api.call<{ id: number; applied: Json; data: ProjectView }>('projects_create', {
      name: 'Portal RH',
      projectstates_id: 'new',
      users_id: 'tech',
      plan_start_date: '2026-07-01',
      priority: 'Alta',
    });
    expect(created.status).toBe(201);
    expect(created.body.applied).toMatchObject({ name: 'Portal RH', projectstates_id: 1, priority: 4, plan_start_date: '2026-07-01T00:00:00-03:00' }); // glpi's zone
    const reread = await api.call<{ data: ProjectView }>('projects_get', { id: created.body.id });
    expect(reread.body.data).toMatchObject({ name: 'Portal RH', users_id: { name: 'tech' } });
  });

  it('searches, gets and opens a ticket, and adds a followup', async () => {
    const found = await api.call<Page<{ id: number; status: { name: string } }>>('tickets_search', { status: 'Novo', fields: ['name', 'status'], limit: 5 });
    expect(found.status).toBe(200);
    expect(found.body.data.items.length).toBeGreaterThan(0);
    for (const t of found.body.data.items) expect(t.status.name).toBe('New');
    const byBody = await api.call<Page<{ id: number }>>('tickets_searchByBody', { status: 'New', fields: ['name'] });
    expect(byBody.body.data.items.map((t) => t.id)).toEqual(found.body.data.items.map((t) => t.id));

    const opened = await api.call<{ id: number }>('tickets_create', {
      name: 'Teclado com defeito',
      content: 'Teclas presas.',
      urgency: 'Alta',
      itilcategories_id: 'Hardware',
    });
    expect(opened.status).toBe(201);
    const followup = await api.call('tickets_addEntry', { id: opened.body.id, content: 'Troca agendada.' });
    expect(followup.status).toBe(201);
    const got = await api.call<{ data: { timeline: Array<{ content: string }> } }>('tickets_get', { id: opened.body.id });
    expect(got.body.data.timeline.map((f) => f.content)).toEqual(['Troca agendada.']);
  });

  it('declares the answer of a dry-run create, which has no data', async () => {
    const rehearsed = await api.call<{ id?: number }>('tickets_create', { name: 'Mouse sem fio', content: 'Não conecta.', dry_run: true });
    expect(rehearsed.status).toBe(201);
    expect(rehearsed.body).not.toHaveProperty('data');
  });

  it("takes the example body Swagger's Try it out sends, whatever the day it is read", async () => {
    const token = await stack.token('glpi', ['api']);
    for (const operationId of ['tickets_create', 'projects_create']) {
      const { path, op } = operationsOf(api.doc).find((o) => o.op.operationId === operationId)!;
      const example = (op.requestBody!.content as Record<string, { example: Json }>)['application/json'].example;
      const answer = await fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...example, dry_run: true }),
      });
      const body = (await answer.json()) as Json;
      expect([operationId, answer.status < 300 ? 'taken' : body]).toEqual([operationId, 'taken']);
    }
  });

  it('gets the answers the document declares for bad input, unknown ids and missing tokens', async () => {
    const bad = await api.call<{ error: { code: string; message: string; issues: Array<{ field: string }> } }>('projects_create', {
      name: 'X',
      projectstates_id: 'Procesing',
      plan_start_date: '01/06/2026',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.issues.map((i) => i.field).sort()).toEqual(['plan_start_date', 'projectstates_id']);
    expect(bad.body.error.message).toBe('2 problems in the input. Fix all of them and send the request again.');
    expect((await api.call('tickets_get', { id: 999999 })).status).toBe(404);
    const anonymous = await api.call('projects_search', {}, { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await api.call('admin_listTokens')).status).toBe(403);
  });

  it('gets answers that match the document on every GET route without a required parameter', async () => {
    const visited: string[] = [];
    for (const operationId of admin.operationIds()) {
      const { method, operation } = admin.operation(operationId);
      if (method !== 'get' || (operation.parameters ?? []).some((p) => p.required)) continue;
      const answer = await admin.call(operationId);
      expect({ operationId, status: answer.status }).toEqual({ operationId, status: 200 });
      visited.push(operationId);
    }
    expect(visited).toEqual(
      expect.arrayContaining([
        'health_health',
        'health_ready',
        'projects_search',
        'tickets_search',
        'users_search',
        'referenceData_entities',
        'referenceData_locations',
        'admin_listTokens',
        'admin_listSessions',
        'admin_audit',
        'admin_tools',
      ]),
    );
    const tokens = await admin.call<{ data: { items: Array<{ id: number }> } }>('admin_listTokens');
    const session = await admin.call('admin_getSession', { id: 'ses_unknown' });
    expect(session.status).toBe(404);
    expect(tokens.body.data.items.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses, before sending, an argument the document does not declare', async () => {
    await expect(api.call('projects_search', { colour: 'blue' })).rejects.toThrow('declares no colour');
    await expect(api.call('projects_get', {})).rejects.toThrow('required parameter id');
  });
});
