import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LoggerService } from '@nestjs/common';
import { databaseLabel } from '../src/config/app-config.js';
import { loadConfig } from '../src/config/env.schema.js';
import { DATABASES } from './support/databases.js';
import { MAIN_JS, REPO_ROOT } from './support/mcp-client.js';
import { startStack } from './support/test-app.js';

/** Keeps every line the application logs, at every level. */
class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];
  log(message: unknown): void {
    this.lines.push(String(message));
  }
  error(message: unknown): void {
    this.lines.push(String(message));
  }
  warn(message: unknown): void {
    this.lines.push(String(message));
  }
}

describe.each(DATABASES)('HTTP start on %s', (kind) => {
  it('logs the database it opened, without a password', async () => {
    const logger = new CapturingLogger();
    const stack = await startStack(kind, {}, { logger });
    try {
      const label = databaseLabel(loadConfig({ DATABASE_URL: stack.db.url }).database);
      expect(logger.lines).toContain(`Database ${label}`);
    } finally {
      await stack.close();
    }
  });
});

describe('a start whose database cannot be opened', () => {
  it('ends with one line naming the database and DATABASE_URL', async () => {
    // Nothing listens on port 1: the connection is refused at once (after the pool's retries).
    const started = promisify(execFile)(process.execPath, [MAIN_JS], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: 'mysql://root:secret@127.0.0.1:1/intentdesk', PORT: '0', LOG_FORMAT: 'json' },
      timeout: 60_000,
    });
    const failed = (await started.then(
      () => undefined,
      (error: unknown) => error,
    )) as { code: number; stderr: string; stdout: string } | undefined;
    expect(failed?.code).toBe(1);
    const output = `${failed?.stdout ?? ''}${failed?.stderr ?? ''}`;
    expect(output).toContain('failed to start (database mysql://root@127.0.0.1:1/intentdesk; check DATABASE_URL): connect ECONNREFUSED');
    expect(output).not.toContain('secret');
  });

  it('a port already taken is named as the port, not as the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'intentdesk-port-'));
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((taken.address() as AddressInfo).port);
      const failed = (await promisify(execFile)(process.execPath, [MAIN_JS], {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${join(dir, 'port.sqlite')}`, HOST: '127.0.0.1', PORT: port, SEED_DEMO: 'false' },
        timeout: 60_000,
      }).then(
        () => undefined,
        (error: unknown) => error,
      )) as { code: number; stderr: string; stdout: string } | undefined;
      expect(failed?.code).toBe(1);
      const output = `${failed?.stdout ?? ''}${failed?.stderr ?? ''}`;
      expect(output).toContain(`failed to listen on 127.0.0.1:${port} (check HOST and PORT): listen EADDRINUSE`);
      expect(output).not.toContain('check DATABASE_URL');
    } finally {
      taken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('the TypeORM CLI (npm run typeorm)', () => {
  it('migration:show lists every migration, pending or run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'intentdesk-typeorm-'));
    try {
      const typeorm = (command: string) =>
        promisify(execFile)('npm', ['run', '--silent', 'typeorm', '--', command], {
          cwd: REPO_ROOT,
          env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${join(dir, 'cli.sqlite')}` },
          timeout: 60_000,
        });
      const pending = (await typeorm('migration:show')).stdout;
      expect(pending).toMatch(/^\[ \] InitialSchema\d+$/m);
      await typeorm('migration:run');
      const run = (await typeorm('migration:show')).stdout;
      expect(run).toMatch(/^\[X\] 1 InitialSchema\d+$/m);
      expect(run).not.toContain('[ ]');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the build that npm start, start:stdio, token and demo run first', () => {
  const build = (...args: string[]) =>
    promisify(execFile)('npm', ['run', '--silent', 'build', ...(args.length ? ['--', ...args] : [])], { cwd: REPO_ROOT, timeout: 120_000 });

  it('checks the output is up to date instead of compiling again, and then writes nothing', async () => {
    await build(); // whatever the state, the output is up to date after this
    const before = statSync(MAIN_JS).mtimeMs;
    const { stdout } = await build('--verbose');
    expect(stdout).toMatch(/is up to date/);
    expect(statSync(MAIN_JS).mtimeMs).toBe(before);
  });
});
