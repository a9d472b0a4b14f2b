import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { type Flags, isMain, listFlag, numberFlag } from '../lib/args.js';
import { runCommand } from '../lib/commands.js';
import { callOk, toolsCallBody } from '../lib/mcp.js';
import { RESULTS_DIR, ROOT_DIR } from '../lib/paths.js';
import { summarizeAllocations } from '../lib/heapprofile.js';
import { cpuMsOf, type Spawned } from '../lib/proc.js';
import { askProfiler, PROFILER_HOOK } from '../lib/profiler-ipc.js';
import { addTicketsViaRest, createToken, openSession, readTicketsViaRest, startProduct, ticketArgs } from '../lib/product.js';
import { Report } from '../lib/report.js';
import { loadToolsCall } from '../lib/tools-call-load.js';
import { fmt, fmtMs, median, table } from '../lib/stats.js';

/**
 * Product processes compared with each other: ticket_get on several intentdesk processes sharing
 * one SQLite file, each with its own node flags, environment or history (REST ticket creates served
 * before the load), the processes taking turns round by round. What it separates: an effect of a few
 * percent that separate runs of load/run.ts cannot, since the machine's speed varies more than that
 * from one minute to the next; each round is paired with process p0's round next to it.
 *
 * Usage: `node --import tsx load/processes.ts --p0 "" --p1 "flags=--single-threaded-gc"
 * [--p2 "writes=300 env=LOG_LEVEL=warn"] [--p3 "build=dist-before"] [--connections 8,32] [--rounds 5] [--duration 3]
 * [--tool ticket_create]`. `--tool ticket_create`: the load is `ticket_create` dry runs instead (each a
 * write transaction, rolled back: what waits for the audit's batches in the write turn).
 * A process's description holds space-separated `flags=<one node flag>` (repeatable, added to
 * those of `npm start`), `env=<NAME=value>` (repeatable), `writes=<n>` (ticket creates it
 * serves through REST first), `rest-reads=<n>` (REST ticket reads it serves first), `mcp-writes=<n>`
 * (ticket creates it serves through MCP first) and `build=<dir>` (another build: a copy of dist/ made before a change,
 * relative to the repository root; it must sit inside the repository to load the product's
 * node_modules). Without --p0..--p9: two identical processes, the noise between them.
 * `--allocations`: then what a call allocates in each process (V8's sampling heap profiler over one
 * more round at 8 connections, the objects young-generation collections reclaim included): bytes a
 * call and the functions that allocate most, the product's through the bundle's source maps. Unlike
 * req/s, it hardly moves with the machine, so one run compares two builds.
 */

interface Variant {
  label: string;
  nodeArgs: string[];
  env: Record<string, string>;
  /** REST ticket creates (POST /api/tickets) served before the load. */
  restWrites: number;
  /** REST ticket reads (GET /api/tickets/:id) served before the load. */
  restReads: number;
  /** Ticket creates served through MCP (tools/call ticket_create) before the load. */
  mcpWrites: number;
  /** Another build's entry, dist/src/main.js of a copy of dist/; undefined: this checkout's build. */
  mainJs?: string;
}

interface Round {
  rps: number;
  p99: number;
  cpuUsPerCall: number;
}

const MAX_PROCESSES = 10;

/** A process's description (`flags=… env=… writes=… rest-reads=… mcp-writes=… build=…`). */
function parseVariant(label: string, description: string): Variant {
  const variant: Variant = { label, nodeArgs: [], env: {}, restWrites: 0, restReads: 0, mcpWrites: 0 };
  for (const token of description.split(/\s+/).filter(Boolean)) {
    const eq = token.indexOf('=');
    const key = token.slice(0, eq);
    const value = token.slice(eq + 1);
    if (key === 'flags') variant.nodeArgs.push(value);
    else if (key === 'env' && value.includes('=')) variant.env[value.slice(0, value.indexOf('='))] = value.slice(value.indexOf('=') + 1);
    else if (key === 'writes' && /^\d+$/.test(value)) variant.restWrites = Number(value);
    else if (key === 'rest-reads' && /^\d+$/.test(value)) variant.restReads = Number(value);
    else if (key === 'mcp-writes' && /^\d+$/.test(value)) variant.mcpWrites = Number(value);
    else if (key === 'build' && value) variant.mainJs = buildEntry(label, value);
    else throw new Error(`--${label}: '${token}' is not flags=<node flag>, env=<NAME=value>, writes=<n>, rest-reads=<n>, mcp-writes=<n> or build=<dir>`);
  }
  return variant;
}

/**
 * The entry of the build in `dir` (relative to the repository root), which must exist and sit inside
 * the repository: a build elsewhere would not find the product's node_modules.
 */
function buildEntry(label: string, dir: string): string {
  const main = join(resolve(ROOT_DIR, dir), 'src', 'main.js');
  if (!main.startsWith(ROOT_DIR)) throw new Error(`--${label}: ${dir} is outside the repository (${ROOT_DIR}); copy dist/ inside it (cp -r dist dist-before)`);
  if (!existsSync(main)) throw new Error(`--${label}: ${main} is missing: build=<dir> names a copy of dist/ (cp -r dist ${dir})`);
  return main;
}

function variantsOf(flags: Flags): Variant[] {
  const given: Variant[] = [];
  for (let i = 0; i < MAX_PROCESSES; i++) {
    const raw = flags[`p${i}`];
    if (raw === undefined) continue;
    given.push(parseVariant(`p${i}`, typeof raw === 'string' ? raw : ''));
  }
  return given.length >= 2 ? given : [parseVariant('p0', ''), parseVariant('p1', '')];
}

function describe(variant: Variant): string {
  const parts = [...variant.nodeArgs, ...Object.entries(variant.env).map(([k, v]) => `${k}=${v}`)];
  if (variant.restWrites > 0) parts.push(`served ${variant.restWrites} REST creates first`);
  if (variant.restReads > 0) parts.push(`served ${variant.restReads} REST reads first`);
  if (variant.mcpWrites > 0) parts.push(`served ${variant.mcpWrites} MCP creates first`);
  if (variant.mainJs) parts.push(`build ${variant.mainJs.slice(ROOT_DIR.length)}`);
  return parts.length ? parts.join(', ') : 'as `npm start`';
}

async function load(server: Spawned, token: string, body: () => string, connections: number, duration: number): Promise<Round> {
  const cpu0 = cpuMsOf(server.pid);
  const run = await loadToolsCall(server.url, token, body, connections, duration);
  if (run.failed > 0) throw new Error(`${server.url}: ${run.failed} calls failed, the first: ${run.firstFailure ?? 'an error or a timeout'}`);
  const latencies = [...run.latencies].sort((a, b) => a - b);
  return {
    rps: run.total / run.seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
    cpuUsPerCall: ((cpuMsOf(server.pid) - cpu0) * 1000) / Math.max(1, run.total),
  };
}

/** What a call allocates in each process, over one round at 8 connections under the sampling heap profiler. */
async function allocationsOf(servers: Spawned[], variants: Variant[], token: string, tool: string, body: () => string, duration: number): Promise<string> {
  const parts: string[] = [];
  for (const [i, server] of servers.entries()) {
    const file = `${RESULTS_DIR}profiles/processes-${variants[i].label}.heapprofile`;
    mkdirSync(dirname(file), { recursive: true });
    await askProfiler(server.child, { bench: 'heap-start' }, 'heap-started');
    const run = await loadToolsCall(server.url, token, body, 8, duration);
    await askProfiler(server.child, { bench: 'heap-stop', file }, 'heap-written');
    const summary = summarizeAllocations(file, 12);
    const calls = Math.max(1, run.total);
    parts.push(
      `**${variants[i].label}** (${describe(variants[i])}): ${fmt(summary.totalBytes / calls / 1024, 1)} KiB a call over ${calls} calls (${file.slice(RESULTS_DIR.length)})\n\n` +
        table(
          ['function', 'where', 'bytes a call'],
          summary.sites.map((site) => [site.name, site.where, fmt(site.bytes / calls, 0)]),
        ),
    );
  }
  return `**Allocations of a ${tool}** (sampling heap profiler, objects reclaimed by either collector included; each process's whole heap, its other threads' isolates aside):\n\n${parts.join('\n\n')}`;
}

/** The tool the load calls: `ticket_get` (by default) or `ticket_create` dry runs. */
function toolOf(flags: Flags): 'ticket_get' | 'ticket_create' {
  const tool = flags.tool ?? 'ticket_get';
  if (tool !== 'ticket_get' && tool !== 'ticket_create') throw new Error(`--tool: ${String(tool)} is not ticket_get or ticket_create`);
  return tool;
}

export async function run(flags: Flags = {}): Promise<string> {
  const variants = variantsOf(flags);
  const connectionsList = listFlag(flags, 'connections', [8]);
  const rounds = numberFlag(flags, 'rounds', 5);
  const duration = numberFlag(flags, 'duration', 3);
  const warmup = numberFlag(flags, 'warmup', 3);
  const allocations = flags.allocations === true;
  const tool = toolOf(flags);
  const report = new Report(`Product processes compared: ${tool}`);
  const work = mkdtempSync(join(tmpdir(), 'intentdesk-bench-processes-'));
  const databaseUrl = `sqlite:${join(work, 'bench.sqlite')}`;
  const servers: Spawned[] = [];
  try {
    // The tickets are created by a process of their own, which then stops: none of the compared
    // processes has served a write unless its description says so.
    const seeder = await startProduct({ databaseUrl, name: 'seeder', logFile: `${RESULTS_DIR}logs/processes-seeder.log` });
    const token = await createToken(databaseUrl, 'glpi', 'mcp,api');
    const ids = [1, 2, 3, 4, ...(await addTicketsViaRest(seeder.url, token, 300))];
    const sessionId = await openSession(seeder.url, token, 'ticket');
    await seeder.stop('SIGTERM');
    for (const variant of variants) {
      const server = await startProduct({
        databaseUrl,
        name: variant.label,
        logFile: `${RESULTS_DIR}logs/processes-${variant.label}.log`,
        nodeArgs: allocations ? [...variant.nodeArgs, '--import', PROFILER_HOOK] : variant.nodeArgs,
        env: variant.env,
        mainJs: variant.mainJs,
        ipc: allocations,
      });
      servers.push(server);
      if (variant.restWrites > 0) await addTicketsViaRest(server.url, token, variant.restWrites);
      await readTicketsViaRest(server.url, token, ids, variant.restReads);
      for (let i = 0; i < variant.mcpWrites; i++)
        await callOk(server.url, token, 'ticket_create', { domain: 'ticket', session_id: sessionId, ...ticketArgs(i) });
    }
    let cursor = 0;
    const body =
      tool === 'ticket_get'
        ? () => toolsCallBody('ticket_get', { domain: 'ticket', session_id: sessionId, id: ids[cursor++ % ids.length] })
        : () => toolsCallBody('ticket_create', { domain: 'ticket', session_id: sessionId, dry_run: true, ...ticketArgs(cursor++) });
    for (const server of servers) await load(server, token, body, 8, warmup);

    const rows: Array<Array<string | number>> = [];
    for (const connections of connectionsList) {
      const byProcess: Round[][] = servers.map(() => []);
      for (let round = 0; round < rounds; round++) {
        // Each round starts one process later, so no process is always first after a pause.
        for (let k = 0; k < servers.length; k++) {
          const i = (k + round) % servers.length;
          byProcess[i].push(await load(servers[i], token, body, connections, duration));
        }
      }
      report.log(`c=${connections} req/s: ${byProcess.map((r, i) => `${variants[i].label} ${r.map((x) => fmt(x.rps, 0)).join('/')}`).join('; ')}`);
      report.log(`c=${connections} p99 ms: ${byProcess.map((r, i) => `${variants[i].label} ${r.map((x) => x.p99.toFixed(2)).join('/')}`).join('; ')}`);
      byProcess.forEach((own, i) => {
        const faster = i === 0 ? '—' : `${own.filter((r, n) => r.rps > byProcess[0][n].rps).length} / ${rounds}`;
        rows.push([
          variants[i].label,
          describe(variants[i]),
          connections,
          fmt(median(own.map((r) => r.rps)), 0),
          fmtMs(median(own.map((r) => r.p99))),
          fmt(median(own.map((r) => r.cpuUsPerCall)), 0),
          faster,
        ]);
      });
    }
    if (allocations) report.add(await allocationsOf(servers, variants, token, tool, body, duration));
    report.add(
      `Processes on one SQLite file (demo seed + 300 tickets, created by a process that then stopped), ${tool === 'ticket_get' ? `ticket_get over ${ids.length} ids` : 'ticket_create dry runs'}; ` +
        `${rounds} rounds of ${duration}s per concurrency, the processes in turn (req/s, p99 and CPU: medians of rounds; CPU: the whole process's, all threads).\n\n` +
        table(['process', 'started with', 'conns', 'req/s', 'p99', 'CPU µs/call', 'rounds faster than p0'], rows),
    );
    return report.toString();
  } finally {
    for (const server of servers) await server.stop('SIGTERM');
    if (!flags.keep) rmSync(work, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await runCommand('processes', async (flags) => void process.stdout.write(await run(flags)));
