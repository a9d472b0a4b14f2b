import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CapturingLogger } from './support/capturing-logger.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

/**
 * True when `secret` stands in `text` as a value of its own: not inside a longer run of letters and
 * digits. A six-digit code also occurs by chance inside other values (a request id's zero-padded
 * counter holds "000087"); a leaked code or token is written whole, between quotes or spaces.
 */
function holdsSecret(text: string, secret: string): boolean {
  return new RegExp(`(?<![A-Za-z0-9])${secret.replace(/[^A-Za-z0-9]/g, '\\$&')}(?![A-Za-z0-9])`).test(text);
}

describe('the leak check of secrets', () => {
  it('does not take a code found inside another value for a leak, and finds one written whole', () => {
    // A CI run failed on this: the old check (a substring test) found code 000087 in this request id.
    const row = '{"request_id":"9d6fb7040addf3090000000000000087","message":null}';
    expect(row.includes('000087')).toBe(true);
    expect(holdsSecret(row, '000087')).toBe(false);
    expect(holdsSecret('{"code":"000087"}', '000087')).toBe(true);
    expect(holdsSecret('wrong code 000087.', '000087')).toBe(true);
    expect(holdsSecret('Authorization: Bearer idt_a-b_c', 'idt_a-b_c')).toBe(true);
  });
});

describe.each(DATABASES)('identity, rights and verification on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-otp-'));
  const otpFile = join(dir, 'codes.jsonl');
  const logger = new CapturingLogger();
  const secrets: string[] = [];
  let stack: TestStack;
  let glpi: Client;

  /** The newest code delivered for `session`. */
  const codeFor = (session: string): string => {
    const lines = readFileSync(otpFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { session_id: string; code: string });
    const code = lines.filter((l) => l.session_id === session).pop()?.code;
    if (!code) throw new Error(`no code delivered for ${session}`);
    secrets.push(code);
    return code;
  };
  const token = async (login: string, scopes: Array<'mcp' | 'api' | 'admin'>): Promise<string> => {
    const value = await stack.token(login, scopes);
    secrets.push(value);
    return value;
  };
  const countProjects = async (name: string): Promise<number> => {
    const rows = await stack.app.get(DataSource).query('SELECT COUNT(*) AS n FROM glpi_projects WHERE name = ?', [name]);
    return Number((rows as Array<{ n: number | string }>)[0].n);
  };
  const verify = async (client: Client, session: string): Promise<void> => {
    success(await callTool(client, 'auth_request_otp', { session_id: session }));
    success(await callTool(client, 'auth_verify_otp', { session_id: session, code: codeFor(session) }));
  };

  beforeAll(async () => {
    stack = await startStack(kind, { OTP_REQUIRED_FOR: 'write', OTP_DELIVERY: `file:${otpFile}` }, { logger });
    glpi = await connectHttp(stack.url, await token('glpi', ['mcp']));
  });
  afterAll(async () => {
    await glpi?.close();
    await stack?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a write on an unverified session and writes nothing', async () => {
    const session = await openSession(glpi, 'project');
    const refused = failure(
      await callTool(glpi, 'project_create', { domain: 'project', session_id: session, name: 'Sem verificação' }),
      'VERIFICATION_REQUIRED',
    );
    expect(refused.error.next_call).toEqual({ tool: 'auth_request_otp', arguments: { session_id: session } });
    expect(await countProjects('Sem verificação')).toBe(0);
  });

  it('verifies a session with the delivered code, once', async () => {
    const session = await openSession(glpi, 'project');
    success(await callTool(glpi, 'auth_request_otp', { session_id: session }));
    const code = codeFor(session);
    const verified = success(await callTool(glpi, 'auth_verify_otp', { session_id: session, code }));
    expect((verified.data as { verified: boolean }).verified).toBe(true);
    success(await callTool(glpi, 'project_create', { domain: 'project', session_id: session, name: 'Com verificação' }));
    expect(await countProjects('Com verificação')).toBe(1);
    const again = failure(await callTool(glpi, 'auth_verify_otp', { session_id: session, code }), 'VERIFICATION_REQUIRED');
    expect(again.error.next_call?.tool).toBe('auth_request_otp');
    const status = success(await callTool(glpi, 'session_status', { session_id: session }));
    expect((status.data as { verified: boolean }).verified).toBe(true);
  });

  it('locks verification after five wrong codes', async () => {
    const session = await openSession(glpi, 'project');
    success(await callTool(glpi, 'auth_request_otp', { session_id: session }));
    const right = codeFor(session);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const answer = failure(await callTool(glpi, 'auth_verify_otp', { session_id: session, code: wrong }), 'VALIDATION_FAILED');
      expect(answer.error.issues![0].message).toContain(`${5 - i} attempt`);
    }
    const locked = failure(await callTool(glpi, 'auth_verify_otp', { session_id: session, code: wrong }), 'RATE_LIMITED');
    expect(locked.error.retryable).toBe(true);
    expect(locked.error.retry_after_seconds).toBeGreaterThan(0);
    failure(await callTool(glpi, 'auth_verify_otp', { session_id: session, code: right }), 'RATE_LIMITED');
    failure(await callTool(glpi, 'auth_request_otp', { session_id: session }), 'RATE_LIMITED');
    failure(await callTool(glpi, 'project_create', { domain: 'project', session_id: session, name: 'Bloqueado' }), 'VERIFICATION_REQUIRED');
  });

  it('does not carry a verification to another session, nor to another user', async () => {
    const verifiedSession = await openSession(glpi, 'project');
    await verify(glpi, verifiedSession);
    const other = await openSession(glpi, 'project');
    failure(await callTool(glpi, 'project_create', { domain: 'project', session_id: other, name: 'Outra sessão' }), 'VERIFICATION_REQUIRED');
    const tech = await connectHttp(stack.url, await token('tech', ['mcp']));
    try {
      failure(await callTool(tech, 'project_create', { domain: 'project', session_id: verifiedSession, name: 'Sessão alheia' }), 'SESSION_NOT_FOUND');
      failure(await callTool(tech, 'auth_request_otp', { session_id: verifiedSession }), 'SESSION_NOT_FOUND');
    } finally {
      await tech.close();
    }
    expect(await countProjects('Outra sessão')).toBe(0);
    expect(await countProjects('Sessão alheia')).toBe(0);
  });

  it('replays an idempotent write, also for concurrent duplicates, and refuses a reused key', async () => {
    const session = await openSession(glpi, 'project');
    await verify(glpi, session);
    const args = { domain: 'project', session_id: session, name: 'Idempotente', projectstates_id: 'New', idempotency_key: 'create-idempotente-1' };
    const first = success(await callTool(glpi, 'project_create', args));
    const second = success(await callTool(glpi, 'project_create', { ...args, projectstates_id: 1 }));
    expect(second.id).toBe(first.id);
    expect(second.replayed).toBe(true);
    expect(await countProjects('Idempotente')).toBe(1);
    failure(await callTool(glpi, 'project_create', { ...args, name: 'Outro nome' }), 'CONFLICT');

    const racing = { ...args, name: 'Concorrente', idempotency_key: 'create-concorrente-1' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => callTool(glpi, 'project_create', racing)));
    const ids = new Set(answers.map((a) => success(a).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.envelope.status === 'success' && a.envelope.replayed).length).toBe(7);
    expect(await countProjects('Concorrente')).toBe(1);
  });

  it('keeps Self-Service to its own tickets and away from project writes', async () => {
    const postOnly = await connectHttp(stack.url, await token('post-only', ['mcp']));
    try {
      const names = (await postOnly.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['ticket_search', 'ticket_create', 'domain_switch']));
      for (const hidden of ['project_create', 'project_update', 'project_delete', 'project_search', 'ticket_delete', 'user_create'])
        expect(names).not.toContain(hidden);
      const projectSession = await openSession(postOnly, 'project');
      failure(await callTool(postOnly, 'project_create', { domain: 'project', session_id: projectSession, name: 'Intruso' }), 'FORBIDDEN');
      const ticketSession = await openSession(postOnly, 'ticket');
      const mine = success(await callTool(postOnly, 'ticket_search', { domain: 'ticket', session_id: ticketSession }));
      const items = (mine.data as { items: Array<{ name: string; requester_id: { name: string } }> }).items;
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((t) => t.requester_id.name === 'post-only')).toBe(true);
      const others = await request(stack.http)
        .get('/api/tickets')
        .query({ query: 'VPN' })
        .set('Authorization', `Bearer ${await token('glpi', ['api'])}`);
      const vpnId = others.body.data.items[0].id as number;
      failure(await callTool(postOnly, 'ticket_get', { domain: 'ticket', session_id: ticketSession, id: vpnId }), 'NOT_FOUND');
      const missing = failure(await callTool(postOnly, 'ticket_get', { domain: 'ticket', session_id: ticketSession, id: 999999 }), 'NOT_FOUND');
      expect(missing.error.message.replace('999999', String(vpnId))).toBe(
        failure(await callTool(postOnly, 'ticket_get', { domain: 'ticket', session_id: ticketSession, id: vpnId }), 'NOT_FOUND').error.message,
      );
    } finally {
      await postOnly.close();
    }
  });

  it('hides other entities from reads and from name resolution', async () => {
    const normal = await connectHttp(stack.url, await token('normal', ['mcp']));
    try {
      const session = await openSession(normal, 'project');
      const found = success(await callTool(normal, 'project_search', { domain: 'project', session_id: session }));
      const visible = (found.data as { items: Array<{ name: string }> }).items.map((p) => p.name);
      expect(visible).toContain('Migração ERP');
      expect(visible).not.toContain('Renovação do parque de impressoras');
      expect(visible).not.toContain('Portal do cliente');
      const byName = failure(
        await callTool(normal, 'project_get', { domain: 'project', session_id: session, id: 'Renovação do parque de impressoras' }),
        'VALIDATION_FAILED',
      );
      expect(byName.error.issues![0].code).toBe('REFERENCE_NOT_FOUND');
      expect(byName.error.issues![0].available).not.toContain('Renovação do parque de impressoras');
      const user = failure(await callTool(normal, 'project_search', { domain: 'project', session_id: session, users_id: 'joao.souza' }), 'VALIDATION_FAILED');
      expect(user.error.issues![0].code).toBe('REFERENCE_NOT_FOUND');
      const { tools } = await normal.listTools();
      expect(JSON.stringify(tools)).not.toContain('Filial Porto');
    } finally {
      await normal.close();
    }
  });

  it('answers 403 on /api/admin to a token without the admin scope', async () => {
    const mcpOnly = await token('glpi', ['mcp']);
    expect((await request(stack.http).get('/api/admin/audit').set('Authorization', `Bearer ${mcpOnly}`)).status).toBe(403);
    const api = await token('glpi', ['api']);
    expect((await request(stack.http).get('/api/admin/tokens').set('Authorization', `Bearer ${api}`)).status).toBe(403);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    const mcp = await request(stack.http)
      .post('/mcp')
      .set('Authorization', `Bearer ${api}`)
      .set('Accept', 'application/json, text/event-stream')
      .send(initialize);
    expect(mcp.status).toBe(403);
    // The audit says who was refused: the token is known, only its scope falls short.
    const admin = `Bearer ${await token('glpi', ['api', 'admin'])}`;
    const refusals = await request(stack.http).get('/api/admin/audit').query({ outcome: 'FORBIDDEN', limit: 500 }).set('Authorization', admin);
    const glpi = await request(stack.http).get('/api/users/glpi').set('Authorization', admin);
    for (const route of ['GET /api/admin/audit', 'GET /api/admin/tokens', 'POST /mcp']) {
      const entry = (refusals.body.data.items as Array<Record<string, unknown>>).find((item) => item.route === route);
      expect([route, entry]).toEqual([route, expect.objectContaining({ users_id: glpi.body.id, token_id: expect.any(Number) })]);
    }
  });

  it('revokes tokens and lists them without secrets', async () => {
    const admin = `Bearer ${await token('glpi', ['api', 'admin'])}`;
    const created = await request(stack.http)
      .post('/api/admin/tokens')
      .set('Authorization', admin)
      .send({ user: 'tech', scopes: ['api'], expires_in: '1h' });
    expect(created.status).toBe(201);
    const fresh = created.body.data.token as string;
    secrets.push(fresh);
    expect((await request(stack.http).get('/api/projects').set('Authorization', `Bearer ${fresh}`)).status).toBe(200);
    expect((await request(stack.http).delete(`/api/admin/tokens/${created.body.id}`).set('Authorization', admin)).status).toBe(200);
    expect((await request(stack.http).get('/api/projects').set('Authorization', `Bearer ${fresh}`)).status).toBe(401);
    const list = await request(stack.http).get('/api/admin/tokens').set('Authorization', admin);
    expect(JSON.stringify(list.body)).not.toContain(fresh);
  });

  it("lists the calls made with one token (a leaked token's use, before it is revoked)", async () => {
    const admin = `Bearer ${await token('glpi', ['api', 'admin'])}`;
    const created = await request(stack.http)
      .post('/api/admin/tokens')
      .set('Authorization', admin)
      .send({ user: 'tech', scopes: ['mcp'], expires_in: '1h' });
    expect(created.status).toBe(201);
    secrets.push(created.body.data.token as string);
    const client = await connectHttp(stack.url, created.body.data.token as string);
    try {
      await openSession(client, 'project');
    } finally {
      await client.close();
    }
    const used = await request(stack.http).get('/api/admin/audit').query({ token_id: created.body.id }).set('Authorization', admin);
    expect(used.status).toBe(200);
    expect(used.body.data.items.length).toBeGreaterThan(0);
    for (const item of used.body.data.items) expect(item).toMatchObject({ token_id: created.body.id, tool: 'domain_switch' });
    const refused = await request(stack.http).get('/api/admin/audit').query({ token_id: 'five' }).set('Authorization', admin);
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues[0]).toMatchObject({ field: 'token_id', code: 'INVALID_TYPE' });
    // A tool filter naming no tool is refused with the closest tools, with the other filters' problems.
    const misspelt = await request(stack.http).get('/api/admin/audit').query({ tool: 'ticket_creat', outcome: 'sucess' }).set('Authorization', admin);
    expect(misspelt.status).toBe(422);
    expect(misspelt.body.error.issues.map((i: { field: string }) => i.field)).toEqual(['tool', 'outcome']);
    expect(misspelt.body.error.issues[0]).toMatchObject({ field: 'tool', code: 'INVALID_VALUE', did_you_mean: 'ticket_create' });
    // Names the log holds though no tool has them: a renamed tool, 'mcp' (refusals before a call), any name an unknown-tool call used.
    for (const query of [{ tool: 'ticket_add_followup' }, { tool: 'mcp' }, { tool: 'ticket_creat', outcome: 'UNKNOWN_TOOL' }])
      expect([query, (await request(stack.http).get('/api/admin/audit').query(query).set('Authorization', admin)).status]).toEqual([query, 200]);
  });

  it('audits refusals, and no token or code ever reaches the logs or the audit', async () => {
    const admin = `Bearer ${await token('glpi', ['api', 'admin'])}`;
    const refused = await request(stack.http).get('/api/admin/audit').query({ outcome: 'VERIFICATION_REQUIRED' }).set('Authorization', admin);
    expect(refused.status).toBe(200);
    expect(refused.body.data.items.length).toBeGreaterThan(0);
    expect(refused.body.data.items[0]).toMatchObject({ tool: 'project_create', outcome: 'VERIFICATION_REQUIRED', transport: 'mcp' });
    await stack.flushAudit();
    const rows = await stack.app.get(DataSource).query('SELECT * FROM audit_log');
    const audit = JSON.stringify(rows);
    const logs = logger.lines.join('\n');
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect({ secret, inAudit: holdsSecret(audit, secret), inLogs: holdsSecret(logs, secret) }).toEqual({ secret, inAudit: false, inLogs: false });
    }
  });
});

describe.each(DATABASES)('rate limits on %s', (kind) => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack(kind, { RATE_LIMIT_WRITES: '3', RATE_LIMIT_READS: '5' });
  });
  afterAll(async () => stack?.close());

  it('refuses writes past the limit with retry_after_seconds, and counts reads apart', async () => {
    const client = await connectHttp(stack.url, await stack.token('maria.silva', ['mcp', 'api']));
    try {
      const session = await openSession(client, 'project');
      for (let i = 0; i < 3; i++)
        success(await callTool(client, 'project_create', { domain: 'project', session_id: session, name: `Limite ${i}`, dry_run: true }));
      const limited = failure(
        await callTool(client, 'project_create', { domain: 'project', session_id: session, name: 'Limite 3', dry_run: true }),
        'RATE_LIMITED',
      );
      expect(limited.error.retryable).toBe(true);
      expect(limited.error.retry_after_seconds).toBeGreaterThan(0);
      success(await callTool(client, 'project_search', { domain: 'project', session_id: session }));
    } finally {
      await client.close();
    }
    const rest = await stack.token('tech', ['api']);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await request(stack.http).get('/api/projects').set('Authorization', `Bearer ${rest}`));
    const last = answers[answers.length - 1];
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
