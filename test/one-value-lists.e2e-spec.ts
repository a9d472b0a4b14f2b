import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import type { ErrorEnvelope } from '../src/envelope/envelope.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

/**
 * A single value wrapped in a JSON list, as models often send it: a list of one is that value for
 * every field that takes one; a list of several is refused once, saying the field takes one.
 */
describe.each(DATABASES)('a list sent where one value goes, on %s', (kind) => {
  let stack: TestStack;
  let admin: Client;
  let session: string;
  let bearer: { Authorization: string };

  beforeAll(async () => {
    stack = await startStack(kind);
    const token = await stack.token('glpi', ['mcp', 'api']);
    admin = await connectHttp(stack.url, token);
    session = await openSession(admin, 'ticket');
    bearer = { Authorization: `Bearer ${token}` };
  });
  afterAll(async () => {
    await admin?.close();
    await stack?.close();
  });

  const ticket = (tool: string, args: Record<string, unknown>) => callTool(admin, tool, { domain: 'ticket', session_id: session, ...args });

  it('counts, sorts and filters a search with each of its one-value arguments in a list of one', async () => {
    const byStatus = success(await ticket('ticket_search', { group_by: 'status' }));
    expect(success(await ticket('ticket_search', { group_by: ['status'] })).data).toEqual(byStatus.data);

    const plain = success(await ticket('ticket_search', { sort: '-date_mod', overdue: false, query: 'e', fields: ['id'] }));
    const listed = success(await ticket('ticket_search', { sort: ['-date_mod'], overdue: [false], query: ['e'], fields: ['id'] }));
    expect(listed.data).toEqual(plain.data);
  });

  it('reads the session and the domain of a domain tool in a list of one as the intent lock would them alone', async () => {
    const read = success(await callTool(admin, 'ticket_get', { domain: ['ticket'], session_id: [session], id: [1] }));
    expect(read).toMatchObject({ status: 'success', session_id: session, id: 1 });
    // Several are no session: refused before the tool runs, with what was sent.
    const refused = failure(await callTool(admin, 'ticket_get', { domain: 'ticket', session_id: [session, session], id: 1 }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([expect.objectContaining({ field: 'session_id', code: 'REQUIRED', received: JSON.stringify([session, session]) })]);
    failure(await callTool(admin, 'ticket_get', { domain: ['user'], session_id: [session], id: 1 }), 'DOMAIN_MISMATCH');
  });

  it('writes what a list of one names, and applied shows the values as stored', async () => {
    const dry = success(await ticket('ticket_create', { name: ['Monitor piscando'], urgency: ['alta'], itilcategories_id: ['Hardware'], dry_run: [true] }));
    expect(dry).toMatchObject({ dry_run: true, applied: { name: 'Monitor piscando', urgency: 4, itilcategories_id: 1 } });
    expect(dry.resolved).toMatchObject({ itilcategories_id: { input: 'Hardware', id: 1, name: 'Hardware' } });
  });

  it('refuses a list of several where one value goes with one issue that says so, over MCP and REST', async () => {
    const refused = failure(await ticket('ticket_search', { sort: ['-date_mod', 'priority'], group_by: ['status', 'priority'] }), 'VALIDATION_FAILED');
    expect(refused.error.issues).toEqual([
      expect.objectContaining({ field: 'sort', code: 'INVALID_TYPE', message: 'sort takes one value, and the list sent names 2: send one.' }),
      expect.objectContaining({ field: 'group_by', code: 'INVALID_TYPE', message: 'group_by takes one value, and the list sent names 2: send one.' }),
    ]);

    // The record a write acts on, sent as several: one call for each.
    const several = failure(await ticket('ticket_update', { id: [1, 2], urgency: 'alta' }), 'VALIDATION_FAILED');
    expect(several.error.issues).toEqual([
      expect.objectContaining({ field: 'id', message: 'id takes one of the tickets, and the list sent names 2: call once for each.' }),
    ]);

    // A required field sent as several is that one issue, not also "required"; nothing is written.
    const before = success(await ticket('ticket_search', { limit: 1 })).data as { total: number };
    const rest = await request(stack.http)
      .post('/api/tickets')
      .set(bearer)
      .send({ name: ['Monitor', 'Teclado'] });
    expect(rest.status).toBe(422);
    expect((rest.body as ErrorEnvelope).error.issues).toEqual([
      {
        field: 'name',
        code: 'INVALID_TYPE',
        received: '["Monitor","Teclado"]',
        message: 'name takes one value, and the list sent names 2: send one.',
        expected: expect.any(String),
      },
    ]);
    expect((success(await ticket('ticket_search', { limit: 1 })).data as { total: number }).total).toBe(before.total);
  });
});
