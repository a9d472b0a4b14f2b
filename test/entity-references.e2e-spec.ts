import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Group, ItilCategory } from '../src/database/entities/index.js';
import { withWritePermit } from '../src/database/write-permit.js';
import { matchKey } from '../src/text/normalize.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

type Actor = { type: 'user' | 'group'; id: number; name: string };

/**
 * GLPI: a ticket's category, location and groups are records seen from the ticket's entity (in it,
 * or recursive in an entity above it), whatever else the caller sees. The demo's location Porto is
 * Filial Porto's alone; Sede and Sede > Andar 2 are Root entity's, recursive.
 */
describe.each(DATABASES)("a record's dropdown references on %s", (kind) => {
  let stack: TestStack;
  let admin: Client;
  let session: string;
  let portoCategory: number;

  beforeAll(async () => {
    stack = await startStack(kind);
    admin = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    session = await openSession(admin, 'ticket');
    const db = stack.app.get(DataSource);
    const [{ id: porto }] = (await db.query("SELECT id FROM glpi_entities WHERE name = 'Filial Porto'")) as Array<{ id: number }>;
    const at = { entities_id: Number(porto), date_creation: new Date(), date_mod: new Date() };
    const name = 'Impressoras do Porto';
    await db.transaction((m) =>
      withWritePermit(m, async () => {
        const category = await m.save(ItilCategory, {
          ...{ name, name_key: matchKey(name), completename: name, completename_key: matchKey(name) },
          ...{ itilcategories_id: null, level: 1, is_recursive: false, ...at },
        });
        portoCategory = category.id;
        // Recursive, but in a sibling entity: seen from Filial Porto and below, never from Sede.
        await m.save(Group, { name: 'Suporte Porto', name_key: matchKey('Suporte Porto'), is_recursive: true, comment: null, ...at });
      }),
    );
  });
  afterAll(async () => {
    await admin?.close();
    await stack?.close();
  });

  const call = (tool: string, args: Record<string, unknown>) => callTool(admin, tool, { domain: 'ticket', session_id: session, ...args });

  it("refuses, with every other problem of the call, a category, location or group not seen from the ticket's entity", async () => {
    const args = {
      name: 'Impressora da Sede',
      entities_id: 'Sede',
      locations_id: 'Porto',
      itilcategories_id: portoCategory,
      assignee_group_id: 'Suporte Porto',
      observers: ['glpi', { group: 'Suporte Porto' }],
      date: '2026-06-02',
      time_to_resolve: '2026-06-01',
    };
    for (const dryRun of [true, false]) {
      const refused = failure(await call('ticket_create', { ...args, dry_run: dryRun }), 'VALIDATION_FAILED');
      const byField = Object.fromEntries(refused.error.issues!.map((issue) => [issue.field, issue]));
      expect(Object.keys(byField).sort()).toEqual(['assignee_group_id', 'itilcategories_id', 'locations_id', 'observers[1]', 'time_to_resolve']);
      expect(byField.locations_id).toEqual({
        field: 'locations_id',
        code: 'INVALID_VALUE',
        received: 'Porto',
        message:
          "location Porto is in Root entity > Filial Porto and not seen from the ticket's entity, Root entity > Sede. Available there: Sede, Sede > Andar 2.",
        expected: 'a location of Root entity > Sede, or a recursive one of an entity above it',
        available: ['Sede', 'Sede > Andar 2'],
      });
      expect(byField.itilcategories_id).toMatchObject({ code: 'INVALID_VALUE', received: portoCategory, available: ['Hardware', 'Rede', 'Software'] });
      expect(byField.assignee_group_id).toMatchObject({ code: 'INVALID_VALUE', received: 'Suporte Porto' });
      expect(byField.assignee_group_id.message).toContain("group Suporte Porto is in Root entity > Filial Porto and not seen from the ticket's entity");
      expect(byField['observers[1]']).toMatchObject({ code: 'INVALID_VALUE', received: '{"group":"Suporte Porto"}' });
    }
    // In the ticket's entity, or recursive above it, they fit.
    const fitting = { name: 'Impressora do Porto', entities_id: 'Filial Porto', locations_id: 'Porto', itilcategories_id: portoCategory };
    success(await call('ticket_create', { ...fitting, assignee_group_id: 'Suporte Porto', dry_run: true }));
    success(
      await call('ticket_create', {
        name: 'Impressora da Sede',
        entities_id: 'Sede',
        locations_id: 'Sede > Andar 2',
        assignee_group_id: 'Service Desk',
        dry_run: true,
      }),
    );
  });

  it('checks the references a changed ticket gets, and those it keeps when it moves to another entity', async () => {
    const opened = success(
      await call('ticket_create', { name: 'Toner no Porto', entities_id: 'Filial Porto', locations_id: 'Porto', itilcategories_id: portoCategory }),
    );
    const id = Number(opened.id);
    const sede = success(await call('ticket_create', { name: 'Toner na Sede', entities_id: 'Sede' }));
    const changed = failure(
      await call('ticket_update', { id: Number(sede.id), locations_id: 'Porto', add_assignees: ['Suporte Porto'], dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(changed.error.issues!.map((issue) => [issue.field, issue.code, issue.received])).toEqual([
      ['locations_id', 'INVALID_VALUE', 'Porto'],
      ['add_assignees[0]', 'INVALID_VALUE', 'Suporte Porto'],
    ]);

    success(await call('ticket_update', { id, add_assignees: [{ group: 'Suporte Porto' }] }));
    const moved = failure(await call('ticket_update', { id, entities_id: 'Sede', dry_run: true }), 'VALIDATION_FAILED');
    expect(moved.error.issues).toEqual([
      expect.objectContaining({
        field: 'entities_id',
        code: 'INVALID_VALUE',
        received: 'Sede',
        message:
          "ITIL category Impressoras do Porto, kept by this ticket, is in Root entity > Filial Porto and not seen from the ticket's entity, Root entity > Sede." +
          ' Change itilcategories_id (or send null) in the same call, or keep the ticket where it is.',
      }),
      expect.objectContaining({ field: 'entities_id', message: expect.stringContaining('location Porto, kept by this ticket') }),
      expect.objectContaining({ field: 'entities_id', message: expect.stringContaining('group Suporte Porto, kept by this ticket') }),
    ]);
    // Changed in the same call, nothing kept is in the way.
    const clean = { id, entities_id: 'Sede', locations_id: 'Sede', itilcategories_id: null, remove_assignees: [{ group: 'Suporte Porto' }] };
    const done = success(await call('ticket_update', clean));
    expect(done.data).toMatchObject({ entities_id: { name: 'Root entity > Sede' }, locations_id: { name: 'Sede' }, itilcategories_id: null });
    expect((done.data as { assignees: Actor[] }).assignees).toEqual([]);
    // Up the tree, the ticket's records stay seen: Sede is Root entity's, recursive.
    success(await call('ticket_update', { id, entities_id: 'Root entity', dry_run: true }));
  });

  it("takes a project's group, and its tasks' groups, from the project's entity", async () => {
    const projectSession = await openSession(admin, 'project');
    const project = (tool: string, args: Record<string, unknown>) => callTool(admin, tool, { domain: 'project', session_id: projectSession, ...args });
    const created = failure(
      await project('project_create', { name: 'Impressoras', entities_id: 'Sede', groups_id: 'Suporte Porto', percent_done: 120, dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(created.error.issues!.map((issue) => issue.field)).toEqual(['groups_id', 'percent_done']);
    expect(created.error.issues![0]).toMatchObject({
      code: 'INVALID_VALUE',
      received: 'Suporte Porto',
      message:
        "group Suporte Porto is in Root entity > Filial Porto and not seen from the project's entity, Root entity > Sede. Available there: Infraestrutura, Service Desk.",
      available: ['Infraestrutura', 'Service Desk'],
    });
    const porto = success(await project('project_create', { name: 'Impressoras do Porto', entities_id: 'Filial Porto', groups_id: 'Suporte Porto' }));
    const moved = failure(await project('project_update', { id: Number(porto.id), entities_id: 'Sede', dry_run: true }), 'VALIDATION_FAILED');
    expect(moved.error.issues).toEqual([
      expect.objectContaining({ field: 'entities_id', received: 'Sede', message: expect.stringContaining('group Suporte Porto, kept by this project,') }),
    ]);
    success(await project('project_update', { id: Number(porto.id), entities_id: 'Sede', groups_id: 'Service Desk', dry_run: true }));
    // A task is in its project's entity: Migração ERP's is Sede.
    const task = failure(
      await project('project_task_save', { projects_id: 'Migração ERP', name: 'Toner', add_members: ['tech', { group: 'Suporte Porto' }], dry_run: true }),
      'VALIDATION_FAILED',
    );
    expect(task.error.issues).toEqual([
      expect.objectContaining({ field: 'add_members[1]', code: 'INVALID_VALUE', message: expect.stringContaining("project's entity, Root entity > Sede") }),
    ]);
    success(
      await project('project_task_save', { projects_id: 'Migração ERP', name: 'Toner', add_members: ['tech', { group: 'Service Desk' }], dry_run: true }),
    );
  });

  it('answers REST with the same refusal', async () => {
    const api = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
    const rest = await request(stack.http).post('/api/tickets').set(api).send({ name: 'VPN caiu', entities_id: 'Sede', locations_id: 'Porto' });
    expect(rest.status).toBe(422);
    expect(rest.body.error.issues).toEqual([expect.objectContaining({ field: 'locations_id', code: 'INVALID_VALUE', received: 'Porto' })]);
  });
});
