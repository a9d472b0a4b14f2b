import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, DATABASES, type TestDatabase } from './support/databases.js';
import { MAIN_JS, REPO_ROOT } from './support/mcp-client.js';
import { startApp } from './support/test-app.js';

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

/**
 * @nestjs/common 12 pins file-type 22, which declares Node 22 while this project runs on 20.19+;
 * package.json overrides it with file-type 21 (Node 20). That is safe because the application never
 * loads it: only Nest's FileTypeValidator (file uploads, which nothing here has) imports it.
 */
describe.each(DATABASES)('modules the server loads, on %s', (kind) => {
  let db: TestDatabase;
  let loaded: string[];

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const app = await startApp(db.url);
    let token: string;
    try {
      token = await app.token('glpi', ['mcp', 'api']);
    } finally {
      await app.close();
    }
    loaded = await modulesLoadedThrough(db.url, token);
    // The recorder saw the application (so an empty list cannot pass for a clean one).
    expect(loaded.some((url) => url.includes('/dist/src/'))).toBe(true);
  });
  afterAll(async () => db?.drop());

  // A package is loaded from node_modules, or from the chunk the build bundled it into (dist/src/bundle/<name>-<hash>.js).
  const from = (pkg: string) => loaded.filter((url) => url.includes(`/node_modules/${pkg}/`) || url.includes(`/dist/src/bundle/${pkg}-`));

  it('never include file-type, through start, MCP, REST, OpenAPI and shutdown', () => {
    expect(from('file-type')).toEqual([]);
  });

  it('leave out the clients of what is not configured: Redis (no REDIS_URL), jose (no OAuth request, no OAUTH_ISSUER), MySQL on SQLite', () => {
    expect(from('ioredis')).toEqual([]);
    expect(from('jose')).toEqual([]);
    if (kind === 'sqlite') expect(from('mysql2')).toEqual([]);
  });

  it('leave out tracing when it is off (no OTEL_EXPORTER_OTLP_ENDPOINT): neither the SDK, its instrumentations nor the loader hook', () => {
    expect(loaded.filter((url) => /\/node_modules\/(@opentelemetry\/(sdk-|instrumentation|exporter-)|import-in-the-middle\/)/.test(url))).toEqual([]);
  });
});

/** Every ES module URL a server process resolves through start, MCP, REST, OpenAPI and shutdown. */
async function modulesLoadedThrough(databaseUrl: string, token: string): Promise<string[]> {
  const work = mkdtempSync(join(tmpdir(), 'intentdesk-imports-'));
  const log = join(work, 'imports.log');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', './test/support/import-recorder.mjs', MAIN_JS], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      OTP_REQUIRED_FOR: 'none',
      APPROVAL_REQUIRED_FOR: 'none',
      IMPORT_LOG: log,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes('listening on')) resolve();
      });
      void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${stderr}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const auth = { Authorization: `Bearer ${token}` };
    const mcp = async (id: number, method: string, params: object) => {
      const res = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      });
      return (await res.json()) as { result?: { structuredContent?: { id?: string } } };
    };
    await mcp(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'imports', version: '0' } });
    await mcp(2, 'tools/list', {});
    const opened = await mcp(3, 'tools/call', { name: 'domain_switch', arguments: { domain: 'project' } });
    await mcp(4, 'tools/call', {
      name: 'project_create',
      arguments: { domain: 'project', session_id: opened.result?.structuredContent?.id, name: 'Imports check' },
    });
    expect((await fetch(`${base}/api/projects`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${base}/api/docs-json`)).status).toBe(200);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  const loaded = readFileSync(log, 'utf8').split('\n');
  rmSync(work, { recursive: true, force: true });
  return loaded;
}
