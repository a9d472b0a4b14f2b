import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boolFlag, isMain, numberFlag, type Flags } from '../lib/args.js';
import { runCommand } from '../lib/commands.js';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { compile } from '../lib/build.js';
import { BENCH_DIR, DIST_DIR, MAIN_JS, PRODUCT_NODE_ARGS, RESULTS_DIR, ROOT_DIR, assertBuilt } from '../lib/paths.js';
import { versionOf } from '../lib/versions.js';
import { cpuMsOf, freePort, rssOf, spawnNode, waitForHttp } from '../lib/proc.js';
import { productEnv } from '../lib/product.js';
import { Report } from '../lib/report.js';
import { fmtBytes, fmtMs, median, ratio, table } from '../lib/stats.js';

/**
 * Time from spawning the process to GET /ready answering 200, and the idle RSS once started:
 * intentdesk on a fresh SQLite file (migrations + demo seed) and on an existing one, against a bare
 * node:http server started the same way.
 */

interface Sample {
  readyMs: number;
  /** CPU time the process used until ready: less sensitive than wall time to other work on the machine. */
  cpuMs: number;
  rss: number;
}

async function startOnce(name: string, args: string[], env: Record<string, string | undefined>, settleMs: number, anyStatus = false): Promise<Sample> {
  const port = await freePort();
  const t0 = performance.now();
  const server = spawnNode({ name, args, env: { ...env, PORT: String(port) }, port, cwd: ROOT_DIR, logFile: `${RESULTS_DIR}logs/startup-${name}.log` });
  try {
    await waitForHttp(`${server.url}/ready`, { status: anyStatus ? undefined : 200, everyMs: 5, timeoutMs: 120_000, child: server.child });
    const readyMs = performance.now() - t0;
    const cpuMs = cpuMsOf(server.pid);
    await new Promise((r) => setTimeout(r, settleMs));
    return { readyMs, cpuMs, rss: rssOf(server.pid) };
  } finally {
    await server.stop();
  }
}

/** Bare import specifiers used by the built product (dist/src). */
function productImports(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) {
        for (const m of readFileSync(path, 'utf8').matchAll(/\bfrom '([^'.][^']*)'/g)) found.add(m[1]);
      }
    }
  };
  walk(`${DIST_DIR}src`);
  return found;
}

const UNBUNDLED_MAIN_JS = `${DIST_DIR}src/main.unbundled.js`;

/** The module main.js loads the application from: the bundle's chunk for bootstrap.js when the build bundled it. */
function bootstrapModule(): string {
  const chunks = `${DIST_DIR}src/bundle/`;
  const chunk = existsSync(chunks) ? readdirSync(chunks).find((f) => /^bootstrap-\w+\.js$/.test(f)) : undefined;
  return chunk ? `${chunks}${chunk}` : `${DIST_DIR}src/bootstrap.js`;
}

export async function run(flags: Flags = {}): Promise<string> {
  assertBuilt();
  const report = new Report('Startup: spawn to GET /ready 200, and idle RSS');
  const reps = numberFlag(flags, 'reps', 5);
  const settleMs = numberFlag(flags, 'settle', 1000);
  const keep = boolFlag(flags, 'keep', false);
  const work = mkdtempSync(join(tmpdir(), 'intentdesk-bench-startup-'));
  try {
    const existing = join(work, 'existing.sqlite');
    const samples: Record<string, Sample[]> = { bare: [], fresh: [], existing: [], unbundled: [], nest: [], imports: [] };
    // The existing database: migrated and seeded by a first start (not measured).
    await startOnce('intentdesk-prepare', [...PRODUCT_NODE_ARGS, MAIN_JS], productEnv(`sqlite:${existing}`, 0), 0);
    const built = await compile({ 'mcp-nest': 'load/servers/mcp-nest.ts' });
    const nestEnv = {
      PATH: process.env.PATH,
      BENCH_SQLITE: existing,
      INTENTDESK_ROOT: ROOT_DIR,
      BENCH_MCP_NEST_VERSION: versionOf(createRequire(`${BENCH_DIR}package.json`), '@rekog/mcp-nest'),
    };
    const bootstrap = bootstrapModule();
    const importOnly = `await import(${JSON.stringify(bootstrap)});`;
    // The modules as tsc emitted them, loaded one by one (the build bundles main.js; see scripts/bundle.mjs).
    const unbundled = existsSync(UNBUNDLED_MAIN_JS) ? UNBUNDLED_MAIN_JS : null;
    for (let i = 0; i < reps; i++) {
      const t0 = performance.now();
      const imported = spawnSync(process.execPath, ['--input-type=module', '-e', importOnly], { cwd: ROOT_DIR, env: { PATH: process.env.PATH } });
      if (imported.status !== 0) throw new Error(`importing bootstrap.js failed: ${imported.stderr.toString().slice(0, 500)}`);
      samples.imports.push({ readyMs: performance.now() - t0, cpuMs: NaN, rss: NaN });
      samples.nest.push(await startOnce('mcp-nest', [built['mcp-nest']], nestEnv, settleMs, true));
      // Interleaved so that drift on a noisy machine hits every variant alike.
      samples.bare.push(await startOnce('bare', [`${BENCH_DIR}startup/bare-server.mjs`], { PATH: process.env.PATH }, settleMs));
      samples.fresh.push(await startOnce('intentdesk-fresh', [...PRODUCT_NODE_ARGS, MAIN_JS], productEnv(`sqlite:${join(work, `fresh-${i}.sqlite`)}`, 0), settleMs));
      samples.existing.push(await startOnce('intentdesk-existing', [...PRODUCT_NODE_ARGS, MAIN_JS], productEnv(`sqlite:${existing}`, 0), settleMs));
      if (unbundled) samples.unbundled.push(await startOnce('intentdesk-unbundled', [...PRODUCT_NODE_ARGS, unbundled], productEnv(`sqlite:${existing}`, 0), settleMs));
      report.log(`rep ${i + 1}/${reps}: bare ${fmtMs(samples.bare[i].readyMs)}, fresh ${fmtMs(samples.fresh[i].readyMs)}, existing ${fmtMs(samples.existing[i].readyMs)}`);
    }
    const med = (k: string, f: keyof Sample) => median(samples[k].map((s) => s[f]));
    const range = (k: string) => `${fmtMs(Math.min(...samples[k].map((s) => s.readyMs)))} – ${fmtMs(Math.max(...samples[k].map((s) => s.readyMs)))}`;
    const row = (label: string, k: string) => [
      label,
      fmtMs(med(k, 'readyMs')),
      range(k),
      k === 'bare' ? '1.00x' : ratio(med(k, 'readyMs'), med('bare', 'readyMs')),
      fmtMs(med(k, 'cpuMs')),
      fmtBytes(med(k, 'rss')),
      k === 'bare' ? '1.00x' : ratio(med(k, 'rss'), med('bare', 'rss')),
    ];
    const rows = [
      row('(baseline) bare node:http', 'bare'),
      row('intentdesk, fresh SQLite (migrate + seed)', 'fresh'),
      row('intentdesk, existing SQLite', 'existing'),
      ...(unbundled ? [row('(reference) the same, modules not bundled (dist/src/main.unbundled.js)', 'unbundled')] : []),
      row('(reference) minimal NestJS app on @rekog/mcp-nest, one tool', 'nest'),
      [`(part of it) node importing ${bootstrap.slice(DIST_DIR.length - 'dist/'.length)}, then exit`, fmtMs(med('imports', 'readyMs')), range('imports'), ratio(med('imports', 'readyMs'), med('bare', 'readyMs')), 'n/a', 'n/a', 'n/a'],
    ];
    report.add(
      `Median of ${reps} starts each (interleaved), polling /ready every 5 ms; idle RSS read from /proc/<pid>/status ${settleMs} ms after ready.\n\n` +
        table(['server', 'spawn → ready (median)', 'min – max', 'vs baseline', 'CPU until ready', 'idle RSS (median)', 'vs baseline'], rows),
    );
    const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const MiB = 1024 * 1024;
    report.add(
      [
        '**Targets** (informational; wall times hold on a quiet machine, the CPU column shows how much of a slow start was the machine being busy):',
        '',
        `- existing SQLite, spawn → ready <= 1.0 s: ${mark(med('existing', 'readyMs') <= 1000)} (${fmtMs(med('existing', 'readyMs'))})`,
        `- fresh SQLite, spawn → ready <= 2 s: ${mark(med('fresh', 'readyMs') <= 2000)} (${fmtMs(med('fresh', 'readyMs'))})`,
        `- idle RSS <= 120 MiB: ${mark(med('existing', 'rss') <= 120 * MiB)} (existing ${fmtBytes(med('existing', 'rss'))}, fresh ${fmtBytes(med('fresh', 'rss'))})`,
      ].join('\n'),
    );

    // Where module loading goes: each runtime dependency of the product imported alone in a fresh
    // process (after reflect-metadata, which Nest needs first), minus that process without it.
    // Dependencies share sub-dependencies, so the rows overlap and do not add up.
    const deps = Object.keys((JSON.parse(readFileSync(`${ROOT_DIR}package.json`, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});
    const importTime = (specifiers: string[]) => {
      const code = specifiers.map((s) => `await import(${JSON.stringify(s)});`).join(' ');
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT_DIR, env: { PATH: process.env.PATH } });
        if (r.status !== 0) return NaN;
        times.push(performance.now() - t0);
      }
      return median(times);
    };
    const floor = importTime(['reflect-metadata']);
    // What the product imports of each dependency (a package without a root export is loaded by its subpaths).
    const used = productImports();
    const rowsByDep = deps
      .filter((d) => d !== 'reflect-metadata')
      .map((d) => {
        const specs = [...used].filter((s) => s === d || s.startsWith(`${d}/`));
        return { d, ms: importTime(['reflect-metadata', ...(specs.length ? specs : [d])]) - floor };
      })
      .sort((x, y) => y.ms - x.ms);
    report.add(
      `**Module loading**: node importing ${bootstrap.slice(DIST_DIR.length - 'dist/'.length)} takes ${fmtMs(med('imports', 'readyMs'))} of the ${fmtMs(med('existing', 'readyMs'))} to ready. ` +
        `Each runtime dependency imported alone (fresh process, median of 3, minus ${fmtMs(floor)} for node + reflect-metadata; shared sub-dependencies make rows overlap):\n\n` +
        table(
          ['dependency', 'import cost'],
          rowsByDep.map((r) => [r.d, Number.isNaN(r.ms) ? 'failed alone' : fmtMs(r.ms)]),
        ),
    );
    return report.toString();
  } finally {
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const { writeSummary } = await import('../lib/summary.js');
  await runCommand('startup', async (flags) => void writeSummary('startup', await run(flags)));
}
