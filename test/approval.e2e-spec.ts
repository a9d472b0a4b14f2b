import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { DataSource } from 'typeorm';
import type { ErrorEnvelope } from '../src/envelope/envelope.js';
import { deliveredLinks, WebUser } from './support/approval-web.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

interface Held {
  approval_id: string;
  approval_url: string;
  next_call: { tool: string; arguments: Record<string, unknown> };
}

function held(envelope: ErrorEnvelope): Held {
  const { approval_id, approval_url, next_call } = envelope.error;
  if (typeof approval_id !== 'string' || typeof approval_url !== 'string' || !next_call) throw new Error(`not an approval: ${JSON.stringify(envelope)}`);
  return { approval_id, approval_url, next_call };
}

/** A client that declares URL-mode elicitation (MCP 2025-11-25). */
async function connectElicitingClient(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'eliciting-e2e', version: '1.0.0' }, { capabilities: { elicitation: { url: {} } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** The URL of a -32042 answer (the call rejects with it). */
async function elicitedUrl(call: Promise<unknown>): Promise<{ url: string; id: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof McpError && error.code === -32042) {
      const [first] = (error.data as { elicitations: Array<{ mode: string; url: string; elicitationId: string }> }).elicitations;
      expect(first.mode).toBe('url');
      return { url: first.url, id: first.elicitationId };
    }
    throw error;
  }
  throw new Error('expected a URL elicitation (-32042)');
}

/**
 * Writes a person approves on the server's page: the exact payload, once, by its own user. Over MCP
 * on every database, with the page driven by a cookie-keeping HTTP client (the Chromium suites in
 * test/browser drive the same page in a real browser).
 */
describe.each(DATABASES)('approval of writes on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-approval-'));
  const linkFile = join(dir, 'delivery.jsonl');
  let stack: TestStack;
  let glpiToken: string;
  let techToken: string;
  let plain: Client;
  let session: string;
  let glpiWeb: WebUser;

  const countProjects = async (name: string): Promise<number> => {
    const rows = (await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_projects WHERE name = ? AND is_deleted = 0', [name])) as Array<{
      n: number | string;
    }>;
    return Number(rows[0].n);
  };
  const statusOf = async (id: string): Promise<string> => {
    const rows = (await stack.app.get(DataSource).query('SELECT status FROM approvals WHERE id = ?', [id])) as Array<{ status: string }>;
    return rows[0].status;
  };

  beforeAll(async () => {
    stack = await startStack(kind, { APPROVAL_REQUIRED_FOR: 'write', OTP_REQUIRED_FOR: 'write', OTP_DELIVERY: `file:${linkFile}` });
    glpiToken = await stack.token('glpi', ['mcp']);
    techToken = await stack.token('tech', ['mcp']);
    plain = await connectHttp(stack.url, glpiToken);
    session = await openSession(plain, 'project');
    glpiWeb = new WebUser('glpi', linkFile);
  });
  afterAll(async () => {
    await plain?.close();
    await stack?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('(c) a plain client gets APPROVAL_REQUIRED, the user approves, next_call writes once what the page showed', async () => {
    const args = { domain: 'project', session_id: session, name: 'Aprovação plain', projectstates_id: 'Processing', percent_done: '40%' };
    const first = failure(await callTool(plain, 'project_create', args), 'APPROVAL_REQUIRED');
    expect(first.error.retryable).toBe(true);
    const approval = held(first);
    expect(approval.approval_url).toBe(`${stack.url}/approve/${approval.approval_id}`);
    expect(approval.next_call).toEqual({ tool: 'project_create', arguments: { ...args, approval_id: approval.approval_id } });
    expect(first.error.status_call).toEqual({ tool: 'approval_status', arguments: { approval_id: approval.approval_id } });
    expect(await countProjects('Aprovação plain')).toBe(0);
    // No OTP asked: the approval is the stronger proof.

    const signInPage = await glpiWeb.get(approval.approval_url);
    expect(signInPage.html).not.toContain('Aprovação plain');
    await glpiWeb.signIn(approval.approval_url);
    const page = await glpiWeb.get(approval.approval_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.html).toContain('Aprovação plain');
    expect(page.html).toContain('Processing (2)');
    expect(page.html).toContain('40');
    expect(page.html).toContain('intentdesk-e2e');

    const pending = success(await callTool(plain, 'approval_status', { approval_id: approval.approval_id }));
    expect((pending.data as { status: string }).status).toBe('pending');
    const decided = await glpiWeb.decide(approval.approval_url, 'approve');
    expect(decided.status).toBe(200);
    const approved = success(await callTool(plain, 'approval_status', { approval_id: approval.approval_id }));
    expect((approved.data as { next_call: unknown }).next_call).toEqual(approval.next_call);

    const done = success(await callTool(plain, approval.next_call.tool, approval.next_call.arguments));
    expect(done.applied).toMatchObject({ name: 'Aprovação plain', projectstates_id: 2, percent_done: 40 });
    expect(await countProjects('Aprovação plain')).toBe(1);
    // Used up: the same call again is refused, nothing more is written.
    failure(await callTool(plain, approval.next_call.tool, approval.next_call.arguments), 'APPROVAL_CONSUMED');
    expect(await countProjects('Aprovação plain')).toBe(1);
    expect(await statusOf(approval.approval_id)).toBe('consumed');
  });

  it('(c2) a link a mail scanner fetched first still signs the person in; a used link says so, not that the approval was decided', async () => {
    const approval = held(
      failure(await callTool(plain, 'project_create', { domain: 'project', session_id: session, name: 'Aprovação escaneada' }), 'APPROVAL_REQUIRED'),
    );
    const nextLink = async (): Promise<string> => {
      const before = deliveredLinks(linkFile, 'glpi').length;
      await fetch(`${approval.approval_url}/sign-in`, { method: 'POST' });
      const links = deliveredLinks(linkFile, 'glpi');
      expect(links.length).toBe(before + 1);
      return links[links.length - 1];
    };
    const link = await nextLink();
    // Mail software fetches every link of a message, without cookies: that signs no one in and spends nothing.
    const scanned = await fetch(link, { redirect: 'manual' });
    expect(scanned.status).toBe(200);
    expect(scanned.headers.get('set-cookie')).toBeNull();
    expect(await scanned.text()).not.toContain('Aprovação escaneada');

    const person = new WebUser('glpi', linkFile);
    const signedIn = await person.followLink(link);
    expect(signedIn.status).toBe(200);
    expect(signedIn.html).toContain('Aprovação escaneada');
    expect(signedIn.html).toContain('name="csrf"');

    // Used: the page says the link was used (in the reader's language), not that the approval was decided.
    for (const [language, words, wrong] of [
      ['en', 'This sign-in link was already used or has expired', 'already decided'],
      ['pt-BR', 'Este link de acesso já foi usado ou expirou', 'já foi decidida'],
    ]) {
      const again = await new WebUser('glpi', linkFile, language).get(link);
      expect(again.status).toBe(410);
      expect(again.html).toContain(words);
      expect(again.html).not.toContain(wrong);
      const posted = await new WebUser('glpi', linkFile, language).post(link, {});
      expect(posted.status).toBe(410);
      expect(posted.html).toContain(words);
    }
    expect(await statusOf(approval.approval_id)).toBe('pending');

    // Another site's page posting the button signs no one in, and leaves the link good for its person.
    const second = await nextLink();
    const crossSite = await fetch(second, { method: 'POST', redirect: 'manual', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('set-cookie')).toBeNull();
    const otherOrigin = await fetch(second, { method: 'POST', redirect: 'manual', headers: { origin: 'https://evil.example' } });
    expect(otherOrigin.status).toBe(403);
    expect((await new WebUser('glpi', linkFile).followLink(second)).html).toContain('Aprovação escaneada');
  });

  it('(a) a client with URL elicitation gets -32042 with the page, and the same call completes after approval', async () => {
    const client = await connectElicitingClient(stack.url, glpiToken);
    try {
      const ses = await openSession(client, 'project');
      const args = { domain: 'project', session_id: ses, name: 'Aprovação elicitada', projectstates_id: 'New' };
      const { url, id } = await elicitedUrl(client.callTool({ name: 'project_create', arguments: args }));
      expect(url).toBe(`${stack.url}/approve/${id}`);
      // Asked again before the decision: the same approval, not a new one.
      expect((await elicitedUrl(client.callTool({ name: 'project_create', arguments: args }))).id).toBe(id);
      const page = await glpiWeb.get(url);
      expect(page.html).toContain('eliciting-e2e');
      await glpiWeb.decide(url, 'approve');
      const done = success(await callTool(client, 'project_create', args));
      expect(done.applied).toMatchObject({ name: 'Aprovação elicitada', projectstates_id: 1 });
      expect(await countProjects('Aprovação elicitada')).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('(b) rejected: nothing written, APPROVAL_REJECTED, told once', async () => {
    const client = await connectElicitingClient(stack.url, glpiToken);
    try {
      const ses = await openSession(client, 'project');
      const args = { domain: 'project', session_id: ses, name: 'Aprovação rejeitada' };
      const { url } = await elicitedUrl(client.callTool({ name: 'project_create', arguments: args }));
      const page = await glpiWeb.decide(url, 'reject');
      expect(page.html).toContain('rejected');
      failure(await callTool(client, 'project_create', args), 'APPROVAL_REJECTED');
      expect(await countProjects('Aprovação rejeitada')).toBe(0);
      // A decision is final: the page cannot approve it afterwards.
      expect((await glpiWeb.get(url)).html).not.toContain('name="csrf"');
    } finally {
      await client.close();
    }
  });

  it('(d) an approval of payload A executes nothing else: field, record, tool, session, user', async () => {
    const args = { domain: 'project', session_id: session, id: 1, name: 'Renomeado A' };
    const [{ name: was }] = (await stack.app.get(DataSource).query('SELECT name FROM glpi_projects WHERE id = 1')) as Array<{ name: string }>;
    const approval = held(failure(await callTool(plain, 'project_update', args), 'APPROVAL_REQUIRED'));
    // Before → after, as stored when the write was held.
    const page = (await glpiWeb.get(approval.approval_url)).html;
    expect(page).toContain('<th scope="col">Now</th>');
    expect(page).toMatch(new RegExp(`<td>${was.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</td><td>Renomeado A</td>`));
    await glpiWeb.decide(approval.approval_url, 'approve');
    const withId = { ...args, approval_id: approval.approval_id };

    failure(await callTool(plain, 'project_update', { ...withId, name: 'Renomeado B' }), 'APPROVAL_MISMATCH');
    failure(await callTool(plain, 'project_update', { ...withId, id: 2 }), 'APPROVAL_MISMATCH');
    failure(await callTool(plain, 'project_delete', { domain: 'project', session_id: session, id: 1, approval_id: approval.approval_id }), 'APPROVAL_MISMATCH');
    const otherSession = await openSession(plain, 'project');
    failure(await callTool(plain, 'project_update', { ...withId, session_id: otherSession }), 'APPROVAL_MISMATCH');
    const tech = await connectHttp(stack.url, techToken);
    try {
      const techSession = await openSession(tech, 'project');
      failure(await callTool(tech, 'project_update', { ...withId, session_id: techSession }), 'APPROVAL_MISMATCH');
    } finally {
      await tech.close();
    }
    expect(await statusOf(approval.approval_id)).toBe('approved');
    // The payload approved still goes through, once.
    const done = success(await callTool(plain, 'project_update', withId));
    expect(done.applied).toEqual({ name: 'Renomeado A' });
  });

  it('(e) two concurrent executions of one approval write once', async () => {
    const args = { domain: 'project', session_id: session, name: 'Aprovação concorrente' };
    const approval = held(failure(await callTool(plain, 'project_create', args), 'APPROVAL_REQUIRED'));
    await glpiWeb.decide(approval.approval_url, 'approve');
    const second = await connectHttp(stack.url, glpiToken);
    try {
      const results = await Promise.all([
        callTool(plain, 'project_create', approval.next_call.arguments),
        callTool(second, 'project_create', approval.next_call.arguments),
      ]);
      const outcomes = results.map((r) => (r.envelope.status === 'success' ? 'success' : r.envelope.error.code)).sort();
      expect(outcomes).toEqual(['APPROVAL_CONSUMED', 'success']);
      expect(await countProjects('Aprovação concorrente')).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('(f) another signed-in user can neither see nor decide the approval; forged forms and reused links are refused', async () => {
    const args = { domain: 'project', session_id: session, name: 'Aprovação alheia' };
    const approval = held(failure(await callTool(plain, 'project_create', args), 'APPROVAL_REQUIRED'));
    // tech signs in through an approval of their own (links go to an approval's own user only).
    const tech = await connectHttp(stack.url, techToken);
    const techWeb = new WebUser('tech', linkFile);
    try {
      const techSession = await openSession(tech, 'project');
      const own = held(failure(await callTool(tech, 'project_create', { domain: 'project', session_id: techSession, name: 'Do tech' }), 'APPROVAL_REQUIRED'));
      await techWeb.signIn(own.approval_url);
      const seen = await techWeb.get(approval.approval_url);
      expect(seen.status).toBe(403);
      expect(seen.html).not.toContain('Aprovação alheia');
      const ownPage = await techWeb.get(own.approval_url);
      const techCsrf = /name="csrf" value="([^"]*)"/.exec(ownPage.html)?.[1] ?? '';
      expect((await techWeb.post(approval.approval_url, { csrf: techCsrf, decision: 'approve' })).status).toBe(403);
    } finally {
      await tech.close();
    }
    // The right user without the form's token (a cross-site form post) is refused.
    expect((await glpiWeb.post(approval.approval_url, { decision: 'approve' })).status).toBe(403);
    expect((await glpiWeb.post(approval.approval_url, { csrf: 'x'.repeat(43), decision: 'approve' })).status).toBe(403);
    // A sign-in link works once.
    const stranger = new WebUser('glpi', linkFile);
    await stranger.signIn(approval.approval_url);
    const links = deliveredLinks(linkFile, 'glpi');
    expect((await new WebUser('glpi', linkFile).get(links[links.length - 1])).status).toBe(410);
    // Whoever holds the URL can ask for links: one per user per 30 s reaches the user.
    const delivered = deliveredLinks(linkFile, 'glpi').length;
    for (let i = 0; i < 3; i++) await fetch(`${approval.approval_url}/sign-in`, { method: 'POST' });
    expect(deliveredLinks(linkFile, 'glpi').length).toBe(delivered + 1);
    expect(await statusOf(approval.approval_id)).toBe('pending');
    failure(await callTool(plain, 'project_create', approval.next_call.arguments), 'APPROVAL_REQUIRED');
    expect(await countProjects('Aprovação alheia')).toBe(0);
  });

  it('(g) an expired approval is refused, on the page and for the write', async () => {
    const args = { domain: 'project', session_id: session, name: 'Aprovação expirada' };
    const approval = held(failure(await callTool(plain, 'project_create', args), 'APPROVAL_REQUIRED'));
    await glpiWeb.decide(approval.approval_url, 'approve');
    const past = new Date(Date.now() - 1000);
    await stack.app
      .get(DataSource)
      .createQueryBuilder()
      .update('approvals')
      .set({ expires_at: past })
      .where('id = :id', { id: approval.approval_id })
      .execute();
    const refused = failure(await callTool(plain, 'project_create', approval.next_call.arguments), 'APPROVAL_EXPIRED');
    expect(refused.error.next_call).toEqual({ tool: 'project_create', arguments: args });
    expect(await countProjects('Aprovação expirada')).toBe(0);
    expect((await glpiWeb.get(approval.approval_url)).html).toContain('Expired');
  });

  it('REST writes are not held; admins list and cancel open approvals', async () => {
    const admin = await stack.token('glpi', ['api', 'admin']);
    const created = await fetch(`${stack.url}/api/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Via REST' }),
    });
    expect(created.status).toBe(201);
    const approval = held(failure(await callTool(plain, 'project_create', { domain: 'project', session_id: session, name: 'Cancelada' }), 'APPROVAL_REQUIRED'));
    const list = (await (await fetch(`${stack.url}/api/admin/approvals`, { headers: { authorization: `Bearer ${admin}` } })).json()) as {
      data: Array<{ id: string; status: string }>;
    };
    expect(list.data.map((a) => a.id)).toContain(approval.approval_id);
    const cancel = await fetch(`${stack.url}/api/admin/approvals/${approval.approval_id}`, { method: 'DELETE', headers: { authorization: `Bearer ${admin}` } });
    expect(cancel.status).toBe(200);
    failure(await callTool(plain, 'project_create', approval.next_call.arguments), 'APPROVAL_REJECTED');
  });
});
