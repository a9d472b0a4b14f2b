import { createServer } from 'node:net';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { DATABASES, type DbKind } from './support/databases.js';
import { sampleValue, scrape } from './support/observe.js';
import { rawRequest } from './support/raw-http.js';
import { startStack, type TestStack } from './support/test-app.js';

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

interface Readiness {
  status: string;
  database: string;
  checks: {
    database: { status: string; latency_ms: number; reason?: string };
    redis?: { status: string; latency_ms: number; reason?: string };
    audit: { status: string; buffered: number; oldest_ms: number; reason?: string };
  };
}

async function ready(stack: TestStack): Promise<{ status: number; body: Readiness }> {
  const answer = await rawRequest(`${stack.url}/ready`);
  return { status: answer.status, body: answer.json as Readiness };
}

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/** One audited call (refused: no such session), whose entry goes to the audit buffer. */
async function auditedCall(stack: TestStack, token: string): Promise<void> {
  const answer = await rawRequest(`${stack.url}/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'ticket_get', arguments: { domain: 'ticket', session_id: 'ses_x', id: 1 } },
    }),
  });
  expect(answer.status).toBe(200);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Holds the audit table's writes from another connection: SQLite's write lock, or MySQL's LOCK TABLES. */
async function holdAuditWrites(kind: DbKind, url: string): Promise<() => Promise<void>> {
  if (kind === 'sqlite') {
    const other = new Database(url.slice('sqlite:'.length));
    other.exec('BEGIN IMMEDIATE');
    return async () => {
      other.exec('ROLLBACK');
      other.close();
    };
  }
  const target = new URL(url);
  const admin = await mysql.createConnection({
    host: target.hostname,
    port: Number(target.port || 3306),
    user: decodeURIComponent(target.username),
    password: decodeURIComponent(target.password),
    database: target.pathname.slice(1),
  });
  await admin.query('LOCK TABLES audit_log WRITE');
  return async () => {
    await admin.query('UNLOCK TABLES');
    await admin.end();
  };
}

describe.each(DATABASES)('readiness per dependency, and METRICS_PORT, on %s', (kind) => {
  it('reports the database with its latency, and fails while the audit log cannot drain', async () => {
    const stack = await startStack(kind, { DB_TIMEOUT_MS: '500', READY_AUDIT_STALL_MS: '400' });
    try {
      const token = await stack.token('glpi', ['mcp']);
      const first = await ready(stack);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        status: 'ready',
        database: 'up',
        checks: {
          database: { status: 'up', latency_ms: expect.any(Number) },
          audit: { status: 'up', buffered: expect.any(Number), oldest_ms: expect.any(Number) },
        },
      });
      const release = await holdAuditWrites(kind, stack.db.url);
      let released = false;
      try {
        await auditedCall(stack, token);
        const stuck = await until(
          () => ready(stack),
          (r) => r.status === 503,
          5000,
        );
        expect(stuck.status).toBe(503);
        expect(stuck.body.status).toBe('unavailable');
        expect(stuck.body.checks.audit).toEqual(expect.objectContaining({ status: 'stalled', reason: expect.stringContaining('audit entries') }));
        expect(stuck.body.checks.audit.buffered).toBeGreaterThanOrEqual(1);
        expect(stuck.body.checks.database.status).toBe('up');
        await release();
        released = true;
        // The writer retries on its own; once the entries are stored the replica is ready again.
        const drained = await until(
          () => ready(stack),
          (r) => r.status === 200,
          8000,
        );
        expect(drained.status).toBe(200);
        expect(drained.body.checks.audit.buffered).toBe(0);
      } finally {
        if (!released) await release();
      }
    } finally {
      await stack.close();
    }
  });

  it('Redis down is reported with its reason and leaves the replica ready; Redis up is reported up', async () => {
    const down = await startStack(kind, { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const answer = await ready(down);
      expect(answer.status).toBe(200);
      expect(answer.body.checks.redis).toEqual({ status: 'down', latency_ms: expect.any(Number), reason: expect.any(String) });
      expect(answer.body.checks.redis!.reason!.length).toBeGreaterThan(0);
    } finally {
      await down.close();
    }
    if (!process.env.TEST_REDIS_URL) return;
    const up = await startStack(kind, { REDIS_URL: process.env.TEST_REDIS_URL });
    try {
      const answer = await until(
        () => ready(up),
        (r) => r.body.checks.redis?.status === 'up',
        3000,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.checks.redis).toEqual({ status: 'up', latency_ms: expect.any(Number) });
    } finally {
      await up.close();
    }
  });

  it('METRICS_PORT serves /metrics there without a token, and not on the main port', async () => {
    const port = await freePort();
    const stack = await startStack(kind, { METRICS_PORT: String(port) });
    try {
      expect((await rawRequest(`${stack.url}/metrics`)).status).toBe(404);
      const token = await stack.token('glpi', ['mcp']);
      const before = await scrape(`http://127.0.0.1:${port}/metrics`);
      await auditedCall(stack, token);
      const after = await scrape(`http://127.0.0.1:${port}/metrics`);
      const labels = { transport: 'mcp', tool: 'ticket_get', outcome: 'SESSION_NOT_FOUND' };
      expect(sampleValue(after, 'intentdesk_calls_total', labels) - sampleValue(before, 'intentdesk_calls_total', labels)).toBe(1);
      expect((await rawRequest(`http://127.0.0.1:${port}/api/projects`)).status).toBe(404);
    } finally {
      await stack.close();
    }
    // Closed with the application.
    await expect(rawRequest(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
