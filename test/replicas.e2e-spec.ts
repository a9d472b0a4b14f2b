import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Redis } from 'ioredis';
import { closeGracefully } from '../src/bootstrap.js';
import type { Envelope, ErrorEnvelope, SuccessEnvelope } from '../src/envelope/envelope.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { startApp, type TestApp } from './support/test-app.js';

/**
 * Several stateless replicas behind a load balancer: two (or more) processes on one MySQL/MariaDB
 * database and one Redis. A session, its intent lock and its verification move freely between them;
 * rate limits are counted once for all of them; duplicate writes racing on two replicas meet at the
 * idempotency record and write once.
 */
const suite = process.env.TEST_MYSQL_URL ? describe : describe.skip;
if (!process.env.TEST_MYSQL_URL) process.stderr.write('replicas.e2e-spec: skipped (needs TEST_MYSQL_URL)\n');

const REDIS_BASE = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * A Redis URL on a logical database of its own (1-15), emptied of rate-limit counters, or undefined
 * when no Redis answers. Counters are keyed by user id, which repeats across test databases.
 */
async function privateRedis(): Promise<string | undefined> {
  const url = new URL(REDIS_BASE);
  url.pathname = `/${1 + Math.floor(Math.random() * 15)}`;
  const redis = new Redis(url.toString(), { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const keys = await redis.keys('intentdesk:rate:*');
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    return url.toString();
  } catch {
    if (redis.status !== 'end') redis.disconnect();
    return undefined;
  }
}

interface Answer {
  envelope: Envelope;
  isError: boolean;
}

async function connect(base: string, token: string): Promise<Client> {
  const client = new Client({ name: 'replicas-e2e', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { envelope: result.structuredContent as unknown as Envelope, isError: result.isError === true };
}

function ok(answer: Answer): SuccessEnvelope {
  if (answer.isError || answer.envelope.status !== 'success') throw new Error(`expected success, got ${JSON.stringify(answer.envelope)}`);
  return answer.envelope;
}

function failed(answer: Answer, code: string): ErrorEnvelope {
  if (!answer.isError || answer.envelope.status !== 'error' || answer.envelope.error.code !== code) {
    throw new Error(`expected ${code}, got ${JSON.stringify(answer.envelope)}`);
  }
  return answer.envelope;
}

function data<T>(envelope: SuccessEnvelope): T {
  return envelope.data as T;
}

suite('replicas: two instances on one database and one Redis', () => {
  let db: TestDatabase;
  let redisUrl: string | undefined;
  const otpFile = join(tmpdir(), `intentdesk-replicas-otp-${randomBytes(4).toString('hex')}.jsonl`);
  const apps: TestApp[] = [];
  /** A and B: RATE_LIMIT_WRITES=5, for the session and rate-limit parts. */
  let a: TestApp;
  let b: TestApp;
  /** C and D: generous limits, for the idempotency race (ten writes of one user). */
  let c: TestApp;
  let d: TestApp;

  /** The last code delivered for `sessionId` (OTP_DELIVERY=file). */
  const codeFor = (sessionId: string): string => {
    const lines = readFileSync(otpFile, 'utf8').trim().split('\n');
    const messages = lines.map((line) => JSON.parse(line) as { session_id: string; code: string });
    const code = messages.filter((m) => m.session_id === sessionId).pop()?.code;
    if (!code) throw new Error(`no code delivered for ${sessionId}`);
    return code;
  };

  /** Rows named exactly `name`, counted through REST. */
  const countByName = async (app: TestApp, token: string, name: string): Promise<Array<{ id: number; name: string }>> => {
    const response = await fetch(`${app.url}/api/projects?query=${encodeURIComponent(name)}&limit=100`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await response.json()) as SuccessEnvelope;
    expect(response.status).toBe(200);
    return data<{ items: Array<{ id: number; name: string }> }>(body).items.filter((item) => item.name === name);
  };

  beforeAll(async () => {
    redisUrl = await privateRedis();
    if (!redisUrl) process.stderr.write(`replicas.e2e-spec: no Redis at ${REDIS_BASE}; the shared rate-limit part is skipped (per-process limits)\n`);
    db = await createTestDatabase('mysql');
    const shared = { OTP_REQUIRED_FOR: 'write', OTP_DELIVERY: `file:${otpFile}`, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
    // One after the other: the first migrates and seeds, the others find it done.
    a = await startApp(db.url, { ...shared, RATE_LIMIT_WRITES: '5' });
    apps.push(a);
    b = await startApp(db.url, { ...shared, RATE_LIMIT_WRITES: '5', SEED_DEMO: 'false' });
    apps.push(b);
    c = await startApp(db.url, { ...shared, SEED_DEMO: 'false' });
    apps.push(c);
    d = await startApp(db.url, { ...shared, SEED_DEMO: 'false' });
    apps.push(d);
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await closeGracefully(app.app, 1000).catch(() => undefined);
    await db?.drop();
    rmSync(otpFile, { force: true });
  }, 30_000);

  it('continues a session on another replica: lock, switch and verification are shared', async () => {
    const token = await a.token('glpi', ['mcp', 'api']);
    const onA = await connect(a.url, token);
    const onB = await connect(b.url, token);

    // Opened on A, used on B.
    const sessionId = String(ok(await call(onA, 'domain_switch', { domain: 'project' })).id);
    expect(sessionId).toMatch(/^ses_/);
    ok(await call(onB, 'project_search', { domain: 'project', session_id: sessionId, limit: 1 }));

    // Switched on B: A sees the new lock at once.
    expect(data<{ previous_domain: string }>(ok(await call(onB, 'domain_switch', { domain: 'ticket', session_id: sessionId }))).previous_domain).toBe(
      'project',
    );
    expect(data<{ domain: string }>(ok(await call(onA, 'session_status', { session_id: sessionId }))).domain).toBe('ticket');
    const locked = failed(await call(onA, 'project_search', { domain: 'project', session_id: sessionId }), 'INTENT_LOCKED');
    expect(locked.error.next_call).toEqual({ tool: 'domain_switch', arguments: { domain: 'project', session_id: sessionId } });
    ok(await call(onA, 'domain_switch', { domain: 'project', session_id: sessionId }));

    // Not verified yet: a write on B is refused.
    const name = `Replica write ${randomBytes(3).toString('hex')}`;
    failed(await call(onB, 'project_create', { domain: 'project', session_id: sessionId, name }), 'VERIFICATION_REQUIRED');

    // Code requested on A, read from the delivery file, verified on B.
    ok(await call(onA, 'auth_request_otp', { session_id: sessionId }));
    ok(await call(onB, 'auth_verify_otp', { session_id: sessionId, code: codeFor(sessionId) }));
    expect(data<{ verified: boolean }>(ok(await call(onA, 'session_status', { session_id: sessionId }))).verified).toBe(true);

    // A write on B succeeds, and A reads it.
    const created = ok(await call(onB, 'project_create', { domain: 'project', session_id: sessionId, name }));
    expect(typeof created.id).toBe('number');
    expect(data<{ name: string }>(ok(await call(onA, 'project_get', { domain: 'project', session_id: sessionId, id: created.id }))).name).toBe(name);

    // Holding the id is not enough: another user's token gets SESSION_NOT_FOUND on either replica.
    const other = await connect(b.url, await b.token('normal', ['mcp']));
    failed(await call(other, 'session_status', { session_id: sessionId }), 'SESSION_NOT_FOUND');
    failed(await call(other, 'project_search', { domain: 'project', session_id: sessionId }), 'SESSION_NOT_FOUND');

    await Promise.all([onA.close(), onB.close(), other.close()]);
  });

  it('counts rate limits once for all replicas (Redis)', async () => {
    if (!redisUrl) {
      process.stderr.write(`replicas.e2e-spec: SKIPPED shared rate limits: no Redis reachable at ${REDIS_BASE}\n`);
      return;
    }
    const token = await a.token('tech', ['mcp']);
    const onA = await connect(a.url, token);
    const onB = await connect(b.url, token);
    const sessionId = String(ok(await call(onA, 'domain_switch', { domain: 'project' })).id);

    // RATE_LIMIT_WRITES=5 on each replica: five writes across A and B pass, the sixth is refused,
    // whichever replica gets it. auth_request_otp is a write (and needs no verification).
    const clients = [onA, onB, onA, onB, onA, onB];
    const answers: Answer[] = [];
    for (const client of clients) answers.push(await call(client, 'auth_request_otp', { session_id: sessionId }));
    for (const answer of answers.slice(0, 5)) ok(answer);
    const limited = failed(answers[5], 'RATE_LIMITED');
    expect(limited.error.retryable).toBe(true);
    expect(limited.error.retry_after_seconds).toBeGreaterThanOrEqual(1);
    expect(limited.error.retry_after_seconds).toBeLessThanOrEqual(60);
    failed(await call(onA, 'auth_request_otp', { session_id: sessionId }), 'RATE_LIMITED');

    // Reads are counted apart, and other users have their own budget.
    ok(await call(onB, 'session_status', { session_id: sessionId }));
    const someoneElse = await connect(b.url, await b.token('normal', ['mcp']));
    const theirs = String(ok(await call(someoneElse, 'domain_switch', { domain: 'project' })).id);
    ok(await call(someoneElse, 'auth_request_otp', { session_id: theirs }));

    await Promise.all([onA.close(), onB.close(), someoneElse.close()]);
  });

  it('writes once when duplicates with one idempotency_key race on two replicas', async () => {
    const token = await c.token('maria.silva', ['mcp', 'api']);
    const onC = await connect(c.url, token);
    const onD = await connect(d.url, token);
    const sessionId = String(ok(await call(onC, 'domain_switch', { domain: 'project' })).id);
    ok(await call(onD, 'auth_request_otp', { session_id: sessionId }));
    ok(await call(onC, 'auth_verify_otp', { session_id: sessionId, code: codeFor(sessionId) }));

    const suffix = randomBytes(4).toString('hex');
    const args = { domain: 'project', session_id: sessionId, name: `Race ${suffix}`, comment: 'duplicate submit', idempotency_key: `race-${suffix}` };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 === 0 ? onC : onD, 'project_create', args)));

    const successes = answers.filter((answer) => answer.envelope.status === 'success').map((answer) => answer.envelope as SuccessEnvelope);
    const errors = answers.filter((answer) => answer.envelope.status !== 'success').map((answer) => JSON.stringify(answer.envelope));
    expect(errors).toEqual([]);
    const ids = new Set(successes.map((envelope) => envelope.id));
    expect(ids.size).toBe(1);
    expect(successes.filter((envelope) => envelope.replayed !== true)).toHaveLength(1);
    expect(successes.filter((envelope) => envelope.replayed === true)).toHaveLength(successes.length - 1);

    const rows = await countByName(c, token, args.name);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe([...ids][0]);

    // The same key with other arguments is a conflict, on either replica.
    failed(await call(onD, 'project_create', { ...args, comment: 'something else' }), 'CONFLICT');
    expect(await countByName(d, token, args.name)).toHaveLength(1);

    await Promise.all([onC.close(), onD.close()]);
  });
});
