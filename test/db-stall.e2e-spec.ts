import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { LoggerService } from '@nestjs/common';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { boundedMysql } from '../src/database/mysql-driver.js';
import type { Envelope } from '../src/envelope/envelope.js';
import { Metrics } from '../src/observe/metrics.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { callTool, connectHttp, openSession } from './support/mcp-client.js';
import { startApp, type TestApp } from './support/test-app.js';

/**
 * A database that stalls must not hang the replica: with a table locked by someone else, writes to
 * it answer UNAVAILABLE (503, retryable) within 3 × DB_TIMEOUT_MS while reads of other tables go on
 * and /ready stays up (one locked table must not take every replica out); with the schema gone,
 * every call is UNAVAILABLE, never INTERNAL, and /ready says 503.
 * MariaDB: a database of its own on the test server, nothing else of the server is touched.
 */
const TIMEOUT_MS = 1500;
const BOUND_MS = 3 * TIMEOUT_MS;
const WRITES = 12;

/** Keeps the application's error log out of the test output. */
class QuietLogger implements LoggerService {
  readonly errors: string[] = [];
  log(): void {}
  warn(): void {}
  debug(): void {}
  verbose(): void {}
  error(message: unknown): void {
    this.errors.push(String(message));
  }
}

interface Answered {
  status: number;
  code: string;
  retryAfter: string | null;
  retryAfterSeconds?: number;
  retryable?: boolean;
  ms: number;
  at: number;
}

async function rest(base: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answered> {
  const started = Date.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const envelope = (await response.json()) as Envelope;
  const at = Date.now();
  return {
    status: response.status,
    code: envelope.status === 'success' ? 'success' : envelope.error.code,
    retryAfter: response.headers.get('retry-after'),
    retryAfterSeconds: envelope.status === 'error' ? envelope.error.retry_after_seconds : undefined,
    retryable: envelope.status === 'error' ? envelope.error.retryable : undefined,
    ms: at - started,
    at,
  };
}

/** An MCP tool call's outcome: the envelope's code, or the HTTP status the endpoint answered with. */
async function mcp(client: Client, name: string, args: Record<string, unknown>): Promise<{ code: string; ms: number; at: number }> {
  const started = Date.now();
  try {
    const { envelope } = await callTool(client, name, args);
    return { code: envelope.status === 'success' ? 'success' : envelope.error.code, ms: Date.now() - started, at: Date.now() };
  } catch (error) {
    const code =
      error instanceof StreamableHTTPError && error.code === 503 && error.message.includes('"UNAVAILABLE"') ? 'UNAVAILABLE' : `thrown: ${String(error)}`;
    return { code, ms: Date.now() - started, at: Date.now() };
  }
}

const ready = async (base: string): Promise<number> => (await fetch(`${base}/ready`, { signal: AbortSignal.timeout(10_000) })).status;

function expectUnavailable(answers: Answered[]): void {
  for (const answer of answers) {
    expect({ status: answer.status, code: answer.code, retryable: answer.retryable }).toEqual({ status: 503, code: 'UNAVAILABLE', retryable: true });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(answer.retryAfterSeconds).toBeGreaterThan(0);
    expect(answer.ms).toBeLessThan(BOUND_MS);
  }
}

const ticket = (n: number) => ({ name: `Parado ${n}`, content: 'Escrita durante o bloqueio.' });

const onMysql = (title: string, suite: () => void): void => {
  if (process.env.TEST_MYSQL_URL) describe(title, suite);
  else process.stderr.write(`db-stall.e2e-spec: '${title}' needs TEST_MYSQL_URL\n`);
};

onMysql('a stalled MariaDB/MySQL database', () => {
  const logger = new QuietLogger();
  let db: TestDatabase;
  let stack: TestApp;
  let admin: mysql.Connection;

  beforeAll(async () => {
    db = await createTestDatabase('mysql');
    stack = await startApp(db.url, { DB_TIMEOUT_MS: String(TIMEOUT_MS) }, { logger });
    const url = new URL(db.url);
    admin = await mysql.createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.slice(1),
    });
  });
  afterAll(async () => {
    await admin?.end().catch(() => undefined);
    await stack?.close();
    await db?.drop();
  });

  it('a locked table: its writes are UNAVAILABLE in time, reads of other tables and /ready are unaffected', async () => {
    const token = await stack.token('glpi', ['mcp', 'api']);
    const client = await connectHttp(stack.url, token);
    try {
      const session = await openSession(client, 'project');
      expect((await rest(stack.url, token, 'POST', '/api/tickets', ticket(0))).code).toBe('success');

      await admin.query('LOCK TABLES glpi_tickets WRITE');
      try {
        const writes = Array.from({ length: WRITES }, (_, i) => rest(stack.url, token, 'POST', '/api/tickets', ticket(i + 1)));
        // Give the writes time to take what they can of the pool before the read comes.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const read = await mcp(client, 'project_search', { domain: 'project', session_id: session, limit: 5 });
        const readiness = await ready(stack.url);
        const answers = await Promise.all(writes);

        process.stderr.write(
          `db-stall (MariaDB, DB_TIMEOUT_MS=${TIMEOUT_MS}): ${WRITES} writes answered in ${Math.min(...answers.map((a) => a.ms))}-${Math.max(...answers.map((a) => a.ms))} ms (${answers.map((a) => a.code).join(',')}); read on another table ${read.ms} ms\n`,
        );
        expect(read.code).toBe('success');
        // The read was not held up by the stalled writes: it was answered before any of them.
        expect(read.at).toBeLessThan(Math.min(...answers.map((a) => a.at)));
        expect(readiness).toBe(200);
        expectUnavailable(answers);
      } finally {
        await admin.query('UNLOCK TABLES');
      }
      expect((await rest(stack.url, token, 'POST', '/api/tickets', ticket(99))).code).toBe('success');
      const [[{ n }]] = (await admin.query("SELECT COUNT(*) AS n FROM glpi_tickets WHERE name LIKE 'Parado %'")) as unknown as [[{ n: number }]];
      expect(Number(n)).toBe(2);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('the pool: a caller gives up on a busy pool in time, and armed connections carry the time limits', async () => {
    const driver = boundedMysql(300);
    const url = new URL(db.url);
    const pool = driver.createPool({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      database: url.pathname.slice(1),
      connectionLimit: 1,
    });
    type Conn = { query(sql: string, cb: (error: Error | null, rows: unknown) => void): void; release(): void };
    const acquire = () => new Promise<Conn>((resolve, reject) => pool.getConnection((error, connection) => (error ? reject(error) : resolve(connection))));
    const ask = (conn: Conn, sql: string) =>
      new Promise<unknown>((resolve, reject) => conn.query(sql, (error, rows) => (error ? reject(error) : resolve(rows))));
    try {
      const held = await acquire();
      const [{ version }] = (await ask(held, 'SELECT VERSION() AS version')) as Array<{ version: string }>;
      const mariadb = version.includes('MariaDB');
      const started = Date.now();
      await expect(acquire()).rejects.toMatchObject({ code: 'POOL_ACQUIRE_TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(3_000);
      const limits = 'SELECT @@lock_wait_timeout AS l, @@innodb_lock_wait_timeout AS i' + (mariadb ? ', @@max_statement_time AS t' : '');
      expect(await ask(held, limits)).not.toEqual([{ l: 1, i: 1, ...(mariadb ? { t: 0.3 } : {}) }]);
      driver.arm();
      held.release();
      // The connection the caller gave up on went back to the pool, and is now armed.
      const again = await acquire();
      expect(await ask(again, limits)).toEqual([{ l: 1, i: 1, ...(mariadb ? { t: 0.3 } : {}) }]);
      again.release();
    } finally {
      await new Promise((resolve) => pool.end(resolve));
    }
  });

  it('a dropped database: every call is UNAVAILABLE, never INTERNAL, and /ready is 503', async () => {
    const token = await stack.token('glpi', ['mcp', 'api']);
    const client = await connectHttp(stack.url, token);
    try {
      const session = await openSession(client, 'project');
      await admin.query(`DROP DATABASE \`${new URL(db.url).pathname.slice(1)}\``);
      const answers = await Promise.all([
        rest(stack.url, token, 'POST', '/api/tickets', ticket(100)),
        rest(stack.url, token, 'GET', '/api/projects?limit=5'),
        rest(stack.url, token, 'GET', '/api/tickets/1'),
      ]);
      expectUnavailable(answers);
      const read = await mcp(client, 'project_search', { domain: 'project', session_id: session, limit: 5 });
      expect(read.code).toBe('UNAVAILABLE');
      expect(read.ms).toBeLessThan(BOUND_MS);
      expect(await ready(stack.url)).toBe(503);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('a stalled SQLite database', () => {
  const logger = new QuietLogger();
  let db: TestDatabase;
  let stack: TestApp;
  let other: Database.Database;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    stack = await startApp(db.url, { DB_TIMEOUT_MS: String(TIMEOUT_MS) }, { logger });
    // Another process's connection to the same file (the token CLI, say).
    other = new Database(db.url.slice('sqlite:'.length));
  });
  afterAll(async () => {
    other?.close();
    await stack?.close();
    await db?.drop();
  });

  it('a write lock held elsewhere: writes are UNAVAILABLE in time, reads and /ready are unaffected', async () => {
    const token = await stack.token('glpi', ['mcp', 'api']);
    expect((await rest(stack.url, token, 'POST', '/api/tickets', ticket(0))).code).toBe('success');
    other.exec('BEGIN IMMEDIATE');
    try {
      const answers = await Promise.all(Array.from({ length: WRITES }, (_, i) => rest(stack.url, token, 'POST', '/api/tickets', ticket(i + 1))));
      process.stderr.write(
        `db-stall (SQLite, DB_TIMEOUT_MS=${TIMEOUT_MS}): ${WRITES} writes answered in ${Math.min(...answers.map((a) => a.ms))}-${Math.max(...answers.map((a) => a.ms))} ms\n`,
      );
      expectUnavailable(answers);
      expect((await rest(stack.url, token, 'GET', '/api/projects?limit=5')).code).toBe('success');
      expect(await ready(stack.url)).toBe(200);
    } finally {
      other.exec('ROLLBACK');
    }
    expect((await rest(stack.url, token, 'POST', '/api/tickets', ticket(99))).code).toBe('success');
  }, 60_000);

  it('a dropped table: its calls are UNAVAILABLE, never INTERNAL, and /ready is 503', async () => {
    const token = await stack.token('glpi', ['mcp', 'api']);
    other.exec('DROP TABLE glpi_tickets');
    const answers = await Promise.all([rest(stack.url, token, 'POST', '/api/tickets', ticket(100)), rest(stack.url, token, 'GET', '/api/tickets?limit=5')]);
    expectUnavailable(answers);
    expect(await ready(stack.url)).toBe(503);
  }, 60_000);

  it('a token check that cannot read its table is UNAVAILABLE on /mcp and REST, each counted as a database fault', async () => {
    // Tokens never used yet: no cache answers for them, their check reads the table.
    const mcpToken = await stack.token('tech', ['mcp']);
    const apiToken = await stack.token('tech', ['api']);
    const faults = async (): Promise<number> => (await stack.app.get(Metrics).databaseFaults.get()).values.reduce((sum, v) => sum + v.value, 0);
    const before = await faults();
    other.exec('DROP TABLE api_tokens');
    const answer = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mcpToken}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error: { data: { error: { code: string } } } }).error.data.error.code).toBe('UNAVAILABLE');
    expect(await faults()).toBe(before + 1);
    expect((await rest(stack.url, apiToken, 'GET', '/api/tickets?limit=5')).code).toBe('UNAVAILABLE');
    expect(await faults()).toBe(before + 2);
  }, 60_000);
});
