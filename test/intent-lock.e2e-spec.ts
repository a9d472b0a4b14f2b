import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import type { Domain } from '../src/auth/principal.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, itemNames, openSession, success } from './support/mcp-client.js';
import { startApp, startStack, type TestApp, type TestStack } from './support/test-app.js';

/** A read tool of a domain other than project, called with nothing but domain and session_id. */
interface OtherTool {
  name: string;
  domain: Exclude<Domain, 'project'>;
}

const OTHER: OtherTool = { name: 'ticket_search', domain: 'ticket' };

interface AuditRow {
  tool: string;
  outcome: string;
  domain: string | null;
}

describe.each(DATABASES)('intent lock over MCP on %s', (kind) => {
  let stack: TestStack;
  let glpi: Client;
  const other = OTHER;

  beforeAll(async () => {
    stack = await startStack(kind);
    glpi = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    expect((await glpi.listTools()).tools.map((t) => t.name)).toContain(OTHER.name);
  });
  afterAll(async () => {
    await glpi?.close();
    await stack?.close();
  });

  async function auditOf(sessionId: string): Promise<AuditRow[]> {
    await stack.flushAudit();
    return stack.app
      .get(DataSource)
      .createQueryBuilder()
      .select(['a.tool AS tool', 'a.outcome AS outcome', 'a.domain AS domain'])
      .from('audit_log', 'a')
      .where('a.session_id = :id', { id: sessionId })
      .orderBy('a.id', 'ASC')
      .getRawMany<AuditRow>();
  }

  it('opens a project session in which project_search finds the demo project', async () => {
    const opened = success(await callTool(glpi, 'domain_switch', { domain: 'project' }));
    const sessionId = (opened.data as { session_id: string }).session_id;
    expect(sessionId).toMatch(/^ses_/);
    expect(opened).toMatchObject({ message: expect.stringContaining("'project'"), data: { domain: 'project', previous_domain: null } });
    const found = success(await callTool(glpi, 'project_search', { domain: 'project', session_id: sessionId, query: 'ERP' }));
    expect(found).toMatchObject({ tool: 'project_search', domain: 'project', session_id: sessionId });
    expect(itemNames(found)).toContain('Migração ERP');
  });

  it('refuses a tool of another domain with INTENT_LOCKED and the domain_switch to make; nothing runs', async () => {
    // The reverse direction needs no other domain's tools: a session locked to ticket refuses project_search.
    const ticketSession = await openSession(glpi, 'ticket');
    const locked = failure(await callTool(glpi, 'project_search', { domain: 'project', session_id: ticketSession }), 'INTENT_LOCKED');
    expect(locked.error.next_call).toEqual({ tool: 'domain_switch', arguments: { domain: 'project', session_id: ticketSession } });
    expect(locked.error.message).toContain("'ticket'");
    expect(locked.error.message).toContain("'project'");
    expect(locked.error.retryable).toBe(false);
    expect(locked).not.toHaveProperty('data');

    const projectSession = await openSession(glpi, 'project');
    const refused = failure(await callTool(glpi, other.name, { domain: other.domain, session_id: projectSession }), 'INTENT_LOCKED');
    expect(refused).toMatchObject({ tool: other.name, domain: other.domain });
    expect(refused.error.next_call).toEqual({ tool: 'domain_switch', arguments: { domain: other.domain, session_id: projectSession } });
    expect(refused).not.toHaveProperty('data');
    expect(await auditOf(projectSession)).toEqual(expect.arrayContaining([expect.objectContaining({ tool: other.name, outcome: 'INTENT_LOCKED' })]));
  });

  it('audits the switch and every refused call', async () => {
    const sessionId = await openSession(glpi, 'ticket');
    failure(await callTool(glpi, 'project_search', { domain: 'project', session_id: sessionId }), 'INTENT_LOCKED');
    expect(await auditOf(sessionId)).toEqual([
      expect.objectContaining({ tool: 'domain_switch', outcome: 'success' }),
      expect.objectContaining({ tool: 'project_search', outcome: 'INTENT_LOCKED', domain: 'project' }),
    ]);
  });

  it('refuses a domain argument that differs from the tool with DOMAIN_MISMATCH', async () => {
    const sessionId = await openSession(glpi, 'project');
    const mismatch = failure(await callTool(glpi, 'project_search', { domain: 'ticket', session_id: sessionId }), 'DOMAIN_MISMATCH');
    expect(mismatch.error.message).toContain('project_search');
    expect(mismatch).not.toHaveProperty('data');
  });

  it('moves the session with domain_switch: the new domain runs, the old one is locked', async () => {
    const target = other.domain;
    const sessionId = await openSession(glpi, 'project');
    const moved = success(await callTool(glpi, 'domain_switch', { domain: target, session_id: sessionId, reason: 'the user asked about another domain' }));
    expect(moved).toMatchObject({
      id: sessionId,
      applied: { domain: target, previous_domain: 'project', reason: 'the user asked about another domain' },
      data: { session_id: sessionId, domain: target, previous_domain: 'project' },
    });

    if (other) {
      const ran = success(await callTool(glpi, other.name, { domain: other.domain, session_id: sessionId }));
      expect(ran).toMatchObject({ tool: other.name, domain: other.domain, session_id: sessionId });
    }

    const locked = failure(await callTool(glpi, 'project_search', { domain: 'project', session_id: sessionId }), 'INTENT_LOCKED');
    expect(locked.error.next_call).toEqual({ tool: 'domain_switch', arguments: { domain: 'project', session_id: sessionId } });

    const status = success(await callTool(glpi, 'session_status', { session_id: sessionId }));
    expect(status.data).toMatchObject({ session_id: sessionId, domain: target });
  });

  it("does not honour another user's session: SESSION_NOT_FOUND", async () => {
    const sessionId = await openSession(glpi, 'project');
    const tech = await connectHttp(stack.url, await stack.token('tech', ['mcp']));
    try {
      const search = failure(await callTool(tech, 'project_search', { domain: 'project', session_id: sessionId }), 'SESSION_NOT_FOUND');
      expect(search).not.toHaveProperty('data');
      failure(await callTool(tech, 'session_status', { session_id: sessionId }), 'SESSION_NOT_FOUND');
      failure(await callTool(tech, 'domain_switch', { domain: 'ticket', session_id: sessionId }), 'SESSION_NOT_FOUND');
    } finally {
      await tech.close();
    }
    // The owner's session is untouched by those attempts.
    const status = success(await callTool(glpi, 'session_status', { session_id: sessionId }));
    expect(status.data).toMatchObject({ domain: 'project' });
  });

  it('answers an unknown session_id with SESSION_NOT_FOUND and the domain_switch to open one', async () => {
    const unknown = failure(await callTool(glpi, 'project_search', { domain: 'project', session_id: 'ses_doesnotexist' }), 'SESSION_NOT_FOUND');
    expect(unknown.error.next_call).toMatchObject({ tool: 'domain_switch', arguments: { domain: 'project' } });
  });

  it('requires session_id: VALIDATION_FAILED with a REQUIRED issue', async () => {
    const missing = failure(await callTool(glpi, 'project_search', { domain: 'project' }), 'VALIDATION_FAILED');
    expect(missing.error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'session_id', code: 'REQUIRED' })]));
  });

  it("reports a missing session_id together with the call's other input problems, in one refusal", async () => {
    const search = failure(await callTool(glpi, 'project_search', { domain: 'project', limt: 5 }), 'VALIDATION_FAILED');
    expect(search.error.issues).toEqual([
      expect.objectContaining({ field: 'session_id', code: 'REQUIRED' }),
      expect.objectContaining({ field: 'limt', code: 'UNKNOWN_FIELD', did_you_mean: 'limit' }),
    ]);
    expect(search.error.next_call).toEqual({ tool: 'domain_switch', arguments: { domain: 'project' } });
    expect(search.error.message).toMatch(/^2 problems in the input/);

    // A write: the lock's issues (session_id and domain) first, then every other one, names resolved
    // as for a live session; nothing is written.
    const tickets = await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_tickets');
    const create = failure(
      await callTool(glpi, 'ticket_create', {
        session_id: ' ',
        name: 'Impressora',
        content: 'x',
        priority: 'altíssima-ish',
        itilcategories_id: 'Hardwarre',
        tittle: 'y',
      }),
      'VALIDATION_FAILED',
    );
    const fields = create.error.issues?.map((issue) => `${issue.field}:${issue.code}`);
    expect(fields?.slice(0, 2)).toEqual(['session_id:REQUIRED', 'domain:REQUIRED']);
    expect(fields).toEqual(expect.arrayContaining(['priority:INVALID_VALUE', 'itilcategories_id:REFERENCE_NOT_FOUND', 'tittle:UNKNOWN_FIELD']));
    expect(fields).toHaveLength(5);
    expect(create.error.next_call).toEqual({ tool: 'domain_switch', arguments: { domain: 'ticket' } });
    expect(await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_tickets')).toEqual(tickets);

    // Nothing else wrong: the lock's issue alone, as before.
    const alone = failure(await callTool(glpi, 'ticket_get', { domain: 'ticket', id: 1 }), 'VALIDATION_FAILED');
    expect(alone.error.issues).toEqual([expect.objectContaining({ field: 'session_id', code: 'REQUIRED' })]);
  });

  it('shows the domain and the user in session_status', async () => {
    const sessionId = await openSession(glpi, 'project');
    const status = success(await callTool(glpi, 'session_status', { session_id: sessionId }));
    expect(status).toMatchObject({ tool: 'session_status', session_id: sessionId });
    expect(status.data).toMatchObject({
      session_id: sessionId,
      domain: 'project',
      user: { name: 'glpi' },
      verified: false,
      verification_required_for: 'none',
      tools: expect.arrayContaining(['project_search']),
    });
  });

  it('creates a project with names resolved, and returns what was applied', async () => {
    const sessionId = await openSession(glpi, 'project');
    const created = success(
      await callTool(glpi, 'project_create', {
        domain: 'project',
        session_id: sessionId,
        name: 'Projeto criado por MCP',
        projectstates_id: 'processing',
        plan_start_date: '2026-06-01',
        timezone: 'America/Sao_Paulo',
      }),
    );
    expect(created).toMatchObject({
      tool: 'project_create',
      domain: 'project',
      session_id: sessionId,
      id: expect.any(Number),
      applied: { name: 'Projeto criado por MCP', projectstates_id: 2, plan_start_date: '2026-06-01T00:00:00-03:00' },
      resolved: { projectstates_id: { input: 'processing', id: 2, name: 'Processing' } },
    });
    const found = success(await callTool(glpi, 'project_get', { domain: 'project', session_id: sessionId, id: created.id }));
    expect(found.data).toMatchObject({ id: created.id, name: 'Projeto criado por MCP', projectstates_id: { id: 2, name: 'Processing' } });
  });

  describe('with a second server on the same database', () => {
    let second: TestApp | undefined;
    let glpiOnSecond: Client | undefined;

    beforeAll(async () => {
      second = await startApp(stack.db.url, { SEED_DEMO: 'false' });
      glpiOnSecond = await connectHttp(second.url, await stack.token('glpi', ['mcp']));
    });
    afterAll(async () => {
      await glpiOnSecond?.close();
      await second?.close();
    });

    it('honours a session opened on the first, with its lock, and shares its moves', async () => {
      const sessionId = await openSession(glpi, 'project');
      const found = success(await callTool(glpiOnSecond!, 'project_search', { domain: 'project', session_id: sessionId, query: 'ERP' }));
      expect(itemNames(found)).toContain('Migração ERP');

      success(await callTool(glpiOnSecond!, 'domain_switch', { domain: 'ticket', session_id: sessionId, reason: 'replica check' }));
      const locked = failure(await callTool(glpi, 'project_search', { domain: 'project', session_id: sessionId }), 'INTENT_LOCKED');
      expect(locked.error.next_call).toEqual({ tool: 'domain_switch', arguments: { domain: 'project', session_id: sessionId } });
      const status = success(await callTool(glpi, 'session_status', { session_id: sessionId }));
      expect(status.data).toMatchObject({ domain: 'ticket' });
    });
  });
});
