import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import { endsWithBench } from './children.js';

const CLK_TCK = 100;

/** Resident set size of `pid` in bytes (VmRSS of /proc/<pid>/status), or NaN when unavailable. */
export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** User + system CPU time of `pid` in ms (from /proc/<pid>/stat), or NaN. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[11] = utime, fields[12] = stime (0-based after the comm field)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return NaN;
  }
}

/** Samples the RSS of `pid` every `everyMs` until stopped; returns the peak. */
export function sampleRss(pid: number, everyMs = 100): { stop(): number } {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    const now = rssOf(pid);
    if (now > peak || Number.isNaN(peak)) peak = now;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const now = rssOf(pid);
      return Math.max(peak, Number.isNaN(now) ? 0 : now);
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Spawned {
  name: string;
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  /** Ends this process (by its pid) and waits for it to exit. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  name: string;
  args: string[];
  env: Record<string, string | undefined>;
  cwd?: string;
  port: number;
  /** stdout+stderr of the child go here (so a chatty server never blocks on a full pipe). */
  logFile: string;
  /** Open an IPC channel (used by the profiler hook). */
  ipc?: boolean;
}

/** Spawns `node <args>`; does not wait for readiness (see waitForHttp). */
export function spawnNode(options: SpawnOptions): Spawned {
  mkdirSync(dirname(options.logFile), { recursive: true });
  // The child writes its output to the log file itself: relayed through a pipe, every line it logs
  // would be read and written again by this process, which also runs the load generator.
  const log = openSync(options.logFile, 'a');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.env)) if (v !== undefined) env[k] = v;
  let child: ChildProcess;
  try {
    child = endsWithBench(
      spawn(process.execPath, options.args, { cwd: options.cwd, env, stdio: options.ipc ? ['ignore', log, log, 'ipc'] : ['ignore', log, log] }),
    );
  } finally {
    closeSync(log);
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pid = child.pid!;
  return {
    name: options.name,
    child,
    pid,
    port: options.port,
    url: `http://127.0.0.1:${options.port}`,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(pid, signal);
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
      }, timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers with `status` (any status when undefined); returns ms waited. */
export async function waitForHttp(url: string, opts: { status?: number; timeoutMs?: number; everyMs?: number; child?: ChildProcess } = {}): Promise<number> {
  const t0 = performance.now();
  const timeout = opts.timeoutMs ?? 60_000;
  for (;;) {
    if (opts.child && (opts.child.exitCode !== null || opts.child.signalCode !== null)) {
      throw new Error(`process exited (code ${opts.child.exitCode}, signal ${opts.child.signalCode}) before ${url} answered`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (opts.status === undefined || res.status === opts.status) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > timeout) throw new Error(`${url} did not answer within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 20));
  }
}

/** Runs `node <args>` to completion and returns stdout (throws with stderr on failure). */
export async function runNode(args: string[], env: Record<string, string | undefined>, cwd?: string): Promise<string> {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) clean[k] = v;
  return new Promise((resolve, reject) => {
    const child = endsWithBench(spawn(process.execPath, args, { cwd, env: clean, stdio: ['ignore', 'pipe', 'pipe'] }));
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`node ${args.join(' ')} exited ${code}: ${err.slice(-2000)}`))));
  });
}
