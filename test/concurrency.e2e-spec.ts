import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Envelope, SuccessEnvelope } from '../src/envelope/envelope.js';
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

/** The envelope of a call that must have succeeded. */
function succeeded(answer: Answer): SuccessEnvelope {
  if (answer.envelope.status !== 'success') throw new Error(`expected success, got ${JSON.stringify(answer.envelope)}`);
  return answer.envelope;
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

/**
 * Writes that race for one record. SQLite runs one write at a time; on MariaDB/MySQL each runs on its
 * own connection, so a write that reads the record's state to decide must meet what a concurrent one
 * committed: the outcome is one of the serial ones, and the call that loses is told so (CONFLICT or
 * a refusal of its input), never an internal error or a state mixed of both.
 */
describe.each(DATABASES)('writes racing for one record on %s', (kind) => {
  const ROUNDS = 4;
  let stack: TestStack;
  let api: string;
  let clients: Client[];
  let sessions: string[];

  beforeAll(async () => {
    stack = await startStack(kind);
    const token = await stack.token('glpi', ['mcp', 'api']);
    api = token;
    clients = await Promise.all([0, 1, 2].map(() => connect(stack.url, token)));
    sessions = [];
    for (const client of clients) sessions.push(String(succeeded(await call(client, 'domain_switch', { domain: 'ticket' })).id));
  }, 60_000);

  afterAll(async () => {
    for (const client of clients ?? []) await client.close();
    await stack?.close();
  });

  /** Calls `name` on the i-th connection, in its own session. */
  const on = (i: number, name: string, args: Record<string, unknown>) => call(clients[i], name, { domain: 'ticket', session_id: sessions[i], ...args });
  const openTicket = async (name: string): Promise<number> => {
    return Number(succeeded(await on(0, 'ticket_create', { name })).id);
  };
  const ticketOf = async (id: number) => {
    return succeeded(await on(0, 'ticket_get', { id })).data as Record<string, unknown> & { timeline: Array<Record<string, unknown>> };
  };
  const solutionsOf = (ticket: { timeline: Array<Record<string, unknown>> }) => ticket.timeline.filter((entry) => entry.kind === 'solution');
  const statusId = (value: unknown) => (value as { id: number }).id;

  it('takes one of three solutions sent at once: the others are CONFLICT', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await openTicket(`Three solutions ${round}`);
      const answers = await Promise.all([0, 1, 2].map((i) => on(i, 'ticket_add_entry', { id, kind: 'solution', content: `sol ${i}` })));
      expect(answers.map(codeOf).sort()).toEqual(['CONFLICT', 'CONFLICT', 'success']);
      const solutions = solutionsOf(await ticketOf(id));
      expect(solutions.map((s) => statusId(s.status))).toEqual([2]);
    }
  }, 60_000);

  it('closes and reopens one solved ticket at once as one after the other: the answers say what is stored', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await openTicket(`Close and reopen ${round}`);
      expect(codeOf(await on(0, 'ticket_add_entry', { id, kind: 'solution', content: 'Solved.' }))).toBe('success');
      const [close, reopen] = await Promise.all([on(1, 'ticket_update', { id, status: 'Closed' }), on(2, 'ticket_update', { id, status: 'New' })]);
      expect([codeOf(close), codeOf(reopen)]).toEqual(['success', 'success']);
      const ticket = await ticketOf(id);
      const [solution] = solutionsOf(ticket);
      const closeApplied = succeeded(close).applied as Record<string, unknown>;
      const reopenApplied = succeeded(reopen).applied as Record<string, unknown>;
      if (statusId(ticket.status) === 1) {
        // Closed first (the solution granted), then reopened: nothing left to refuse.
        expect({ closedate: ticket.closedate ?? null, solvedate: ticket.solvedate ?? null, solution: statusId(solution.status) }).toEqual({
          closedate: null,
          solvedate: null,
          solution: 3,
        });
        expect(closeApplied.also_changed).toEqual({ solutions: [{ id: solution.id, status: 3 }] });
        expect(reopenApplied.also_changed).toBeUndefined();
      } else {
        // Reopened first (the solution refused), then closed.
        expect(statusId(ticket.status)).toBe(6);
        expect(ticket.closedate).toEqual(expect.any(String));
        expect(statusId(solution.status)).toBe(4);
        expect(reopenApplied.also_changed).toEqual({ solutions: [{ id: solution.id, status: 4 }] });
        expect(closeApplied.also_changed).toBeUndefined();
      }
    }
  }, 60_000);

  it('links two tickets once when both ends link them at the same time', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const one = await openTicket(`Link one ${round}`);
      const other = await openTicket(`Link other ${round}`);
      const answers = await Promise.all([
        on(1, 'ticket_link', { id: one, other_id: other, relation: 'Duplicate' }),
        on(2, 'ticket_link', { id: other, other_id: one, relation: 'Related' }),
      ]);
      expect(answers.map(codeOf)).toEqual(['success', 'success']);
      expect(((await ticketOf(one)).links as unknown[]).length).toBe(1);
    }
  }, 60_000);

  it('keeps a project’s planned start before its end when both are moved at once', async () => {
    const projectClient = clients[0];
    const projectSession = String(succeeded(await call(projectClient, 'domain_switch', { domain: 'project' })).id);
    const other = String(succeeded(await call(clients[1], 'domain_switch', { domain: 'project', session_id: sessions[1] })).id);
    for (let round = 0; round < ROUNDS; round++) {
      const created = await call(projectClient, 'project_create', {
        domain: 'project',
        session_id: projectSession,
        name: `Moved both ways ${round}`,
        plan_start_date: '2026-01-01',
        plan_end_date: '2026-12-31',
      });
      const id = Number(succeeded(created).id);
      const answers = await Promise.all([
        call(projectClient, 'project_update', { domain: 'project', session_id: projectSession, id, plan_start_date: '2026-06-01' }),
        call(clients[1], 'project_update', { domain: 'project', session_id: other, id, plan_end_date: '2026-03-01' }),
      ]);
      expect(answers.map(codeOf).sort()).toEqual(['VALIDATION_FAILED', 'success']);
      const got = await call(projectClient, 'project_get', { domain: 'project', session_id: projectSession, id });
      const data = succeeded(got).data as { plan_start_date: string; plan_end_date: string };
      expect(data.plan_start_date <= data.plan_end_date).toBe(true);
    }
    // The ticket session of the second connection is back for later tests.
    await call(clients[1], 'domain_switch', { domain: 'ticket', session_id: sessions[1] });
  }, 60_000);

  it('creates one of two users whose emails differ only in case, sent at once: the other is the CONFLICT a later one gets', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const post = (body: Record<string, unknown>) =>
        fetch(`${stack.url}/api/users`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${api}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }).then(async (response) => ({ status: response.status, body: (await response.json()) as Envelope }));
      const [first, second] = await Promise.all([
        post({ name: `em${round}_0`, email: `sameem${round}@ex.com` }),
        post({ name: `em${round}_1`, email: `SAMEem${round}@EX.com` }),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 409]);
      const refused = first.status === 409 ? first : second;
      const sent = first.status === 409 ? `sameem${round}@ex.com` : `SAMEem${round}@EX.com`;
      const later = await post({ name: `em${round}_2`, email: sent });
      expect(later.status).toBe(409);
      expect(refused.body).toEqual({ ...later.body, request_id: expect.any(String) });
    }
  }, 60_000);
});
