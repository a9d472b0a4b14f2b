import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import type { Envelope } from '../src/envelope/envelope.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success, type ToolCall } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

/**
 * `post-only` is Self-Service: it may read and open its own tickets, and has no right to read users.
 * It must learn no user's name, login or email from any answer (except the names shown on its own
 * tickets), must get the same answer whether a probed user exists or not, and may set only the
 * fields GLPI's simplified interface offers.
 */

/** Logins, emails and full names of the demo users other than post-only. */
const OTHER_USERS = /\b(glpi|tech|normal|maria\.silva|joao\.souza)\b|Maria Silva|Jo(ã|a)o Souza|GLPI Administrator|Tech Support|Normal User/;
/** GLPI's simplified interface: title, description, type, urgency, category, location. */
const SIMPLIFIED = ['name', 'content', 'type', 'urgency', 'itilcategories_id', 'locations_id'];

type TicketRef = { id: number; name: string } | null;

describe.each(DATABASES)('names and fields a Self-Service user may not reach, on %s', (kind) => {
  let stack: TestStack;
  let mcpToken: string;
  let postOnly: Client;
  let session: string;
  let self: { Authorization: string };
  let admin: { Authorization: string };
  let techId: number;
  let monitorId: number;

  const ticket = (args: Record<string, unknown>): Promise<ToolCall> =>
    callTool(postOnly, args.id === undefined ? 'ticket_create' : 'ticket_get', { domain: 'ticket', session_id: session, ...args });
  const search = (args: Record<string, unknown>): Promise<ToolCall> => callTool(postOnly, 'ticket_search', { domain: 'ticket', session_id: session, ...args });
  const countTickets = async (): Promise<number> => (await request(stack.http).get('/api/tickets').query({ limit: 1 }).set(admin)).body.data.total as number;
  /** An answer with the probed value taken out (as a value, and as a word in texts), to compare the answers of two probes. */
  const without = (envelope: Envelope, probe: unknown): string => {
    const word = new RegExp(`\\b${String(probe).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g');
    const strip = (value: unknown): unknown => {
      if (value === probe) return '<probe>';
      if (typeof value === 'string') return value.replace(word, '<probe>');
      if (Array.isArray(value)) return value.map(strip);
      if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]));
      return value;
    };
    // Every answer has its own request id; the rest must not tell the probes apart.
    const { request_id: _requestId, ...answer } = envelope as Envelope & { request_id?: string };
    return JSON.stringify(strip(answer));
  };

  beforeAll(async () => {
    stack = await startStack(kind);
    mcpToken = await stack.token('post-only', ['mcp']);
    self = { Authorization: `Bearer ${await stack.token('post-only', ['api'])}` };
    admin = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
    postOnly = await connectHttp(stack.url, mcpToken);
    session = await openSession(postOnly, 'ticket');
    techId = ((await request(stack.http).get('/api/users').query({ name: 'tech' }).set(admin)).body.data.items[0] as { id: number }).id;
    monitorId = ((await request(stack.http).get('/api/tickets').query({ query: 'Troca de monitor' }).set(admin)).body.data.items[0] as { id: number }).id;
  });
  afterAll(async () => {
    await postOnly?.close();
    await stack?.close();
  });

  it('finds no user name in its tools/list (schemas, examples, descriptions)', async () => {
    const response = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mcpToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    const text = await response.text();
    expect(text).toContain('ticket_create');
    expect(text.match(OTHER_USERS)?.[0]).toBeUndefined();
  });

  it('gets no user names from available, did_you_mean or messages, on MCP and REST', async () => {
    for (const args of [{ assignee_id: 'mari' }, { requester_id: 'Tech' }, { assignee_id: 'Silva' }, { requester_id: 999999 }]) {
      const answer = failure(await search(args), 'VALIDATION_FAILED');
      const issue = answer.error.issues![0];
      expect(issue.code).toBe('REFERENCE_NOT_FOUND');
      expect(issue.available ?? []).toEqual([]);
      expect(issue.available_records).toBeUndefined();
      expect(issue.did_you_mean).toBeUndefined();
      expect(JSON.stringify(answer).match(OTHER_USERS)?.[0]).toBeUndefined();
    }
    const rest = await request(stack.http).get('/api/tickets').query({ assignee_id: 'mari' }).set(self);
    expect(rest.status).toBe(422);
    expect(rest.text.match(OTHER_USERS)?.[0]).toBeUndefined();
  });

  it('gets the same answer probing a user that exists as one that does not', async () => {
    const probes: Array<[unknown, unknown]> = [
      ['maria.silva@example.com', 'nobody.here@example.com'],
      // Not a word for no one ("nobody" is, in a search's actor filter): a login that does not exist.
      ['tech', 'nobody.here'],
      ['Maria Silva', 'Fulano Detal'],
      [techId, 999_999],
    ];
    for (const [existing, missing] of probes) {
      for (const field of ['requester_id', 'assignee_id']) {
        const a = (await search({ [field]: existing })).envelope;
        const b = (await search({ [field]: missing })).envelope;
        expect([field, without(a, existing)]).toEqual([field, without(b, missing)]);
        const c = (await ticket({ name: 'Sonda', dry_run: true, [field]: existing })).envelope;
        const d = (await ticket({ name: 'Sonda', dry_run: true, [field]: missing })).envelope;
        expect([field, without(c, existing)]).toEqual([field, without(d, missing)]);
      }
      const restA = await request(stack.http).post('/api/tickets').set(self).send({ name: 'Sonda', requester_id: existing });
      const restB = await request(stack.http).post('/api/tickets').set(self).send({ name: 'Sonda', requester_id: missing });
      expect([restA.status, without(restA.body as Envelope, existing)]).toEqual([restB.status, without(restB.body as Envelope, missing)]);
    }
  });

  it('may set only the simplified-interface fields: every other one refused in one error, nothing written', async () => {
    const before = await countTickets();
    const forbidden = {
      requester_id: 'post-only',
      assignee_id: 'tech',
      assignee_group_id: 'Service Desk',
      status: 'Closed',
      priority: 'Major',
      impact: 'High',
      entities_id: 'Sede',
      date: '2026-01-01',
      time_to_resolve: '2027-01-01',
    };
    const refused = failure(await ticket({ name: 'Cadeira quebrada', urgency: 'Alta', ...forbidden }), 'VALIDATION_FAILED');
    const issues = refused.error.issues!;
    expect(issues.map((i) => i.field).sort()).toEqual(Object.keys(forbidden).sort());
    expect(new Set(issues.map((i) => i.code))).toEqual(new Set(['FORBIDDEN_FIELD']));
    // Each issue repeats what was sent, as every issue does: its own words, nothing looked up.
    expect(Object.fromEntries(issues.map((i) => [i.field, i.received]))).toEqual(forbidden);
    expect(issues[0].message).toMatch(/name, content, type, urgency, itilcategories_id, locations_id/);
    const answered = JSON.stringify(refused, (key, value: unknown) => (key === 'received' ? undefined : value));
    expect(answered.match(OTHER_USERS)?.[0]).toBeUndefined();

    const rest = await request(stack.http)
      .post('/api/tickets')
      .set(self)
      .send({ name: 'Cadeira quebrada', status: 'Closed', priority: 'Major', assignee_id: 'tech' });
    expect(rest.status).toBe(422);
    expect((rest.body as { error: { issues: Array<{ field: string; code: string }> } }).error.issues.map((i) => [i.field, i.code]).sort()).toEqual([
      ['assignee_id', 'FORBIDDEN_FIELD'],
      ['priority', 'FORBIDDEN_FIELD'],
      ['status', 'FORBIDDEN_FIELD'],
    ]);
    // Followups of a requester are public: GLPI's simplified interface has no private ones.
    const followup = failure(
      await callTool(postOnly, 'ticket_add_entry', { domain: 'ticket', session_id: session, id: monitorId, content: 'Oi', is_private: true }),
      'VALIDATION_FAILED',
    );
    expect(followup.error.issues!.map((i) => [i.field, i.code])).toEqual([['is_private', 'FORBIDDEN_FIELD']]);
    expect(await countTickets()).toBe(before);

    const allowed = {
      name: 'Cadeira quebrada',
      content: 'O encosto soltou.',
      type: 'Requisição',
      urgency: 'Alta',
      itilcategories_id: 'Hardware',
      locations_id: 'Sede > Andar 2',
    };
    expect(Object.keys(allowed)).toEqual(SIMPLIFIED);
    const created = success(await ticket(allowed));
    expect(created.applied).toMatchObject({ name: 'Cadeira quebrada', type: 2, urgency: 4, status: 1, priority: 4 });
    const mine = success(await ticket({ id: created.id }));
    expect((mine.data as { requester_id: TicketRef }).requester_id?.name).toBe('post-only');
    expect(await countTickets()).toBe(before + 1);
  });

  it('still sees the names shown on its own tickets', async () => {
    const own = success(await ticket({ id: monitorId }));
    const data = own.data as { requester_id: TicketRef; assignee_id: TicketRef; assignee_group_id: TicketRef };
    expect(data.requester_id?.name).toBe('post-only');
    expect(data.assignee_id?.name).toBe('tech');
    expect(data.assignee_group_id?.name).toBe('Service Desk');
    const listed = success(await search({ query: 'monitor' }));
    expect((listed.data as { items: Array<{ assignee_id: TicketRef }> }).items[0].assignee_id?.name).toBe('tech');
    // Its own login names itself.
    const byMe = success(await search({ requester_id: 'post-only' }));
    expect((byMe.data as { total: number }).total).toBeGreaterThan(0);
  });

  it('leaves names to callers who may read users', async () => {
    const tech = await connectHttp(stack.url, await stack.token('tech', ['mcp']));
    try {
      const techSession = await openSession(tech, 'ticket');
      const answer = failure(
        await callTool(tech, 'ticket_create', { domain: 'ticket', session_id: techSession, name: 'x', dry_run: true, assignee_id: 'mari' }),
        'VALIDATION_FAILED',
      );
      expect(answer.error.issues![0]).toMatchObject({ code: 'REFERENCE_NOT_FOUND', did_you_mean: 'maria.silva' });
      expect(answer.error.issues![0].available).toContain('maria.silva');
    } finally {
      await tech.close();
    }
  });
});
