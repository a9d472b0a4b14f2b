import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import type { Envelope } from '../src/envelope/envelope.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startApp, startStack, type TestApp, type TestStack } from './support/test-app.js';

/**
 * Guessing one-time codes: the limits hold however the guesses arrive. Concurrent guesses (one
 * JSON-RPC batch) never get more tries than sequential ones, and a user's wrong codes are counted
 * across sessions and replicas, so opening new sessions gives no fresh attempts.
 */
describe.each(DATABASES)('one-time code limits under attack on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-otp-lock-'));
  const otpFile = join(dir, 'codes.jsonl');
  const env = { OTP_REQUIRED_FOR: 'write', OTP_DELIVERY: `file:${otpFile}` };
  let stack: TestStack;
  let replica: TestApp;

  const codeFor = (session: string): string => {
    const lines = readFileSync(otpFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { session_id: string; code: string });
    const code = lines.filter((l) => l.session_id === session).pop()?.code;
    if (!code) throw new Error(`no code delivered for ${session}`);
    return code;
  };
  /** `count` distinct six-digit codes, none equal to `right`. */
  const wrongCodes = (right: string, count: number): string[] => {
    const codes: string[] = [];
    for (let n = 0; codes.length < count; n++) {
      const code = String((Number(right) + 1 + n * 7919) % 1_000_000).padStart(6, '0');
      if (code !== right && !codes.includes(code)) codes.push(code);
    }
    return codes;
  };
  const isVerified = async (client: Client, session: string): Promise<boolean> =>
    (success(await callTool(client, 'session_status', { session_id: session })).data as { verified: boolean }).verified;

  beforeAll(async () => {
    stack = await startStack(kind, env);
    // A second replica on the same database: limits live in the database, not in a process.
    replica = await startApp(stack.db.url, { ...env, SEED_DEMO: 'false' });
  });
  afterAll(async () => {
    await replica?.close();
    await stack?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a batch of 10 guesses with the right code last does not verify, and locks the session', async () => {
    const token = await stack.token('tech', ['mcp']);
    const client = await connectHttp(stack.url, token);
    try {
      const session = await openSession(client, 'project');
      success(await callTool(client, 'auth_request_otp', { session_id: session }));
      const right = codeFor(session);
      const codes = [...wrongCodes(right, 9), right];
      const batch = codes.map((code, i) => ({
        jsonrpc: '2.0',
        id: i + 1,
        method: 'tools/call',
        params: { name: 'auth_verify_otp', arguments: { session_id: session, code } },
      }));
      const response = await fetch(`${stack.url}/mcp`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify(batch),
      });
      expect(response.status).toBe(200);
      const answers = (await response.json()) as Array<{ id: number; result: { structuredContent: Envelope } }>;
      expect(answers).toHaveLength(10);
      const outcomes = answers.map((a) => (a.result.structuredContent.status === 'success' ? 'success' : a.result.structuredContent.error.code));
      expect(outcomes).not.toContain('success');
      // Never more evaluated guesses than the limit of 5: at most 4 "wrong code" answers, the rest refused.
      expect(outcomes.filter((o) => o === 'VALIDATION_FAILED').length).toBeLessThanOrEqual(4);
      expect(outcomes.filter((o) => o === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(6);
      expect(await isVerified(client, session)).toBe(false);

      // Locked: the right code is refused, and so is a new code for this session.
      const late = failure(await callTool(client, 'auth_verify_otp', { session_id: session, code: right }), 'RATE_LIMITED');
      expect(late.error.retry_after_seconds).toBeGreaterThan(0);
      failure(await callTool(client, 'auth_request_otp', { session_id: session }), 'RATE_LIMITED');
      failure(await callTool(client, 'project_create', { domain: 'project', session_id: session, name: 'Lote de palpites' }), 'VERIFICATION_REQUIRED');
    } finally {
      await client.close();
    }
  });

  it('counts wrong codes per user: 3 sessions × 4 wrong codes lock the user after the 10th, on both replicas', async () => {
    const token = await stack.token('normal', ['mcp']);
    const one = await connectHttp(stack.url, token);
    const two = await connectHttp(replica.url, token);
    try {
      const sessions = [await openSession(one, 'ticket'), await openSession(one, 'ticket'), await openSession(two, 'ticket')];
      const clientOf = (i: number): Client => (i === 2 ? two : one);
      for (const [i, session] of sessions.entries()) success(await callTool(clientOf(i), 'auth_request_otp', { session_id: session }));
      const rights = sessions.map(codeFor);

      const answers: string[] = [];
      for (const [i, session] of sessions.entries()) {
        for (const code of wrongCodes(rights[i], 4)) {
          const answer = await callTool(clientOf(i), 'auth_verify_otp', { session_id: session, code });
          answers.push(answer.envelope.status === 'success' ? 'success' : answer.envelope.error.code);
        }
      }
      // Wrong codes 1-9 are answered as wrong; the 10th locks the user's verification; the rest are refused.
      expect(answers).toEqual([...Array<string>(9).fill('VALIDATION_FAILED'), ...Array<string>(3).fill('RATE_LIMITED')]);

      // A correct code after the lock is refused, in every session of the user, on every replica.
      for (const [i, session] of sessions.entries()) {
        const refused = failure(await callTool(clientOf(i), 'auth_verify_otp', { session_id: session, code: rights[i] }), 'RATE_LIMITED');
        expect(refused.error.retry_after_seconds).toBeGreaterThan(0);
        expect(await isVerified(clientOf(i), session)).toBe(false);
      }
      // A new session gives no fresh attempts: not even a new code is sent.
      const fresh = await openSession(two, 'ticket');
      failure(await callTool(two, 'auth_request_otp', { session_id: fresh }), 'RATE_LIMITED');

      // Once OTP_LOCK_MINUTES have passed (the lock's end moved into the past here), the user may verify again.
      await stack.app
        .get(DataSource)
        .query("UPDATE otp_user_failures SET window_until = ? WHERE users_id = (SELECT id FROM glpi_users WHERE name = 'normal')", [
          kind === 'sqlite' ? '2000-01-01 00:00:00.000' : new Date('2000-01-01T00:00:00Z'),
        ]);
      success(await callTool(two, 'auth_request_otp', { session_id: fresh }));
      success(await callTool(two, 'auth_verify_otp', { session_id: fresh, code: codeFor(fresh) }));
      expect(await isVerified(two, fresh)).toBe(true);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('audits every wrong, locked and refused code with the session it was tried on', async () => {
    const client = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    try {
      const session = await openSession(client, 'user');
      success(await callTool(client, 'auth_request_otp', { session_id: session }));
      const right = codeFor(session);
      for (const code of wrongCodes(right, 5)) await callTool(client, 'auth_verify_otp', { session_id: session, code });
      failure(await callTool(client, 'auth_verify_otp', { session_id: session, code: right }), 'RATE_LIMITED');
      failure(await callTool(client, 'auth_request_otp', { session_id: session }), 'RATE_LIMITED');
      await stack.flushAudit();
      const rows = (await stack.app
        .get(DataSource)
        .query(
          "SELECT tool, outcome, session_id FROM audit_log WHERE tool IN ('auth_verify_otp', 'auth_request_otp') AND outcome <> 'success' AND users_id = (SELECT id FROM glpi_users WHERE name = 'glpi') ORDER BY id",
        )) as Array<{
        tool: string;
        outcome: string;
        session_id: string | null;
      }>;
      expect(rows.map((r) => `${r.tool} ${r.outcome}`)).toEqual([
        ...Array<string>(4).fill('auth_verify_otp VALIDATION_FAILED'),
        'auth_verify_otp RATE_LIMITED',
        'auth_verify_otp RATE_LIMITED',
        'auth_request_otp RATE_LIMITED',
      ]);
      expect(rows.map((r) => r.session_id)).toEqual(Array<string>(7).fill(session));
    } finally {
      await client.close();
    }
  });

  it('leaves other users alone while one user is locked', async () => {
    const client = await connectHttp(stack.url, await stack.token('maria.silva', ['mcp']));
    try {
      const session = await openSession(client, 'project');
      success(await callTool(client, 'auth_request_otp', { session_id: session }));
      success(await callTool(client, 'auth_verify_otp', { session_id: session, code: codeFor(session) }));
      expect(await isVerified(client, session)).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('takes a code sent as a number or with spaces or a dash, spends no attempt on one too short, and never echoes it', async () => {
    const client = await connectHttp(stack.url, await stack.token('joao.souza', ['mcp']));
    try {
      const session = await openSession(client, 'ticket');
      // A number short of six digits: the zeros it began with were dropped. Refused as input, no attempt spent.
      success(await callTool(client, 'auth_request_otp', { session_id: session }));
      const short = failure(await callTool(client, 'auth_verify_otp', { session_id: session, code: 12345 }), 'VALIDATION_FAILED');
      expect(short.error.issues).toEqual([
        expect.objectContaining({ field: 'code', code: 'INVALID_VALUE', received: '(hidden)', message: expect.stringContaining('leading zeros') }),
      ]);
      expect(JSON.stringify(short)).not.toContain('12345');
      const forms: Array<(code: string) => string | number> = [
        (code) => Number(code),
        (code) => `${code.slice(0, 3)} ${code.slice(3)}`,
        (code) => ` ${code.slice(0, 3)}-${code.slice(3)}`,
      ];
      for (const form of forms) {
        let fresh = '0';
        // A number cannot hold a leading zero: a code that begins with one is asked for again.
        for (let tries = 0; tries < 10 && (fresh.startsWith('0') || fresh === '0'); tries++) {
          success(await callTool(client, 'auth_request_otp', { session_id: session }));
          fresh = codeFor(session);
        }
        const sent = form(fresh);
        expect([sent, (await callTool(client, 'auth_verify_otp', { session_id: session, code: sent })).envelope.status]).toEqual([sent, 'success']);
      }
      expect(await isVerified(client, session)).toBe(true);
    } finally {
      await client.close();
    }
  });
});

/** Sending codes: a session is sent one per OTP_RESEND_SECONDS while it is pending, so the user's phone or mailbox is not flooded. */
describe.each(DATABASES)('one-time code sending on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-otp-send-'));
  const sendFile = join(dir, 'codes.jsonl');
  let sending: TestStack;

  const sentCode = (session: string): string =>
    readFileSync(sendFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { session_id: string; code: string })
      .filter((l) => l.session_id === session)
      .pop()!.code;

  beforeAll(async () => {
    sending = await startStack(kind, { OTP_REQUIRED_FOR: 'write', OTP_DELIVERY: `file:${sendFile}`, OTP_RESEND_SECONDS: '30' });
  });
  afterAll(async () => {
    await sending?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a session one code per 30 seconds, however many are asked for at once: the others wait, the code sent stays good', async () => {
    const client = await connectHttp(sending.url, await sending.token('tech', ['mcp']));
    try {
      const session = await openSession(client, 'ticket');
      const asked = await Promise.all(Array.from({ length: 8 }, () => callTool(client, 'auth_request_otp', { session_id: session })));
      const sent = asked.filter((call) => !call.isError);
      expect(sent).toHaveLength(1);
      for (const call of asked.filter((each) => each.isError)) {
        const refused = failure(call, 'RATE_LIMITED');
        expect(refused.error.message).toMatch(/A code was sent to the user \d+ s ago/);
        expect(refused.error.retry_after_seconds).toBeGreaterThan(0);
        expect(refused.error.retry_after_seconds).toBeLessThanOrEqual(30);
      }
      const delivered = readFileSync(sendFile, 'utf8')
        .trim()
        .split('\n')
        .filter((line) => line.includes(session));
      expect(delivered).toHaveLength(1);
      success(await callTool(client, 'auth_verify_otp', { session_id: session, code: sentCode(session) }));
      // Verified, the session may ask for a code again at once (none is pending).
      success(await callTool(client, 'auth_request_otp', { session_id: session }));
    } finally {
      await client.close();
    }
  });
});
