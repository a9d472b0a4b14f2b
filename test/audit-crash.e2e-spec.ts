import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createTestDatabase, DATABASES, type DbKind, readRows, type TestDatabase } from './support/databases.js';
import { MAIN_JS, REPO_ROOT } from './support/mcp-client.js';
import { startApp } from './support/test-app.js';

/**
 * A replica killed (kill -9) in the middle of writes loses no audit row of a committed write: the row
 * is written in the write's own transaction, so a write and its audit entry are stored together or
 * not at all.
 */
const WRITES = 60;
const PARALLEL = 4;
/** Acknowledged writes before the kill: the rest of the load is still running when it comes. */
const KILL_AFTER = 20;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The server as its own process, as `npm start` runs it. */
async function spawnServer(databaseUrl: string): Promise<{ child: ChildProcess; url: string; exited: Promise<void>; stderr: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN_JS], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      RATE_LIMIT_WRITES: '100000',
      RATE_LIMIT_READS: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  void exited.then(() => process.removeListener('exit', reap));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${stderr}`);
    const status = await fetch(`${url}/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { child, url, exited, stderr: () => stderr };
    if (Date.now() > deadline) throw new Error(`server not ready within 30 s:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(DATABASES)('audit of writes through a crash on %s', (kind: DbKind) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.drop());

  it('every write committed before kill -9 has its audit row', async () => {
    // Migrate, seed and make a token in-process, then serve from a child process that can be killed.
    const setup = await startApp(db.url, {});
    const token = await setup.token('glpi', ['api']);
    await setup.close();
    const server = await spawnServer(db.url);

    const run = Date.now().toString(36);
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const worker = async (): Promise<void> => {
      while (next < WRITES) {
        const name = `Crash ${run} ${next++}`;
        try {
          const response = await fetch(`${server.url}/api/projects`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ name, content: 'Escrita antes da queda.' }),
          });
          if (response.status === 201 || response.status === 200) acknowledged.push(name);
        } catch {
          return; // the server is gone
        }
        if (acknowledged.length >= KILL_AFTER && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    await server.exited;
    expect(killed).toBe(true);
    expect(server.child.signalCode).toBe('SIGKILL');

    const committed = (await readRows(db, `SELECT name FROM glpi_projects WHERE name LIKE 'Crash ${run} %'`)).map((row) => String(row.name));
    const audited = new Set(
      (await readRows(db, "SELECT changes FROM audit_log WHERE route = 'POST /api/projects' AND outcome = 'success'")).map(
        (row) => (JSON.parse(String(row.changes)) as { name?: string }).name,
      ),
    );
    process.stderr.write(
      `audit-crash (${kind}): ${next} writes sent, ${acknowledged.length} acknowledged, ${committed.length} committed, ${audited.size} audited at kill -9\n`,
    );
    // The kill came mid-load, after writes had committed.
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(next).toBeLessThan(WRITES);
    expect(committed).toEqual(expect.arrayContaining(acknowledged));
    expect(committed.filter((name) => !audited.has(name))).toEqual([]);
  }, 90_000);
});
