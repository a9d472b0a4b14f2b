import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './support/mcp-client.js';

const LOGGER_JS = fileURLToPath(new URL('../dist/src/observe/logger.js', import.meta.url));
const STDERR_LINES_JS = fileURLToPath(new URL('../dist/src/observe/stderr-lines.js', import.meta.url));
/** Lines enough for a 32 KiB batch handed to the log thread, and some still held at the end. */
const LINES = 400;
/** Runs of each ending: whether a batch is still on its way when the process ends is a matter of timing. */
const RUNS = 4;

/**
 * How the process ends once it has written its lines. A batch of lines may be on its way (written by
 * the log thread) when the process ends: every ending waits for it, then writes what is still held,
 * so every line is written, whole and in order.
 */
const ENDINGS = {
  /** process.exit at once, with lines still buffered. */
  exit: 'process.exit(0);',
  /** Nothing left to do: the event loop ends. */
  'event loop end': '',
  /** A signal handler that logs and exits, as the server's shutdown does, once the lines are written. */
  SIGTERM:
    `const { stderrLinesWritten } = await import(${JSON.stringify(STDERR_LINES_JS)}); ` +
    "process.on('SIGTERM', () => { logger.log('stopping', 'Main'); void stderrLinesWritten().then(() => process.exit(0)); }); " +
    "process.kill(process.pid, 'SIGTERM'); setInterval(() => {}, 1000);",
  /** An uncaught exception. */
  crash: "throw new Error('crash');",
  /** A fatal line, then a kill no exit handler sees: the fatal line itself waits for the batch on its way and writes what is held. */
  'fatal line, then SIGKILL': "logger.fatal('cannot go on', 'Main'); process.kill(process.pid, 'SIGKILL');",
} as const;

/**
 * Every thread of Node's pool busy for most of a second (a password hash each, as a burst of
 * sign-ins would keep them): work handed to the pool waits its turn meanwhile. Lines written by the
 * pool were lost by a fatal line and a kill then.
 */
const BUSY_POOL = "const { pbkdf2 } = await import('node:crypto'); for (let i = 0; i < 4; i++) pbkdf2('x', 'y', 1_000_000, 64, 'sha512', () => {});";

/**
 * A process that logs LINES lines through the JSON logger (both its own serializer and pino's), then
 * ends as `ending` says. Its stderr is a pipe read by this process, or `toFile`: a regular file,
 * written without the log thread (StderrFile).
 */
function logThenEnd(ending: string, prelude = '', toFile = false): { stdout: string; stderr: string; status: number | null } {
  const script = [
    prelude,
    `const { JsonLogger } = await import(${JSON.stringify(LOGGER_JS)});`,
    "const logger = new JsonLogger('info');",
    `for (let i = 0; i < ${LINES}; i++) {`,
    "  if (i % 3 === 0) logger.log({ msg: 'nested', n: i, detail: { text: 'pino é' } }, 'Jobs');",
    "  else logger.writeFlat('info', { msg: 'call', n: i, text: 'ação 日本 \"q\" ' + 'x'.repeat(i % 90) }, 'Calls');",
    '}',
    ending,
  ].join('\n');
  const options = { cwd: REPO_ROOT, encoding: 'utf8', timeout: 30_000 } as const;
  if (!toFile) {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], options);
    return { stdout: child.stdout, stderr: child.stderr, status: child.status };
  }
  const dir = mkdtempSync(join(tmpdir(), 'log-lines-'));
  const path = join(dir, 'stderr.log');
  const fd = openSync(path, 'a');
  try {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { ...options, stdio: ['ignore', 'pipe', fd] });
    return { stdout: child.stdout, stderr: readFileSync(path, 'utf8'), status: child.status };
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('JSON log lines on stderr', () => {
  it.each(Object.entries(ENDINGS))('are all written, whole and in order, however the process ends: %s', (_, ending) => {
    for (let run = 0; run < RUNS; run++) expectAllLines(ending);
  });

  it.each(Object.entries(ENDINGS))('are all written, whole and in order, while every thread of the pool is busy: %s', (_, ending) => {
    expectAllLines(ending, BUSY_POOL);
  });

  it.each(Object.entries(ENDINGS))('are all written, whole and in order, when stderr is a file: %s', (_, ending) => {
    expectAllLines(ending, '', true);
  });

  it('are waited for by an exit with a code of its own, which the process then ends with (a failed start, a rejected token)', () => {
    const waitThenExit = `const { stderrLinesWritten } = await import(${JSON.stringify(STDERR_LINES_JS)}); logger.log('stopping', 'Main'); await stderrLinesWritten(); process.exit(3);`;
    expect(logThenEnd(waitThenExit).status).toBe(3);
    expectAllLines(waitThenExit);
  });

  function expectAllLines(ending: string, prelude = '', toFile = false): void {
    const { stdout, stderr } = logThenEnd(ending, prelude, toFile);
    const lines = stderr.split('\n').filter((line) => line.startsWith('{'));
    const logged = lines.map((line) => JSON.parse(line) as { n?: number; msg: string; text?: string; detail?: { text: string } });
    const numbered = logged.filter((line) => line.n !== undefined);
    const written = numbered.map((line) => line.n);
    expect(written).toEqual(Array.from({ length: LINES }, (_, i) => i));
    for (const line of numbered) {
      const n = line.n ?? -1;
      if (n % 3 === 0) expect(line.detail).toEqual({ text: 'pino é' });
      else expect(line.text).toBe(`ação 日本 "q" ${'x'.repeat(n % 90)}`);
    }
    expect(logged.length - numbered.length).toBe(ending.includes('logger.') ? 1 : 0);
    if (ending.includes('logger.')) expect(logged.at(-1)?.msg).toMatch(/^(stopping|cannot go on)$/);
    // stdout is the protocol's on stdio: no log line ever goes there.
    expect(stdout).toBe('');
  }
});
