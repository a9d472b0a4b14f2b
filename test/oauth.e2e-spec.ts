import { spawnSync } from 'node:child_process';
import { DataSource } from 'typeorm';
import { AuthService } from '../src/auth/auth.service.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, openSession, REPO_ROOT, success } from './support/mcp-client.js';
import { authorizeUrl, Browser, mcpPost, pkce, registerClient, signInAndAllow, tokenRequest } from './support/oauth-flow.js';
import { startStack, type TestStack } from './support/test-app.js';

const REDIRECT = 'http://127.0.0.1:9/callback';

/** A CLI of this project, as an operator runs it, with `input` on stdin. */
function run(node: string, args: string[], options: { env: NodeJS.ProcessEnv; input: string }): Promise<void> {
  const result = spawnSync(node, args, { cwd: REPO_ROOT, env: options.env, input: options.input, encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) return Promise.reject(new Error(`exit ${result.status}: ${result.stderr}`));
  return Promise.resolve();
}

/**
 * OAuth 2.1 as the MCP authorization spec has it, over plain HTTP: metadata, registration, sign-in
 * and consent, PKCE, codes, refresh rotation, audience binding, revocation, and the read-only scope;
 * each attack of the threat table in docs/security.md refused.
 */
describe.each(DATABASES)('OAuth on %s', (kind) => {
  let stack: TestStack;
  let base: string;
  let clientId: string;

  /** A fresh browser through sign-in and consent, then the code exchanged: the token answer. */
  async function authorize(login = 'tech', password = 'tech', scope?: string) {
    const { verifier, challenge } = pkce();
    const authorized = await signInAndAllow(base, new Browser(base), { clientId, redirectUri: REDIRECT, challenge, scope }, login, password);
    const token = await tokenRequest(base, {
      grant_type: 'authorization_code',
      code: authorized.code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: clientId,
    });
    return { authorized, token, verifier };
  }
  const tokenRow = async (clientIdOf: string) =>
    (await stack.app
      .get(DataSource)
      .query('SELECT name, scopes, revoked_at FROM api_tokens WHERE name = ? ORDER BY id DESC', [`OAuth: ${clientIdOf}`])) as Array<{
      name: string;
      scopes: string;
      revoked_at: unknown;
    }>;
  const listTools = async (token: string) => {
    const res = await mcpPost(base, token, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    return {
      status: res.status,
      names: res.status === 200 ? ((await res.json()) as { result: { tools: Array<{ name: string }> } }).result.tools.map((t) => t.name) : [],
    };
  };
  const forgetCachedTokens = () => stack.app.get(AuthService).invalidate();

  beforeAll(async () => {
    stack = await startStack(kind);
    base = stack.url;
    clientId = await registerClient(base, [REDIRECT]);
  });
  afterAll(async () => stack?.close());

  it('names its authorization server and scopes (RFC 9728), and the server its endpoints (RFC 8414)', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await fetch(base + path);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(
        expect.objectContaining({ resource: `${base}/mcp`, authorization_servers: [`${base}/oauth`], scopes_supported: ['mcp', 'mcp:read'] }),
      );
    }
    const server = (await (await fetch(`${base}/.well-known/oauth-authorization-server/oauth`)).json()) as Record<string, unknown>;
    expect(server).toEqual(
      expect.objectContaining({
        issuer: `${base}/oauth`,
        authorization_endpoint: `${base}/oauth/authorize`,
        token_endpoint: `${base}/oauth/token`,
        registration_endpoint: `${base}/oauth/register`,
        revocation_endpoint: `${base}/oauth/revoke`,
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
        client_id_metadata_document_supported: true,
        response_types_supported: ['code'],
      }),
    );
  });

  it('answers /mcp without a token 401 with WWW-Authenticate naming the resource metadata', async () => {
    const res = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer realm="intentdesk", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
  });

  it('signs in (wrong password refused), asks consent with client, scopes and entities, and gives a code with state and iss', async () => {
    const browser = new Browser(base);
    const { challenge } = pkce();
    const login = await browser.go(authorizeUrl(base, { clientId, redirectUri: REDIRECT, challenge, state: 'xyz' }));
    expect(login.res.status).toBe(200);
    expect(login.body).toContain('Test client');
    expect(login.res.headers.get('x-frame-options')).toBe('DENY');
    const wrong = await browser.submit(login.url, login.body, { login: 'tech', password: 'nope', action: 'sign-in' });
    expect(wrong.res.status).toBe(401);
    expect(wrong.body).toContain('Wrong login or password.');
    const consent = await browser.submit(wrong.url, wrong.body, { login: 'tech', password: 'tech', action: 'sign-in' });
    expect(consent.res.status).toBe(200);
    expect(consent.body).toContain('Tech Support (tech)');
    expect(consent.body).toContain('mcp: use every tool');
    expect(consent.body).toContain('Root entity');
    const done = await browser.submit(consent.url, consent.body, { action: 'allow' });
    const redirect = new URL(done.url);
    expect(redirect.origin + redirect.pathname).toBe(REDIRECT);
    expect(redirect.searchParams.get('state')).toBe('xyz');
    expect(redirect.searchParams.get('iss')).toBe(`${base}/oauth`);
    expect(redirect.searchParams.get('code')).toBeTruthy();
  });

  it('shows a registered client name with bidi overrides and control characters made visible, on sign-in and consent', async () => {
    const hostile = await registerClient(base, [REDIRECT], { client_name: 'Test \u202eclient<b>\u0007\n' });
    const browser = new Browser(base);
    const login = await browser.go(authorizeUrl(base, { clientId: hostile, redirectUri: REDIRECT, challenge: pkce().challenge }));
    expect(login.body).toContain('Test \uFFFDclient&#60;b&#62;\uFFFD\uFFFD wants to use intentdesk');
    const consent = await browser.submit(login.url, login.body, { login: 'tech', password: 'tech', action: 'sign-in' });
    expect(consent.body).toContain('Test \uFFFDclient&#60;b&#62;\uFFFD\uFFFD asks to act as');
    for (const page of [login.body, consent.body]) for (const raw of ['\u202e', '\u0007']) expect(page).not.toContain(raw);
  });

  it('refuses a form without its CSRF token', async () => {
    const browser = new Browser(base);
    const login = await browser.go(authorizeUrl(base, { clientId, redirectUri: REDIRECT, challenge: pkce().challenge }));
    const action = /action="([^"]+)"/.exec(login.body)![1];
    const res = await browser.go(new URL(action, login.url).toString(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'login=tech&password=tech&action=sign-in&csrf=forged',
    });
    expect(res.res.status).toBe(403);
  });

  it('exchanges the code for a token that is an api_tokens row and works on /mcp with a real client', async () => {
    const { token } = await authorize();
    expect(token.status).toBe(200);
    expect(token.body.token_type).toBe('Bearer');
    expect(token.body.scope).toBe('mcp');
    expect(token.body.refresh_token).toBeTruthy();
    expect((await tokenRow(clientId))[0]).toEqual(expect.objectContaining({ scopes: 'mcp', revoked_at: null }));
    const client = await connectHttp(base, token.body.access_token!);
    const session = await openSession(client, 'project');
    expect(success(await callTool(client, 'project_search', { domain: 'project', session_id: session })).status).toBe('success');
    await client.close();
  });

  it('refuses a wrong PKCE verifier, and a code used twice (revoking what it gave)', async () => {
    const { verifier, challenge } = pkce();
    const first = await signInAndAllow(base, new Browser(base), { clientId, redirectUri: REDIRECT, challenge }, 'tech', 'tech');
    const wrongVerifier = await tokenRequest(base, {
      grant_type: 'authorization_code',
      code: first.code,
      code_verifier: pkce().verifier,
      redirect_uri: REDIRECT,
      client_id: clientId,
    });
    expect(wrongVerifier).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_grant' }) });

    const second = await signInAndAllow(base, new Browser(base), { clientId, redirectUri: REDIRECT, challenge }, 'tech', 'tech');
    const form = { grant_type: 'authorization_code', code: second.code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: clientId };
    const good = await tokenRequest(base, form);
    expect(good.status).toBe(200);
    const replay = await tokenRequest(base, form);
    expect(replay).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_grant' }) });
    forgetCachedTokens();
    expect((await listTools(good.body.access_token!)).status).toBe(401);
  });

  it('redirects only to a registered redirect URI, exactly', async () => {
    for (const redirectUri of ['http://127.0.0.1:9/callback/extra', 'https://evil.example/callback', 'http://127.0.0.1:9/callback?x=1']) {
      const res = await fetch(authorizeUrl(base, { clientId, redirectUri, challenge: pkce().challenge }), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('requires PKCE with S256', async () => {
    const url = new URL(authorizeUrl(base, { clientId, redirectUri: REDIRECT, challenge: pkce().challenge }));
    url.searchParams.set('code_challenge_method', 'plain');
    const plain = await fetch(url, { redirect: 'manual' });
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const none = await fetch(url, { redirect: 'manual' });
    expect(new URL(none.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  it('issues tokens for this MCP resource only (RFC 8707)', async () => {
    const res = await fetch(authorizeUrl(base, { clientId, redirectUri: REDIRECT, challenge: pkce().challenge, resource: 'https://other.example/mcp' }), {
      redirect: 'manual',
    });
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('invalid_target');
  });

  it('rotates refresh tokens; a reused one revokes the grant', async () => {
    const { token } = await authorize();
    const refreshed = await tokenRequest(base, { grant_type: 'refresh_token', refresh_token: token.body.refresh_token!, client_id: clientId });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(token.body.refresh_token);
    expect((await listTools(refreshed.body.access_token!)).status).toBe(200);
    const reused = await tokenRequest(base, { grant_type: 'refresh_token', refresh_token: token.body.refresh_token!, client_id: clientId });
    expect(reused).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_grant' }) });
    forgetCachedTokens();
    expect((await listTools(refreshed.body.access_token!)).status).toBe(401);
  });

  it('keeps no code, token, registration token or session cookie in oauth_records, only hashes; the refresh token still refreshes', async () => {
    const registered = await fetch(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] }),
    });
    const { registration_access_token: registrationToken } = (await registered.json()) as { registration_access_token: string };
    const { verifier, challenge } = pkce();
    const browser = new Browser(base);
    const { code } = await signInAndAllow(base, browser, { clientId, redirectUri: REDIRECT, challenge }, 'tech', 'tech');
    const first = await tokenRequest(base, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: clientId });
    const second = await tokenRequest(base, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token!, client_id: clientId });
    expect(second.status).toBe(200);

    const cookies = browser.jar
      .header()
      .split('; ')
      .filter((pair) => !pair.split('=')[0].endsWith('.sig'))
      .map((pair): [string, string] => [`cookie ${pair.split('=')[0]}`, pair.slice(pair.indexOf('=') + 1)]);
    const secrets = Object.entries({
      code,
      'registration access token': registrationToken,
      'first access token': first.body.access_token!,
      'first refresh token': first.body.refresh_token!,
      'second access token': second.body.access_token!,
      'second refresh token': second.body.refresh_token!,
      ...Object.fromEntries(cookies),
    });
    expect(secrets.length).toBeGreaterThan(7);
    const stored = JSON.stringify(await stack.app.get(DataSource).query('SELECT * FROM oauth_records'));
    expect(secrets.filter(([, value]) => stored.includes(value)).map(([name]) => name)).toEqual([]);

    const third = await tokenRequest(base, { grant_type: 'refresh_token', refresh_token: second.body.refresh_token!, client_id: clientId });
    expect(third.status).toBe(200);
    expect((await listTools(third.body.access_token!)).status).toBe(200);
  });

  it('revokes an access token (RFC 7009), and refuses an expired one', async () => {
    const { token } = await authorize();
    const access = token.body.access_token!;
    expect((await listTools(access)).status).toBe(200);
    const revoked = await fetch(`${base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: access, client_id: clientId }).toString(),
    });
    expect(revoked.status).toBe(200);
    forgetCachedTokens();
    expect((await listTools(access)).status).toBe(401);

    const other = (await authorize()).token.body.access_token!;
    await stack.app
      .get(DataSource)
      .createQueryBuilder()
      .update('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('prefix = :prefix', { prefix: other.slice(0, 10) })
      .execute();
    forgetCachedTokens();
    expect((await listTools(other)).status).toBe(401);
  });

  it('gives a read-only token (mcp:read) the read tools only, and refuses a write 403 insufficient_scope before any work', async () => {
    const { token } = await authorize('glpi', 'glpi', 'mcp:read');
    expect(token.body.scope).toBe('mcp:read');
    const access = token.body.access_token!;
    const { names } = await listTools(access);
    expect(names).toEqual(expect.arrayContaining(['project_search', 'domain_switch', 'session_status']));
    expect(names).not.toContain('project_create');
    expect(names).not.toContain('ticket_delete');
    const projects = async () => Number(((await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_projects')) as Array<{ n: unknown }>)[0].n);
    const before = await projects();
    const res = await mcpPost(base, access, {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'project_create', arguments: { domain: 'project', session_id: 'ses_x', name: 'Read-only write' } },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer realm="intentdesk", error="insufficient_scope", scope="mcp", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
    );
    // A JSON-RPC answer to that request: its id, and the error envelope as data, as every refusal before a call.
    expect(await res.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32000, message: expect.stringContaining("needs the 'mcp' scope"), data: { status: 'error', tool: 'mcp', error: { code: 'FORBIDDEN' } } },
    });
    // A batch has no one id to answer with: null, as for every refusal of a batch whole.
    const batch = await mcpPost(base, access, [{ jsonrpc: '2.0', id: 'req-42', method: 'tools/call', params: { name: 'user_create', arguments: {} } }]);
    expect(batch.status).toBe(403);
    expect(await batch.json()).toMatchObject({ id: null, error: { data: { error: { code: 'FORBIDDEN' } } } });
    expect(await projects()).toBe(before);
  });

  it('signs in with a password set by `npm run user -- set-password` (read from stdin)', async () => {
    await run(process.execPath, ['dist/src/cli/user.js', 'set-password', 'maria.silva'], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: stack.db.url },
      input: 'a-new-passphrase\n',
    });
    await expect(authorize('maria.silva', 'maria.silva')).rejects.toThrow(/no code/);
    expect((await authorize('maria.silva', 'a-new-passphrase')).token.status).toBe(200);
  });

  it('limits failed sign-ins per account', async () => {
    const browser = new Browser(base);
    let page = await browser.go(authorizeUrl(base, { clientId, redirectUri: REDIRECT, challenge: pkce().challenge }));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      page = await browser.submit(page.url, page.body, { login: 'normal', password: `wrong-${i}`, action: 'sign-in' });
      statuses.push(page.res.status);
      if (page.res.status === 429) break;
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});
