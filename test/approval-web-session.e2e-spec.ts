import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession } from './support/mcp-client.js';
import { CookieJar } from './support/oauth-flow.js';
import { startStack, type TestStack } from './support/test-app.js';

interface Answer {
  status: number;
  html: string;
  location: string | null;
}

/** A browser without the browser: every cookie kept, redirects not followed (the test reads them). */
class Person {
  readonly jar = new CookieJar();

  constructor(private readonly base: string) {}

  async get(path: string): Promise<Answer> {
    return this.send(path, { method: 'GET' });
  }

  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** Follows the approval page's "sign in with your password" link, signs in, and answers where the server sends back to. */
  async passwordSignIn(approvalPath: string, login: string, password: string): Promise<Answer> {
    const page = await this.get(approvalPath);
    const href = /<a href="([^"]*)" class="button">/.exec(page.html)?.[1]?.replace(/&amp;/g, '&');
    if (!href) throw new Error(`no password sign-in on the page (${page.status}): ${page.html.slice(0, 500)}`);
    const form = await this.get(href);
    expect(form.status).toBe(200);
    return this.post(href, { login, password, action: 'sign-in' }, { 'sec-fetch-site': 'same-origin' });
  }

  private async send(path: string, init: RequestInit): Promise<Answer> {
    const cookie = this.jar.header();
    const res = await fetch(new URL(path, this.base), {
      ...init,
      headers: { 'accept-language': 'en', ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
      redirect: 'manual',
    });
    this.jar.take(res);
    return { status: res.status, html: await res.text(), location: res.headers.get('location') };
  }
}

/**
 * The approval page accepts a person already signed in on the server's OAuth pages (the web
 * session), only as the approval's own user, and offers the password sign-in beside the link;
 * the sign-in page sends back only to a page of this server.
 */
describe.each(DATABASES)('approval page with the web session on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-approval-web-'));
  let stack: TestStack;
  let glpi: Client;
  let session: string;

  beforeAll(async () => {
    stack = await startStack(kind, { APPROVAL_REQUIRED_FOR: 'write', OTP_DELIVERY: `file:${join(dir, 'delivery.jsonl')}` });
    glpi = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    session = await openSession(glpi, 'project');
  });
  afterAll(async () => {
    await glpi?.close();
    await stack?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A write of glpi's held for approval: the page's path. */
  async function held(name: string): Promise<{ id: string; path: string }> {
    const answer = failure(await callTool(glpi, 'project_create', { domain: 'project', session_id: session, name }), 'APPROVAL_REQUIRED');
    const id = String(answer.error.approval_id);
    return { id, path: `/approve/${id}` };
  }
  const statusOf = async (id: string): Promise<string> => {
    const rows = (await stack.app.get(DataSource).query('SELECT status FROM approvals WHERE id = ?', [id])) as Array<{ status: string }>;
    return rows[0].status;
  };

  it('another user signed in with a password can neither open nor decide it', async () => {
    const approval = await held('Web: não é do tech');
    const tech = new Person(stack.url);
    const back = await tech.passwordSignIn(approval.path, 'tech', 'tech');
    expect(back).toMatchObject({ status: 303, location: approval.path });

    const page = await tech.get(approval.path);
    expect(page.status).toBe(403);
    expect(page.html).toContain('Signed in as');
    expect(page.html).not.toContain('Web: não é do tech');
    expect(page.html).not.toContain('name="csrf"');

    // Even with a token of tech's own session for this approval, the decision is refused before any form is read.
    const decided = await tech.post(approval.path, { decision: 'approve', csrf: 'x'.repeat(43) });
    expect(decided.status).toBe(403);
    expect(await statusOf(approval.id)).toBe('pending');
  });

  it("the approval's own user, signed in with a password, sees the change and decides it; a forged form is refused", async () => {
    const approval = await held('Web: do glpi');
    const person = new Person(stack.url);
    const signInFirst = await person.get(approval.path);
    expect(signInFirst.html).toContain('Send me a sign-in link');
    expect(signInFirst.html).toContain('Sign in with your password');
    expect(signInFirst.html).not.toContain('Web: do glpi');

    const wrong = await person.post(`/oauth/login?return_to=${encodeURIComponent(approval.path)}`, { login: 'glpi', password: 'nope', action: 'sign-in' });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('Wrong login or password.');

    expect(await person.passwordSignIn(approval.path, 'glpi', 'glpi')).toMatchObject({ status: 303, location: approval.path });
    const page = await person.get(approval.path);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Web: do glpi');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.html)?.[1];
    expect(csrf).toBeDefined();

    expect((await person.post(approval.path, { decision: 'approve', csrf: 'forged' })).status).toBe(403);
    // A token shown to another browser session of the same user is not this one's.
    const other = new Person(stack.url);
    await other.passwordSignIn(approval.path, 'glpi', 'glpi');
    expect((await other.post(approval.path, { decision: 'approve', csrf: csrf! })).status).toBe(403);
    expect(await statusOf(approval.id)).toBe('pending');

    const decided = await person.post(approval.path, { decision: 'reject', csrf: csrf! });
    expect(decided.status).toBe(200);
    expect(await statusOf(approval.id)).toBe('rejected');
  });

  it('shows the name a client gives itself as that, with its bidi overrides, control characters and line breaks made visible', async () => {
    const hostile = await connectHttp(
      stack.url,
      await stack.token('glpi', ['mcp']),
      {},
      { name: 'intentdesk \u202eOFFICIAL<b>x</b>\u0007\n<script>', version: '1\u202e' },
    );
    try {
      const hostileSession = await openSession(hostile, 'project');
      const answer = failure(
        await callTool(hostile, 'project_create', { domain: 'project', session_id: hostileSession, name: 'Web: cliente hostil' }),
        'APPROVAL_REQUIRED',
      );
      const path = `/approve/${String(answer.error.approval_id)}`;
      const person = new Person(stack.url);
      expect(await person.passwordSignIn(path, 'glpi', 'glpi')).toMatchObject({ status: 303, location: path });
      const page = await person.get(path);
      expect(page.status).toBe(200);
      const shown = /<dt>Client \(the name it gives itself\)<\/dt><dd>([^<]*)<\/dd>/.exec(page.html)?.[1];
      expect(shown).toBe('intentdesk \uFFFDOFFICIAL&lt;b&gt;x&lt;/b&gt;\uFFFD\uFFFD&lt;script&gt;');
      for (const raw of ['\u202e', '\u0007']) expect(page.html).not.toContain(raw);
    } finally {
      await hostile.close();
    }
  });

  it('a sign-in that says it would return elsewhere is refused before any password is asked', async () => {
    const person = new Person(stack.url);
    const targets = [
      'https://evil.example/approve/1',
      '//evil.example/approve/1',
      '/\\evil.example',
      'javascript:alert(1)',
      // `//evil.example` only once the dot segments are resolved, as the browser resolves them.
      '/approve/..//evil.example',
      '/.//evil.example/path',
      '/approve/%2e%2e//evil.example',
      '/%5Cevil.example',
    ];
    for (const target of targets) {
      const path = `/oauth/login?return_to=${encodeURIComponent(target)}`;
      const page = await person.get(path);
      expect([target, page.status]).toEqual([target, 400]);
      const posted = await person.post(path, { login: 'glpi', password: 'glpi', action: 'sign-in' }, { 'sec-fetch-site': 'same-origin' });
      expect([target, posted.status, posted.location]).toEqual([target, 400, null]);
      const cancelled = await person.post(path, { action: 'cancel' }, { 'sec-fetch-site': 'same-origin' });
      expect([target, cancelled.status, cancelled.location]).toEqual([target, 400, null]);
    }
    expect((await person.get('/oauth/login')).status).toBe(400);
    expect(person.jar.header()).not.toContain('intentdesk_web');
  });

  it("a sign-in form posted by another site's page is refused (no signing a person in as someone else)", async () => {
    const person = new Person(stack.url);
    const path = `/oauth/login?return_to=${encodeURIComponent('/approve/x')}`;
    const crossSite = await person.post(path, { login: 'tech', password: 'tech', action: 'sign-in' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await person.post(path, { login: 'tech', password: 'tech', action: 'sign-in' }, { origin: 'https://evil.example' });
    expect(otherOrigin.status).toBe(403);
    expect(person.jar.header()).not.toContain('intentdesk_web');
  });
});
