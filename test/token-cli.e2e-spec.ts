import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import request from 'supertest';
import { databaseLabel } from '../src/config/app-config.js';
import { loadConfig } from '../src/config/env.schema.js';
import { DATABASES } from './support/databases.js';
import { REPO_ROOT } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

const run = promisify(execFile);

/** The token CLI as an operator runs it (`npm run --silent token -- …` runs this same file). */
async function cli(databaseUrl: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ['dist/src/cli/token.js', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
    timeout: 30_000,
  });
}

describe.each(DATABASES)('token CLI on %s', (kind) => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack(kind);
  });
  afterAll(async () => stack?.close());

  it('prints a token as the last line of stdout that lists the demo projects, tickets and users', async () => {
    const { stdout, stderr } = await cli(stack.db.url, 'create', '--user', 'glpi', '--scopes', 'api', '--expires-in', '1d');
    const token = stdout.trim().split('\n').pop()!;
    expect(token).toMatch(/^idt_[\w-]{40,}$/);
    expect(stderr).toContain('for glpi');
    expect(stderr).toContain(`in ${databaseLabel(loadConfig({ DATABASE_URL: stack.db.url }).database)}`);
    const auth = { Authorization: `Bearer ${token}` };
    const projects = await request(stack.http).get('/api/projects').set(auth);
    const tickets = await request(stack.http).get('/api/tickets').set(auth);
    const users = await request(stack.http).get('/api/users').set(auth);
    expect(projects.body.data.items.map((p: { name: string }) => p.name)).toContain('Migração ERP');
    expect(tickets.body.data.total).toBeGreaterThanOrEqual(4);
    expect(users.body.data.items.map((u: { name: string }) => u.name)).toEqual(expect.arrayContaining(['glpi', 'tech', 'maria.silva', 'joao.souza']));
    // Only the hash is stored.
    const { stdout: listed } = await cli(stack.db.url, 'list');
    expect(listed).not.toContain(token);
    expect(listed).toContain(token.slice(0, 10));
  });

  it('refuses bad arguments and unknown users with a message, not a stack', async () => {
    await expect(cli(stack.db.url, 'create', '--user', 'nobody')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("'nobody' not found") });
    await expect(cli(stack.db.url, 'create', '--user', 'glpi', '--scopes', 'root')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown scope'),
    });
    await expect(cli(stack.db.url, 'create', '--user', 'glpi', '--expires-in', 'soon')).rejects.toMatchObject({ code: 2 });
  });
});

describe('token CLI without its database', () => {
  it('says why it cannot open the database instead of exiting without a word', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const failed = cli('mysql://root@127.0.0.1:1/intentdesk', 'list');
    await expect(failed).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('ECONNREFUSED') });
  });
});
