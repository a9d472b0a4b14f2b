import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './support/mcp-client.js';

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');

/** The node flags of `npm start`: every other way of starting the server documented here uses the same. */
function startFlags(): string[] {
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  const match = /^exec node((?: --\S+)*) dist\/src\/main\.js$/.exec(scripts.start);
  if (!match) throw new Error(`unexpected start script: ${scripts.start}`);
  return match[1].split(' ').filter(Boolean);
}

/**
 * The server's memory settings are node flags (V8 sizes its young generation when the process starts;
 * nothing set later resizes it), so each command line that starts the server carries them.
 */
describe('commands that start the server', () => {
  const flags = startFlags();

  it('npm start keeps the young generation at 8 MiB semi-spaces, neither larger nor smaller', () => {
    expect(flags).toContain('--max-semi-space-size=8');
    expect(flags).toContain('--min-semi-space-size=8');
  });

  it('npm start bounds the growth of the old generation between full collections', () => {
    expect(flags).toContain('--heap-growing-percent=50');
  });

  it('npm start runs young-generation collections on the process thread', () => {
    expect(flags).toContain('--no-parallel-scavenge');
  });

  it('npm run start:stdio uses the flags of npm start', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start:stdio']).toBe(`exec node ${flags.join(' ')} dist/src/main.js --stdio`);
  });

  it("the Docker image's command uses them", () => {
    expect(read('Dockerfile')).toContain(`CMD ${JSON.stringify(['node', ...flags, 'dist/src/main.js'])}`.replace(/","/g, '", "'));
  });

  it('every client configuration and command line in the README that starts main.js uses them', () => {
    const readme = read('README.md');
    const starts = [...readme.matchAll(/(?:"args": \[([^\]]*)"[^"]*dist\/src\/main\.js"|node((?: --\S+)*) dist\/src\/main\.js)/g)];
    expect(starts.length).toBeGreaterThan(0);
    for (const [whole, args, cli] of starts) {
      const given = args !== undefined ? [...args.matchAll(/"(--[^"]+)"/g)].map(([, flag]) => flag) : (cli ?? '').split(' ').filter(Boolean);
      expect({ whole, given }).toEqual({ whole, given: flags });
    }
  });
});

/** True while any process of the group `pgid` is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A supervisor that stops `npm start` signals npm's process only (a process manager, an IDE's task,
 * a test harness). npm hands the signal to the script's shell: unless the shell became the server
 * (exec), the server never hears it and lives on, orphaned, holding the port and the database.
 */
describe('npm start under a supervisor', () => {
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-npm-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops the server, gracefully, when npm alone is sent SIGTERM', async () => {
    const npm = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      detached: true, // its own process group: what is left of it can be seen (and ended) as one
      env: { ...process.env, PORT: '0', DATABASE_URL: `sqlite://${join(dir, 'desk.sqlite')}`, LOG_FORMAT: 'json' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const pgid = npm.pid!;
    let stderr = '';
    npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await waitUntil(
        () => stderr.includes('listening on'),
        60_000,
        () => stderr,
      );
      process.kill(pgid, 'SIGTERM');
      await waitUntil(
        () => !groupAlive(pgid),
        15_000,
        () => `still running after SIGTERM to npm:\n${stderr}`,
      );
      expect(stderr).toContain('SIGTERM received');
      expect(stderr).toContain('stopped in');
      // The process's own lines keep their place among the logger's: an operator reads the start-up
      // in order, and the listening line last.
      const messages = stderr
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      const at = (start: string) => messages.findIndex((msg) => msg.startsWith(start));
      expect(at('demo data loaded')).toBeGreaterThanOrEqual(0);
      expect(at('listening on')).toBeGreaterThan(at('demo data loaded'));
      expect(at('listening on')).toBeGreaterThan(at('Nest application successfully started'));
      expect(at('stopped in')).toBe(messages.length - 1);
    } finally {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    }
  }, 90_000);
});

async function waitUntil(done: () => boolean, timeoutMs: number, why: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error(why());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
