import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { TokensService } from '../src/auth/tokens.service.js';
import { DATABASES } from './support/databases.js';
import { REPO_ROOT } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

const run = promisify(execFile);

/** `npm run demo` runs this same file once the build is up to date. */
function demo(env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ['dist/scripts/demo.js'], { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 });
}

describe.each(DATABASES)('npm run demo on %s', (kind) => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack(kind);
  });
  afterAll(async () => stack?.close());

  it('plays the scenario against the server of INTENTDESK_URL and revokes the token it made', async () => {
    const { stdout } = await demo({ INTENTDESK_URL: `${stack.url}/mcp`, DATABASE_URL: stack.db.url });
    expect(stdout).toContain(`intentdesk demo — ${stack.url}/mcp`);
    expect(stdout).toMatch(/UNKNOWN_FIELD\s+did_you_mean: "users_id"/);
    expect(stdout).toContain('VALIDATION_FAILED');
    expect(stdout).toMatch(/INTENT_LOCKED: .*\n\s+next_call: \{"tool":"domain_switch"/);
    const demoTokens = (await stack.app.get(TokensService).list()).filter((t) => t.name === 'demo');
    expect(demoTokens).toHaveLength(1);
    expect(demoTokens[0].revoked_at).not.toBeNull();
  });

  it('names the URL it tried when no server answers there (HOST and PORT), and still revokes its token', async () => {
    const failed = demo({ HOST: '127.0.0.1', PORT: '9', DATABASE_URL: stack.db.url });
    await expect(failed).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('could not reach intentdesk at http://127.0.0.1:9/mcp') });
    const demoTokens = (await stack.app.get(TokensService).list()).filter((t) => t.name === 'demo');
    expect(demoTokens.every((t) => t.revoked_at !== null)).toBe(true);
  });

  it('says the server refused MCP_TOKEN, not that it could not be reached, when it answers 401', async () => {
    const failed = demo({ INTENTDESK_URL: `${stack.url}/mcp`, MCP_TOKEN: 'idt_not-a-token' });
    await expect(failed).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(`intentdesk at ${stack.url}/mcp refused MCP_TOKEN`) });
  });
});
