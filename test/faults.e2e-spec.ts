import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { LoggerService } from '@nestjs/common';
import type { Envelope, ErrorBody } from '../src/envelope/envelope.js';
import { canRunPrivateMariaDb, createPrivateMariaDb, type PrivateMariaDb } from './support/mariadb-server.js';
import { startApp, type TestApp } from './support/test-app.js';

/**
 * The database dies mid-load (kill -9 of a private mariadbd) and comes back on the same data
 * directory, while the application keeps running. Callers must get quick, retryable UNAVAILABLE
 * answers (never INTERNAL, never a leak, never a hang), /ready must follow the database, the
 * application must recover without a restart, and the data must stay whole.
 */
const RUNNABLE = !!process.env.TEST_MYSQL_URL && canRunPrivateMariaDb();
const suite = RUNNABLE ? describe : describe.skip;
if (!RUNNABLE) {
  process.stderr.write('faults.e2e-spec: skipped (needs TEST_MYSQL_URL and /usr/sbin/mariadbd + mariadb-install-db)\n');
}

const DB_NAME = 'intentdesk_faults';
const REQUEST_TIMEOUT_MS = 8_000;
const LOOPS = 4;
const PAUSE_MS = 15;
/** Things an answer must never show: stack frames, file paths, SQL. */
const LEAK = /\bat [\w.<>]+ \(|\/work\/|node_modules|\.(ts|js):\d+|\b(SELECT|INSERT INTO|UPDATE `|DELETE FROM)\b|ECONNREFUSED|PROTOCOL_/;

type Phase = 'before' | 'down' | 'recovering' | 'after';
type Outcome = 'ok' | 'unavailable' | 'violation';

interface WriteRecord {
  name: string;
  key: string;
  via: 'mcp' | 'rest';
  phase: Phase;
  outcome: Outcome;
  id?: number;
}

interface Answer {
  outcome: Outcome;
  detail: string;
  id?: number;
}

/** Collects what the application logs, so the run stays readable and unexpected errors can be checked. */
class CollectingLogger implements LoggerService {
  readonly errors: string[] = [];
  log(): void {}
  warn(): void {}
  debug(): void {}
  verbose(): void {}
  error(message: unknown): void {
    this.errors.push(String(message));
  }
}

function isUnavailableBody(error: ErrorBody | undefined): boolean {
  return !!error && error.code === 'UNAVAILABLE' && error.retryable && typeof error.retry_after_seconds === 'number' && error.retry_after_seconds > 0;
}

/** Classifies one MCP tool answer (or the error the SDK raised). */
function judgeMcp(result: CallToolResult | undefined, thrown: unknown): Answer {
  if (thrown !== undefined) {
    if (thrown instanceof StreamableHTTPError) {
      // The HTTP layer (authentication) answered for the whole request: 503 with a JSON-RPC error
      // whose data is the error envelope.
      const body = thrown.message.slice(thrown.message.indexOf('{'));
      let envelope: Envelope | undefined;
      try {
        const answer = JSON.parse(body) as { jsonrpc?: string; error?: { code?: number; data?: Envelope } };
        envelope = answer.jsonrpc === '2.0' && answer.error?.code === -32000 ? answer.error.data : undefined;
      } catch {
        envelope = undefined;
      }
      if (!envelope)
        return { outcome: 'violation', detail: `HTTP ${thrown.code} without a JSON-RPC error carrying the envelope: ${thrown.message.slice(0, 200)}` };
      if (thrown.code === 503 && envelope.status === 'error' && isUnavailableBody(envelope.error) && !LEAK.test(body))
        return { outcome: 'unavailable', detail: 'http 503' };
      return { outcome: 'violation', detail: `HTTP ${thrown.code}: ${body.slice(0, 300)}` };
    }
    if (thrown instanceof McpError) return { outcome: 'violation', detail: `JSON-RPC error ${thrown.code}: ${thrown.message.slice(0, 200)}` };
    return { outcome: 'violation', detail: `transport error: ${(thrown as Error)?.message ?? String(thrown)}` };
  }
  const envelope = result?.structuredContent as unknown as Envelope | undefined;
  const text = result?.content[0]?.type === 'text' ? result.content[0].text : '';
  if (!envelope) return { outcome: 'violation', detail: 'no structuredContent' };
  if (envelope.status === 'success') return { outcome: 'ok', detail: 'success', id: typeof envelope.id === 'number' ? envelope.id : undefined };
  if (isUnavailableBody(envelope.error) && result?.isError === true && !LEAK.test(text)) return { outcome: 'unavailable', detail: 'envelope' };
  return { outcome: 'violation', detail: `envelope ${JSON.stringify(envelope.error).slice(0, 300)}` };
}

/** Classifies one REST answer. */
async function judgeRest(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: Envelope;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    return { outcome: 'violation', detail: `HTTP ${response.status} not JSON: ${text.slice(0, 200)}` };
  }
  if (response.ok && body.status === 'success') return { outcome: 'ok', detail: 'success', id: typeof body.id === 'number' ? body.id : undefined };
  if (response.status === 503 && body.status === 'error' && isUnavailableBody(body.error) && response.headers.get('retry-after') && !LEAK.test(text)) {
    return { outcome: 'unavailable', detail: 'http 503' };
  }
  return { outcome: 'violation', detail: `HTTP ${response.status}: ${text.slice(0, 300)}` };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `work`, but at most `ms`. */
async function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

suite('database faults: a private MariaDB killed and restarted under load', () => {
  let db: PrivateMariaDb;
  let stack: TestApp;
  const logger = new CollectingLogger();

  beforeAll(async () => {
    db = await createPrivateMariaDb();
    await db.start();
    await db.query(`CREATE DATABASE \`${DB_NAME}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    // DB_TIMEOUT_MS=2000: statements get 6 s. mysql2 leaves the timer of a statement whose connection
    // died running until it fires, so a shorter one lets the test process exit promptly.
    stack = await startApp(db.url(DB_NAME), { OTP_REQUIRED_FOR: 'none', DB_TIMEOUT_MS: '2000' });
    stack.app.useLogger(logger);
  }, 60_000);

  afterAll(async () => {
    try {
      if (stack) await atMost(stack.close(), 15_000);
    } finally {
      await db?.destroy();
    }
  }, 40_000);

  it('answers UNAVAILABLE quickly while the database is down, recovers without a restart, and loses or doubles nothing', async () => {
    const token = await stack.token('glpi', ['mcp', 'api']);
    const auth = { Authorization: `Bearer ${token}` };
    const clients: Client[] = [];
    const sessions: string[] = [];
    for (let i = 0; i < LOOPS; i++) {
      const client = new Client({ name: 'faults-e2e', version: '0.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), { requestInit: { headers: auth } }));
      const opened = (await client.callTool({ name: 'domain_switch', arguments: { domain: 'project' } })) as CallToolResult;
      const envelope = opened.structuredContent as unknown as Envelope;
      if (envelope.status !== 'success') throw new Error(`domain_switch failed: ${JSON.stringify(envelope)}`);
      clients.push(client);
      sessions.push(String(envelope.id));
    }

    let phase: Phase = 'before';
    let running = true;
    const writes: WriteRecord[] = [];
    const violations: string[] = [];
    const counts: Record<Phase, Record<Outcome, number>> = {
      before: { ok: 0, unavailable: 0, violation: 0 },
      down: { ok: 0, unavailable: 0, violation: 0 },
      recovering: { ok: 0, unavailable: 0, violation: 0 },
      after: { ok: 0, unavailable: 0, violation: 0 },
    };
    let slowest = 0;
    const run = Date.now().toString(36);

    const note = (startPhase: Phase, what: string, answer: Answer, ms: number): void => {
      slowest = Math.max(slowest, ms);
      counts[startPhase][answer.outcome]++;
      if (answer.outcome === 'violation') violations.push(`[${startPhase}] ${what}: ${answer.detail} (${ms} ms)`);
      // Once the database is back and /ready says so, every call must succeed again.
      if (startPhase === 'after' && answer.outcome !== 'ok') violations.push(`[after] ${what} did not succeed: ${answer.detail}`);
      // Before the kill, calls that also ended before it must succeed (those in flight at the kill may fail).
      if (startPhase === 'before' && phase === 'before' && answer.outcome !== 'ok') violations.push(`[before] ${what} did not succeed: ${answer.detail}`);
    };

    const mcpCall = async (loop: number, name: string, args: Record<string, unknown>): Promise<{ answer: Answer; ms: number }> => {
      const started = Date.now();
      let result: CallToolResult | undefined;
      let thrown: unknown;
      try {
        result = (await clients[loop].callTool({ name, arguments: args }, undefined, { timeout: REQUEST_TIMEOUT_MS })) as CallToolResult;
      } catch (error) {
        thrown = error ?? new Error('rejected');
      }
      return { answer: judgeMcp(result, thrown), ms: Date.now() - started };
    };

    const restCall = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ answer: Answer; ms: number }> => {
      const started = Date.now();
      try {
        const response = await fetch(`${stack.url}${path}`, {
          method,
          headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        return { answer: await judgeRest(response), ms: Date.now() - started };
      } catch (error) {
        return { answer: { outcome: 'violation', detail: `REST request failed: ${(error as Error).message}` }, ms: Date.now() - started };
      }
    };

    const loop = async (index: number): Promise<void> => {
      for (let n = 0; running; n++) {
        const startPhase = phase;
        const name = `Fault ${run} L${index} N${n}`;
        const key = `fault-${run}-${index}-${n}`;
        switch (n % 4) {
          case 0: {
            const { answer, ms } = await mcpCall(index, 'project_create', { domain: 'project', session_id: sessions[index], name, idempotency_key: key });
            note(startPhase, `project_create '${name}'`, answer, ms);
            writes.push({ name, key, via: 'mcp', phase: startPhase, outcome: answer.outcome, id: answer.id });
            break;
          }
          case 1: {
            const { answer, ms } = await mcpCall(index, 'project_search', { domain: 'project', session_id: sessions[index], query: 'Fault', limit: 5 });
            note(startPhase, 'project_search', answer, ms);
            break;
          }
          case 2: {
            const { answer, ms } = await restCall('POST', '/api/projects', { name, idempotency_key: key });
            note(startPhase, `POST /api/projects '${name}'`, answer, ms);
            writes.push({ name, key, via: 'rest', phase: startPhase, outcome: answer.outcome, id: answer.id });
            break;
          }
          default: {
            const { answer, ms } = await restCall('GET', '/api/projects?query=Fault&limit=5');
            note(startPhase, 'GET /api/projects', answer, ms);
          }
        }
        await sleep(PAUSE_MS);
      }
    };

    const ready = async (): Promise<number> => {
      try {
        return (await fetch(`${stack.url}/ready`, { signal: AbortSignal.timeout(5_000) })).status;
      } catch {
        return 0;
      }
    };

    expect(await ready()).toBe(200);
    const loops = Array.from({ length: LOOPS }, (_, i) => loop(i));

    // 1. Load on a healthy database.
    await sleep(1_500);

    // 2. The database dies; the load goes on for about 3 s.
    const downAt = Date.now();
    phase = 'down';
    await db.kill();
    const readyWhileDown: number[] = [];
    while (Date.now() - downAt < 3_000) {
      await sleep(500);
      readyWhileDown.push(await ready());
    }

    // 3. The database comes back on the same data directory; the application is not restarted.
    phase = 'recovering';
    await db.start();
    const restartedAt = Date.now();
    let readyAgain = 0;
    while (Date.now() - restartedAt < 30_000) {
      if ((await ready()) === 200) {
        readyAgain = Date.now() - restartedAt;
        break;
      }
      await sleep(200);
    }
    expect(readyAgain).toBeGreaterThan(0);

    // 4. The load continues, and must succeed.
    phase = 'after';
    await sleep(2_000);
    running = false;
    await Promise.all(loops);

    process.stderr.write(
      `faults: ${JSON.stringify(counts)}; slowest answer ${slowest} ms; /ready while down ${readyWhileDown.join(',')}; ready again ${readyAgain} ms after restart; app errors logged ${logger.errors.length}\n`,
    );
    expect(violations.slice(0, 20)).toEqual([]);
    expect(slowest).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect(readyWhileDown.length).toBeGreaterThan(0);
    expect(readyWhileDown.every((status) => status === 503)).toBe(true);
    expect(counts.before.ok).toBeGreaterThan(0);
    expect(counts.down.unavailable).toBeGreaterThan(0);
    expect(counts.after.ok).toBeGreaterThan(0);
    // What the application logged as errors is about the database going away, nothing else.
    const unexpected = logger.errors.filter(
      (line) =>
        !/connect|connection|ECONNREFUSED|ECONNRESET|EPIPE|PROTOCOL_CONNECTION_LOST|closed state|gone away|Pool is closed|audit write failed/i.test(line),
    );
    expect(unexpected.slice(0, 5)).toEqual([]);

    // 5. The data: every acknowledged write is there once; no failed write is half there;
    //    a retry of a failed write with its idempotency key settles it exactly once.
    type Row = { id: number; name: string; name_key: string | null; date_creation: Date | null; entities_id: number | null };
    const rows = await db.query<Row[]>("SELECT id, name, name_key, date_creation, entities_id FROM glpi_projects WHERE name LIKE 'Fault %'", DB_NAME);
    const byName = new Map<string, Row[]>();
    for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
    expect(rows.filter((row) => !row.name_key || !row.date_creation || !row.entities_id)).toEqual([]);

    const problems: string[] = [];
    for (const write of writes) {
      const found = byName.get(write.name) ?? [];
      if (write.outcome === 'ok') {
        if (found.length !== 1 || found[0].id !== write.id)
          problems.push(`acknowledged ${write.via} write '${write.name}' (id ${write.id}) stored ${found.length} time(s)`);
      } else if (found.length > 1) {
        problems.push(`failed ${write.via} write '${write.name}' stored ${found.length} times`);
      }
    }
    expect(problems).toEqual([]);

    const pending = await db.query<Array<{ n: number }>>("SELECT COUNT(*) AS n FROM idempotency_records WHERE status <> 'done'", DB_NAME);
    expect(Number(pending[0].n)).toBe(0);

    // A write that failed may have committed just before the connection died (commit in doubt);
    // retried with its key it must then replay, otherwise write now; either way exactly one row.
    const failed = writes.filter((write) => write.outcome !== 'ok');
    let replayedInDoubt = 0;
    for (const write of failed) {
      const existed = byName.get(write.name)?.[0];
      let envelope: Envelope;
      if (write.via === 'mcp') {
        const result = (await clients[0].callTool({
          name: 'project_create',
          arguments: { domain: 'project', session_id: sessions[Number(write.key.split('-')[2])], name: write.name, idempotency_key: write.key },
        })) as CallToolResult;
        envelope = result.structuredContent as unknown as Envelope;
      } else {
        const response = await fetch(`${stack.url}/api/projects`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ name: write.name, idempotency_key: write.key }),
        });
        envelope = (await response.json()) as Envelope;
      }
      if (envelope.status !== 'success') {
        problems.push(`retry of '${write.name}' failed: ${JSON.stringify(envelope.error)}`);
        continue;
      }
      if (existed) {
        replayedInDoubt++;
        if (envelope.replayed !== true || envelope.id !== existed.id)
          problems.push(`retry of in-doubt '${write.name}' did not replay id ${existed.id}: ${JSON.stringify(envelope).slice(0, 200)}`);
      }
    }
    const names = failed.map((write) => write.name);
    if (names.length) {
      const after = await db.query<Array<{ name: string; n: number }>>(
        `SELECT name, COUNT(*) AS n FROM glpi_projects WHERE name IN (${names.map((n) => `'${n.replace(/'/g, "''")}'`).join(',')}) GROUP BY name`,
        DB_NAME,
      );
      const stored = new Map(after.map((row) => [row.name, Number(row.n)]));
      for (const name of names) if (stored.get(name) !== 1) problems.push(`after retry '${name}' is stored ${stored.get(name) ?? 0} time(s)`);
    }
    process.stderr.write(
      `faults: ${writes.length} writes, ${failed.length} failed and retried (${replayedInDoubt} had committed before the connection died)\n`,
    );
    expect(problems).toEqual([]);

    for (const client of clients) await client.close();
  }, 90_000);
  it('bounds calls on a server that hangs (alive, not answering) by the statement timeout', async () => {
    // A second application on the same database with short timeouts: DB_TIMEOUT_MS=1000, so
    // connects give up after 1 s and statements after 3 s.
    const quick = await startApp(db.url(DB_NAME), { OTP_REQUIRED_FOR: 'none', SEED_DEMO: 'false', DB_TIMEOUT_MS: '1000' });
    quick.app.useLogger(logger);
    try {
      const token = await quick.token('tech', ['mcp', 'api']);
      const headers = { Authorization: `Bearer ${token}` };
      const client = new Client({ name: 'faults-e2e', version: '0.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${quick.url}/mcp`), { requestInit: { headers } }));
      const opened = (await client.callTool({ name: 'domain_switch', arguments: { domain: 'project' } })) as CallToolResult;
      const sessionId = String((opened.structuredContent as unknown as Envelope & { id: string }).id);
      const search = { domain: 'project', session_id: sessionId, query: 'Fault', limit: 1 };
      expect(judgeMcp((await client.callTool({ name: 'project_search', arguments: search })) as CallToolResult, undefined).outcome).toBe('ok');

      // The three calls while the server hangs. What they answer says something only if it stayed
      // stopped throughout: when something outside the test continued it meanwhile (seen once on CI,
      // cause not found), the window is tried again, and a second time fails with that reason.
      const whilePaused = async () => {
        await db.pause();
        const started = Date.now();
        const [mcp, rest, readiness] = await Promise.all([
          client.callTool({ name: 'project_search', arguments: search }, undefined, { timeout: REQUEST_TIMEOUT_MS }).then(
            (result) => judgeMcp(result as CallToolResult, undefined),
            (error: unknown) => judgeMcp(undefined, error),
          ),
          fetch(`${quick.url}/api/projects?limit=1`, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(judgeRest),
          fetch(`${quick.url}/ready`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then((response) => response.status),
        ]);
        const elapsed = Date.now() - started;
        const stayedStopped = db.stillPaused();
        db.resume();
        return { mcp, rest, readiness, elapsed, stayedStopped };
      };
      let window = await whilePaused();
      if (!window.stayedStopped) {
        process.stderr.write('faults: mariadbd was continued during the pause by something outside the test; trying the window again\n');
        await waitUntilReady(quick.url);
        window = await whilePaused();
      }
      const { mcp, rest, readiness, elapsed } = window;
      expect(window.stayedStopped ? 'stopped throughout' : 'continued during the pause by something outside the test').toBe('stopped throughout');
      expect({ mcp: mcp.outcome, rest: rest.outcome, readiness }).toEqual({ mcp: 'unavailable', rest: 'unavailable', readiness: 503 });
      expect(elapsed).toBeLessThan(6_000);

      // The server answers again: so does the application, without a restart.
      expect(await waitUntilReady(quick.url)).toBe(200);
      expect(judgeMcp((await client.callTool({ name: 'project_search', arguments: search })) as CallToolResult, undefined).outcome).toBe('ok');
      await client.close();
    } finally {
      db.resume();
      await atMost(quick.close(), 15_000);
    }
  }, 60_000);
});

/** /ready's status once it is 200, or the last one after 15 s. */
async function waitUntilReady(url: string): Promise<number> {
  const deadline = Date.now() + 15_000;
  let status = 0;
  while (Date.now() < deadline && status !== 200) {
    status = await fetch(`${url}/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status !== 200) await sleep(200);
  }
  return status;
}
