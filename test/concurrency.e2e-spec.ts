import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Envelope } from '../src/envelope/envelope.js';
import { DATABASES } from './support/databases.js';
import { found } from './support/found.js';
import { startStack, type TestStack } from './support/test-app.js';

/**
 * Fifty sessions of four users at once, over the real SDK client: each opens its own session in its
 * own domain, some verify, all try to write. Nothing may leak between sessions: each keeps its own
 * domain and verification, and a verified session never lets another (even of the same user) write.
 */
const USERS = ['glpi', 'tech', 'maria.silva', 'normal'] as const;
const DOMAINS = ['project', 'ticket', 'user'] as const;
const SESSIONS = 50;

type Domain = (typeof DOMAINS)[number];

interface Answer {
  envelope: Envelope;
  isError: boolean;
}

interface SessionPlan {
  index: number;
  user: (typeof USERS)[number];
  domain: Domain;
  verify: boolean;
  name: string;
}

interface SessionResult {
  plan: SessionPlan;
  sessionId: string;
}

async function connect(base: string, token: string): Promise<Client> {
  const client = new Client({ name: 'concurrency-e2e', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { envelope: result.structuredContent as unknown as Envelope, isError: result.isError === true };
}

function codeOf(answer: Answer): string {
  return answer.envelope.status === 'success' ? 'success' : answer.envelope.error.code;
}

const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 15)));

describe.each(DATABASES)('concurrent sessions on %s', (kind) => {
  let stack: TestStack;
  const otpFile = join(tmpdir(), `intentdesk-concurrency-otp-${randomBytes(4).toString('hex')}.jsonl`);
  const clients = new Map<string, Client>();
  const tokens = new Map<string, string>();

  /** The code delivered for `sessionId`; tolerates a line being appended while the file is read. */
  const deliveredCode = async (sessionId: string): Promise<string> => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const text = existsSync(otpFile) ? readFileSync(otpFile, 'utf8') : '';
      for (const line of text.split('\n').reverse()) {
        try {
          const message = JSON.parse(line) as { session_id?: string; code?: string };
          if (message.session_id === sessionId && message.code) return message.code;
        } catch {
          // partial or empty line
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no code delivered for ${sessionId}`);
  };

  beforeAll(async () => {
    stack = await startStack(kind, { OTP_REQUIRED_FOR: 'write', OTP_DELIVERY: `file:${otpFile}` });
    for (const user of USERS) {
      const token = await stack.token(user, ['mcp', 'api']);
      tokens.set(user, token);
      clients.set(user, await connect(stack.url, token));
    }
  }, 60_000);

  afterAll(async () => {
    for (const client of clients.values()) await client.close();
    await stack?.close();
    rmSync(otpFile, { force: true });
  });

  it('keeps 50 parallel sessions of 4 users apart: domains, verification and writes', async () => {
    const run = randomBytes(3).toString('hex');
    const plans: SessionPlan[] = Array.from({ length: SESSIONS }, (_, index) => ({
      index,
      user: USERS[index % USERS.length],
      domain: DOMAINS[index % DOMAINS.length],
      // two in five: every user has verified and unverified sessions, in every domain
      verify: index % 5 < 2,
      name: `Concurrent ${run} #${index}`,
    }));

    const runSession = async (plan: SessionPlan, trace: string[]): Promise<SessionResult> => {
      const client = clients.get(plan.user)!;
      const step = async (name: string, args: Record<string, unknown>): Promise<Answer> => {
        await jitter();
        const answer = await call(client, name, args);
        trace.push(`${name}:${codeOf(answer)}`);
        return answer;
      };
      const opened = await step('domain_switch', { domain: plan.domain });
      if (opened.envelope.status !== 'success') throw new Error(`session ${plan.index}: domain_switch failed ${JSON.stringify(opened.envelope)}`);
      const sessionId = String(opened.envelope.id);

      const status = await step('session_status', { session_id: sessionId });
      expect(status.envelope).toMatchObject({ status: 'success', data: { domain: plan.domain, verified: false, user: { name: plan.user } } });

      // A project tool answers in a project session, and is refused by the lock in the others.
      const search = await step('project_search', { domain: 'project', session_id: sessionId, limit: 2 });
      expect(codeOf(search)).toBe(plan.domain === 'project' ? 'success' : 'INTENT_LOCKED');

      if (plan.verify) {
        expect(codeOf(await step('auth_request_otp', { session_id: sessionId }))).toBe('success');
        const code = await deliveredCode(sessionId);
        expect(codeOf(await step('auth_verify_otp', { session_id: sessionId, code }))).toBe('success');
      }

      if (plan.domain !== 'project') expect(codeOf(await step('domain_switch', { domain: 'project', session_id: sessionId }))).toBe('success');
      const created = await step('project_create', { domain: 'project', session_id: sessionId, name: plan.name });
      expect(codeOf(created)).toBe(plan.verify ? 'success' : 'VERIFICATION_REQUIRED');

      const after = await step('session_status', { session_id: sessionId });
      expect(after.envelope).toMatchObject({ status: 'success', data: { domain: 'project', verified: plan.verify } });
      return { plan, sessionId };
    };

    // A failing session says what it did before, to tell a real cross-talk from a test mistake.
    const traced = (plan: SessionPlan): Promise<SessionResult> => {
      const trace: string[] = [];
      return runSession(plan, trace).catch((error: unknown) => {
        throw new Error(
          `session #${plan.index} (${plan.user}, ${plan.domain}, verify=${plan.verify}) after [${trace.join(', ')}]: ${(error as Error).message}`,
        );
      });
    };
    const results = await Promise.all(plans.map(traced));

    // Afterwards, seen again one by one: every session still has its own state.
    const ids = new Set(results.map((result) => result.sessionId));
    expect(ids.size).toBe(SESSIONS);
    for (const { plan, sessionId } of results) {
      const status = await call(clients.get(plan.user)!, 'session_status', { session_id: sessionId });
      expect(status.envelope).toMatchObject({ status: 'success', data: { domain: 'project', verified: plan.verify } });
      // Another user holding the id gets nothing.
      const stranger = USERS[(USERS.indexOf(plan.user) + 1) % USERS.length];
      expect(codeOf(await call(clients.get(stranger)!, 'session_status', { session_id: sessionId }))).toBe('SESSION_NOT_FOUND');
    }

    // An unverified session of a user whose other sessions are verified still cannot write.
    const unverified = found(
      results.find((result) => !result.plan.verify && results.some((other) => other.plan.verify && other.plan.user === result.plan.user)),
      'an unverified session of a user with a verified one',
    );
    const retry = await call(clients.get(unverified.plan.user)!, 'project_create', {
      domain: 'project',
      session_id: unverified.sessionId,
      name: unverified.plan.name,
    });
    expect(codeOf(retry)).toBe('VERIFICATION_REQUIRED');

    // Exactly the verified sessions wrote, once each.
    const response = await fetch(`${stack.url}/api/projects?query=${encodeURIComponent(`Concurrent ${run}`)}&limit=100`, {
      headers: { Authorization: `Bearer ${tokens.get('glpi')}` },
    });
    const body = (await response.json()) as { data: { items: Array<{ name: string }> } };
    const stored = body.data.items.map((item) => item.name).sort();
    const expected = plans
      .filter((plan) => plan.verify)
      .map((plan) => plan.name)
      .sort();
    expect(stored).toEqual(expected);
  }, 60_000);
});
