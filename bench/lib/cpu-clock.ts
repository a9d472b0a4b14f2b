import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { endsWithBench } from './children.js';

/**
 * Where a server's main thread spends its CPU, by the CPU clock: `perf record -e cpu-clock -g` on
 * the process while a load runs, each sample of the main thread given to one category by the
 * native frames on its stack. V8's own sampler (cpuprofile.ts) counts wall time between samples:
 * under load a native call the thread is inside when a sample is late (the load generator shares
 * the cores) weighs more there than it costs, so it shows direction, not the size of a gap between
 * two processes. The CPU clock only counts time the thread ran.
 *
 * No JIT symbols are needed: the categories are told apart by native frames (better-sqlite3's
 * statements, V8's JSON and GC, the write system calls, llhttp); what is left is JavaScript and
 * V8's runtime under it. Needs `perf` and a kernel that lets this user profile the process; when
 * either is missing the breakdown says why instead.
 */

const run = promisify(execFile);

/** The categories, in the order a sample is tested against them (the first that matches takes it). */
const CATEGORIES: ReadonlyArray<readonly [string, (stack: readonly string[]) => boolean]> = [
  ['SQLite: statements and the rows better-sqlite3 builds', (s) => s.some((f) => /^(Statement|Database)::JS_/.test(f))],
  ['garbage collection', (s) => s.some((f) => /^v8::internal::(Heap::|Scavenger|MarkCompact|Sweeper|ConcurrentMarking|MinorMarkSweep)/.test(f))],
  ['JSON.stringify and JSON.parse', (s) => s.some((f) => /JsonStringif|JsonParse/.test(f))],
  ['socket writes (the kernel also wakes the reader)', (s) => s.some((f) => /writev|__libc_write|uv__try_write|uv_try_write/.test(f))],
  ['HTTP parsing (llhttp itself)', (s) => /^llhttp/.test(s[0] ?? '')],
  ['socket reads, event loop, kernel (no JavaScript on the stack)', (s) => !s.some(isJavaScript)],
  ["JavaScript and V8's runtime under it (framework, product, Node's http)", () => true],
];

/** A JIT frame without symbols shows as [unknown]; builtins and the interpreter are named Builtins_*. */
function isJavaScript(frame: string): boolean {
  return frame === '[unknown]' || frame.startsWith('Builtins_') || frame.startsWith('JS:');
}

export interface ClockBreakdown {
  /** Main-thread CPU in ms by category, in CATEGORIES' order. */
  readonly categories: ReadonlyArray<{ name: string; ms: number }>;
  readonly mainThreadMs: number;
}

export type ClockResult<T> = { value: T; breakdown: ClockBreakdown } | { value: T; unavailable: string };

const SAMPLES_PER_SECOND = 2000;

/**
 * Runs `during` while perf samples process `pid` (every thread; the main thread's tid is the pid),
 * then reads the samples back from `file`. `during`'s value is returned in either case; a perf that
 * cannot start or attach is reported, not thrown (ask cpuClockUnavailable first to skip the load).
 */
export async function cpuClockOf<T>(pid: number, file: string, during: () => Promise<T>): Promise<ClockResult<T>> {
  const perf = endsWithBench(
    spawn('perf', ['record', '-q', '-e', 'cpu-clock', '-F', String(SAMPLES_PER_SECOND), '-g', '-p', String(pid), '-o', file], {
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let stderr = '';
  let failed: string | undefined;
  perf.on('error', (error) => (failed = error.message));
  perf.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // perf prints nothing once attached; a short wait keeps the first moments of the load in the record.
  await new Promise((resolve) => setTimeout(resolve, 300));
  if (failed !== undefined || perf.exitCode !== null) {
    return { value: await during(), unavailable: `perf record: ${failed ?? (stderr.trim().split('\n')[0] || `exited with code ${perf.exitCode}`)}` };
  }
  let value: T;
  try {
    value = await during();
  } finally {
    await stop(perf);
  }
  try {
    const { stdout } = await run('perf', ['script', '-i', file, '--tid', String(pid), '-F', 'ip,sym'], { maxBuffer: 1024 * 1024 * 1024 });
    return { value, breakdown: breakdownOf(stdout) };
  } catch (error) {
    return { value, unavailable: `perf script failed: ${(error as Error).message.split('\n')[0]}` };
  }
}

/** Main-thread samples (perf script's `ip sym` lines, one stack per blank-line-separated block) by category. */
export function breakdownOf(script: string): ClockBreakdown {
  const counts = new Array<number>(CATEGORIES.length).fill(0);
  let samples = 0;
  for (const block of script.split(/\n\s*\n/)) {
    const stack = block
      .split('\n')
      .map((line) => line.trim().replace(/^[0-9a-f]+\s+/, ''))
      .filter(Boolean);
    if (!stack.length) continue;
    samples++;
    counts[CATEGORIES.findIndex(([, matches]) => matches(stack))]++;
  }
  const msPerSample = 1000 / SAMPLES_PER_SECOND;
  return {
    categories: CATEGORIES.map(([name], i) => ({ name, ms: counts[i] * msPerSample })),
    mainThreadMs: samples * msPerSample,
  };
}

/** Why the CPU clock cannot be read on this machine (no `perf`); undefined when it can be tried. */
export async function cpuClockUnavailable(): Promise<string | undefined> {
  try {
    await run('perf', ['--version']);
    return undefined;
  } catch {
    return 'perf not found (apt-get install linux-perf)';
  }
}

function stop(perf: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (perf.exitCode !== null) return resolve();
    perf.once('exit', () => resolve());
    perf.kill('SIGINT');
  });
}
