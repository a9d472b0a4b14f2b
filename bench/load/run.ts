import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boolFlag, isMain, listFlag, numberFlag, type Flags } from '../lib/args.js';
import { runCommand } from '../lib/commands.js';
import { askProfiler, PROFILER_HOOK } from '../lib/profiler-ipc.js';
import { compile } from '../lib/build.js';
import { cpuClockOf, cpuClockUnavailable } from '../lib/cpu-clock.js';
import { summarizeProfile } from '../lib/cpuprofile.js';
import { summarizeTail, type TailTiming } from '../lib/tail.js';
import { rpc, toolsCallBody } from '../lib/mcp.js';
import { loadToolsCall } from '../lib/tools-call-load.js';
import { BENCH_DIR, RESULTS_DIR, ROOT_DIR, rootRequire } from '../lib/paths.js';
import { cpuMsOf, freePort, rssOf, sampleRss, spawnNode, waitForHttp, type Spawned } from '../lib/proc.js';
import { addTicketsViaRest, createToken, openSession, startProduct, ticketArgs } from '../lib/product.js';
import { startApp } from '../lib/inprocess.js';
import { Report } from '../lib/report.js';
import { versionOf } from '../lib/versions.js';
import { fmt, fmtBytes, fmtMs, median, percentile, ratio, table } from '../lib/stats.js';

/**
 * Throughput and latency of tools/call over Streamable HTTP: intentdesk (whole chain) for
 * ticket_get, ticket_search and ticket_create (dry run), baselines serving the same ticket_get over
 * the same SQLite file, and the data-bound floor (d) of each tool, all measured in this run. autocannon runs in this process;
 * every server is a child process.
 */

type ServerKey = 'intentdesk' | 'traced' | 'bare' | 'data' | 'dataTools' | 'sdk' | 'nest';

interface Target {
  key: ServerKey;
  label: string;
  server: Spawned;
  token?: string;
  /** Answered a tools/call without a prior initialize. */
  noInitialize: boolean;
  bodyBytes: number;
  idleRss: number;
}

interface Point {
  key: ServerKey;
  tool: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  total: number;
  failed: number;
  peakRss: number;
  cpuMsPerReq: number;
}

/** Diagnostic point: ticket_get always on the same id (prepared-statement reuse vs rotating ids). */
const ONE_ID = 'ticket_get, one id';

const LABELS: Record<ServerKey, string> = {
  intentdesk: 'intentdesk (full chain)',
  traced: 'intentdesk, tracing on',
  bare: '(a) bare node:http',
  data: '(d) bare node:http, same SQL',
  dataTools: '(d) bare node:http, same SQL',
  sdk: '(b) MCP SDK 1.x minimal',
  nest: '(c) @rekog/mcp-nest v2',
};

interface LoadOptions {
  duration: number;
  rounds: number;
  warmup: number;
  connections: number[];
  tickets: number;
  profile: boolean;
  profileDuration: number;
  keep: boolean;
  /** Tracing on: intentdesk exports spans to an OTLP sink in this process (the cost of OTEL_EXPORTER_OTLP_ENDPOINT). */
  otel: boolean;
  /** A second intentdesk on the same file with tracing on (spans to the sink), run beside the first for ticket_get. */
  tracingCost: boolean;
  /** The tools loaded and profiled (ticket_get, ticket_search, ticket_create): a subset while working on some. */
  tools: string[];
}

const TOOLS = ['ticket_get', 'ticket_search', 'ticket_create'];

/** Accepts OTLP/HTTP exports and drops them: what tracing costs the server, not a collector. */
async function otlpSink(): Promise<{ url: string; close(): void; batches(): number }> {
  let batches = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      batches++;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close(), batches: () => batches };
}

function options(flags: Flags): LoadOptions {
  return {
    duration: numberFlag(flags, 'duration', 3),
    rounds: numberFlag(flags, 'rounds', 3),
    warmup: numberFlag(flags, 'warmup', 2),
    connections: listFlag(flags, 'connections', [1, 8, 32]),
    tickets: numberFlag(flags, 'tickets', 300),
    profile: boolFlag(flags, 'profile', true),
    profileDuration: numberFlag(flags, 'profile-duration', 5),
    keep: boolFlag(flags, 'keep', false),
    otel: boolFlag(flags, 'otel', false),
    tracingCost: boolFlag(flags, 'tracing-cost', true),
    tools: toolsFlag(flags),
  };
}

/** --tools ticket_search,ticket_create: which tools the load and the profile run (all by default). */
function toolsFlag(flags: Flags): string[] {
  const raw = flags.tools;
  if (raw === undefined || typeof raw === 'boolean') return TOOLS;
  const tools = String(raw).split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = tools.filter((t) => !TOOLS.includes(t));
  if (unknown.length) throw new Error(`--tools: unknown ${unknown.join(', ')} (one of ${TOOLS.join(', ')})`);
  return tools;
}

interface Sample {
  latencies: number[];
  total: number;
  seconds: number;
  failed: number;
  peakRss: number;
  cpuMs: number;
}

/** One autocannon run against `target`; latencies are collected at full (sub-ms) resolution. */
async function hit(target: Target, makeBody: () => string, connections: number, duration: number): Promise<Sample> {
  const rss = sampleRss(target.server.pid);
  const cpu0 = cpuMsOf(target.server.pid);
  const { latencies, total, seconds, failed } = await loadToolsCall(target.server.url, target.token, makeBody, connections, duration);
  return {
    latencies,
    total,
    seconds,
    failed,
    peakRss: rss.stop(),
    cpuMs: cpuMsOf(target.server.pid) - cpu0,
  };
}

/** Rounds of one point: throughput is the median round, latencies are pooled, CPU is summed. */
function aggregate(connections: number, samples: Sample[]): Omit<Point, 'key' | 'tool'> {
  const latencies = samples.flatMap((s) => s.latencies);
  const total = samples.reduce((n, s) => n + s.total, 0);
  const cpu = samples.reduce((n, s) => n + s.cpuMs, 0);
  return {
    connections,
    rps: median(samples.map((s) => s.total / s.seconds)),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    mean: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
    total,
    failed: samples.reduce((n, s) => n + s.failed, 0),
    peakRss: Math.max(...samples.map((s) => s.peakRss)),
    cpuMsPerReq: total ? cpu / total : NaN,
  };
}

function versions(): string {
  const bench = createRequire(`${BENCH_DIR}package.json`);
  const v = versionOf;
  return [
    `node ${process.version}`,
    `intentdesk: @modelcontextprotocol/sdk ${v(rootRequire, '@modelcontextprotocol/sdk')}, @nestjs/core ${v(rootRequire, '@nestjs/core')}, express ${v(rootRequire, 'express')}, typeorm ${v(rootRequire, 'typeorm')}, better-sqlite3 ${v(rootRequire, 'better-sqlite3')}`,
    `(b): @modelcontextprotocol/sdk ${v(rootRequire, '@modelcontextprotocol/sdk')} (the product's copy)`,
    `(c): @rekog/mcp-nest ${v(bench, '@rekog/mcp-nest')}, @modelcontextprotocol/server ${v(bench, '@modelcontextprotocol/server')}, @nestjs/core ${v(bench, '@nestjs/core')}`,
    `autocannon ${v(bench, 'autocannon')} in the orchestrating process (it shares the machine's cores with the server under test)`,
  ].join('; ');
}

export async function run(flags: Flags = {}): Promise<string> {
  const opts = options(flags);
  const report = new Report('Load: tools/call over Streamable HTTP');
  const work = mkdtempSync(join(tmpdir(), 'intentdesk-bench-load-'));
  const logs = `${RESULTS_DIR}logs/`;
  mkdirSync(logs, { recursive: true });
  const dbFile = join(work, 'bench.sqlite');
  const databaseUrl = `sqlite:${dbFile}`;
  const servers: Spawned[] = [];
  const sink = opts.otel || opts.tracingCost ? await otlpSink() : undefined;
  try {
    // 1. intentdesk on a fresh SQLite file: migrations + demo seed, then extra tickets through REST.
    report.log(`starting intentdesk on ${dbFile}`);
    if (sink && opts.otel) report.log(`tracing on: OTEL_EXPORTER_OTLP_ENDPOINT=${sink.url} (a sink in this process)`);
    const product = await startProduct({
      databaseUrl,
      logFile: `${logs}load-intentdesk.log`,
      env: sink && opts.otel ? { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url } : undefined,
    });
    servers.push(product);
    const token = await createToken(databaseUrl, 'glpi', 'mcp,api');
    report.log(`adding ${opts.tickets} tickets through POST /api/tickets`);
    const created = await addTicketsViaRest(product.url, token, opts.tickets);
    const ids = [1, 2, 3, 4, ...created];
    const sessionId = await openSession(product.url, token, 'ticket');
    // What tracing costs: the same build on the same file (a second replica), exporting its spans.
    const traced =
      sink && opts.tracingCost && !opts.otel && opts.tools.includes('ticket_get')
        ? await startProduct({ databaseUrl, name: 'traced', logFile: `${logs}load-intentdesk-traced.log`, env: { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url } })
        : undefined;
    if (traced) servers.push(traced);

    let cursor = 0;
    const nextId = () => ids[cursor++ % ids.length];
    const getArgs = (id: number) => ({ domain: 'ticket', session_id: sessionId, id });
    const bodies: Record<string, (key: ServerKey) => () => string> = {
      ticket_get: (key) => () => toolsCallBody('ticket_get', key === 'intentdesk' || key === 'traced' || key === 'data' ? getArgs(nextId()) : { id: nextId() }),
      [ONE_ID]: () => {
        const body = toolsCallBody('ticket_get', getArgs(created[0]));
        return () => body;
      },
      ticket_search: () => {
        const body = toolsCallBody('ticket_search', { domain: 'ticket', session_id: sessionId, itilcategories_id: 'Hardware', query: 'impressora' });
        return () => body;
      },
      ticket_create: () => {
        const body = toolsCallBody('ticket_create', { domain: 'ticket', session_id: sessionId, ...ticketArgs(2), dry_run: true });
        return () => body;
      },
    };

    // The size of intentdesk's ticket_get answers: baseline (a) pads its answers to it.
    let sizeSum = 0;
    for (const id of ids.slice(0, 20)) sizeSum += (await rpc(product.url, token, toolsCallBody('ticket_get', getArgs(id)))).bytes;
    const productBytes = Math.round(sizeSum / Math.min(20, ids.length));
    const searchBytes = (await rpc(product.url, token, bodies.ticket_search('intentdesk')())).bytes;
    const createBytes = (await rpc(product.url, token, bodies.ticket_create('intentdesk')())).bytes;

    // 2. Baselines, compiled to plain JS and run on bare node, reading the same file read-only.
    const built = await compile({
      'bare-http': 'load/servers/bare-http.ts',
      'bare-data': 'load/servers/bare-data.ts',
      'bare-data-tools': 'load/servers/bare-data-tools.ts',
      'sdk-minimal': 'load/servers/sdk-minimal.ts', 'mcp-nest': 'load/servers/mcp-nest.ts' });
    const baselineEnv = (port: number) => ({
      PATH: process.env.PATH,
      PORT: String(port),
      BENCH_SQLITE: dbFile,
      BENCH_BODY_BYTES: String(productBytes),
      BENCH_BODY_BYTES_TICKET_SEARCH: String(searchBytes),
      BENCH_BODY_BYTES_TICKET_CREATE: String(createBytes),
      INTENTDESK_ROOT: ROOT_DIR,
      BENCH_SDK_VERSION: versionOf(rootRequire, '@modelcontextprotocol/sdk'),
      BENCH_MCP_NEST_VERSION: versionOf(createRequire(`${BENCH_DIR}package.json`), '@rekog/mcp-nest'),
    });
    const spawnBaseline = async (key: ServerKey, file: string) => {
      const port = await freePort();
      const server = spawnNode({ name: key, args: [file], env: baselineEnv(port), port, logFile: `${logs}load-${key}.log`, cwd: BENCH_DIR });
      servers.push(server);
      await waitForHttp(`${server.url}/`, { child: server.child, timeoutMs: 60_000 });
      return server;
    };
    const bare = await spawnBaseline('bare', built['bare-http']);
    const data = await spawnBaseline('data', built['bare-data']);
    const dataTools = await spawnBaseline('dataTools', built['bare-data-tools']);
    const sdk = await spawnBaseline('sdk', built['sdk-minimal']);
    const nest = await spawnBaseline('nest', built['mcp-nest']);

    // 3. Every server must answer a tools/call with no initialize before it.
    const targets: Target[] = [];
    for (const [key, server, tok] of [
      ['intentdesk', product, token],
      ...(traced ? [['traced', traced, token]] : []),
      ['bare', bare, undefined],
      ['data', data, undefined],
      ['sdk', sdk, undefined],
      ['nest', nest, undefined],
    ] as Array<[ServerKey, Spawned, string | undefined]>) {
      const body = bodies.ticket_get(key)();
      const reply = await rpc(server.url, tok, body);
      const data = reply.json?.result?.structuredContent as { data?: { id?: unknown } } | undefined;
      const ok = reply.status === 200 && !reply.json?.result?.isError && typeof data?.data?.id === 'number';
      if (!ok) report.log(`${key}: tools/call without initialize failed: HTTP ${reply.status} ${reply.text.slice(0, 300)}`);
      targets.push({ key, label: LABELS[key], server, token: tok, noInitialize: ok, bodyBytes: reply.bytes, idleRss: rssOf(server.pid) });
    }
    // The floor of ticket_search and ticket_create answers those two tools: it must succeed on both.
    const toolFloorFailures: string[] = [];
    for (const tool of ['ticket_search', 'ticket_create']) {
      const reply = await rpc(dataTools.url, undefined, bodies[tool]('dataTools')());
      const status = (reply.json?.result?.structuredContent as { status?: unknown } | undefined)?.status;
      if (reply.status !== 200 || status !== 'success') toolFloorFailures.push(`${tool}: HTTP ${reply.status} ${reply.text.slice(0, 300)}`);
    }
    for (const failure of toolFloorFailures) report.log(`dataTools: ${failure}`);
    targets.push({ key: 'dataTools', label: LABELS.dataTools, server: dataTools, noInitialize: toolFloorFailures.length === 0, bodyBytes: searchBytes, idleRss: rssOf(dataTools.pid) });
    const usable = targets.filter((t) => t.noInitialize && t.key !== 'dataTools');
    const target = (key: ServerKey) => targets.find((t) => t.key === key)!;

    // 4. The load. Each (server, tool) is warmed up once; points are interleaved per concurrency.
    const points: Point[] = [];
    const plan: Array<{ key: ServerKey; tool: string }> = [
      ...usable.map((t) => ({ key: t.key, tool: 'ticket_get' })),
      ...(target('intentdesk').noInitialize ? [{ key: 'intentdesk' as const, tool: 'ticket_search' }, { key: 'intentdesk' as const, tool: 'ticket_create' }] : []),
      ...(target('dataTools').noInitialize ? [{ key: 'dataTools' as const, tool: 'ticket_search' }, { key: 'dataTools' as const, tool: 'ticket_create' }] : []),
    ].filter((p) => opts.tools.includes(p.tool));
    for (const p of plan) {
      report.log(`warm-up ${p.key} ${p.tool} (${opts.warmup}s)`);
      await hit(target(p.key), bodies[p.tool](p.key), 8, opts.warmup);
    }
    // Rounds interleave the servers, so a burst of other activity on the machine hits all of them.
    const diagnosticAt = opts.connections.includes(8) ? 8 : opts.connections[Math.floor(opts.connections.length / 2)];
    for (const connections of opts.connections) {
      const here = [...plan, ...(connections === diagnosticAt && target('intentdesk').noInitialize && opts.tools.includes('ticket_get') ? [{ key: 'intentdesk' as const, tool: ONE_ID }] : [])];
      const samples = new Map<string, Sample[]>();
      for (let round = 0; round < opts.rounds; round++) {
        for (const p of here) {
          const sample = await hit(target(p.key), bodies[p.tool](p.key), connections, opts.duration);
          samples.set(`${p.key}|${p.tool}`, [...(samples.get(`${p.key}|${p.tool}`) ?? []), sample]);
        }
      }
      for (const p of here) {
        const rounds = samples.get(`${p.key}|${p.tool}`)!;
        const point = aggregate(connections, rounds);
        points.push({ key: p.key, tool: p.tool, ...point });
        // Each round's req/s beside the median: how far the machine moved a server between its rounds.
        const perRound = rounds.map((r) => fmt(r.total / r.seconds)).join(' / ');
        report.log(
          `${p.key} ${p.tool} c=${connections}: ${fmt(point.rps)} req/s (rounds ${perRound}), p50 ${fmtMs(point.p50)}, p99 ${fmtMs(point.p99)}${point.failed ? `, ${point.failed} FAILED` : ''}`,
        );
      }
    }

    // 5. Report.
    report.add(
      [
        `Database: SQLite (demo seed + ${opts.tickets} tickets created through REST), ${ids.length} ticket ids rotated in ticket_get.`,
        `Each point: ${opts.rounds} rounds of ${opts.duration}s, interleaved across servers (req/s: median round; latencies pooled), pipelining 1, after a ${opts.warmup}s warm-up per server and tool. Requests carry the MCP 2025-06-18 headers; intentdesk calls use a Bearer token and a session_id opened before the run.`,
        `intentdesk env: OTP_REQUIRED_FOR=none, RATE_LIMIT_READS/WRITES=1000000 (auth, intent lock, validation, envelope and audit all on).`,
        `Versions: ${versions()}.`,
      ].join('\n'),
    );
    report.add(
      table(
        ['server', 'tools/call without initialize', 'answer', 'idle RSS'],
        targets.map((t) =>
          t.key === 'dataTools'
            ? [`${t.label} (ticket_search, ticket_create)`, t.noInitialize ? 'yes' : 'NO (a call failed)', `${fmtBytes(searchBytes)} / ${fmtBytes(createBytes)} (padded)`, fmtBytes(t.idleRss)]
            : [t.label, t.noInitialize ? 'yes' : 'NO (needs initialize)', `${fmtBytes(t.bodyBytes)} (ticket_get)`, fmtBytes(t.idleRss)],
        ),
      ),
    );
    const rows = points.map((p) => [
      LABELS[p.key],
      p.tool + (p.tool === 'ticket_create' ? ' (dry_run)' : ''),
      p.connections,
      fmt(p.rps),
      fmtMs(p.p50),
      fmtMs(p.p99),
      fmt(p.cpuMsPerReq, 3),
      fmtBytes(p.peakRss),
      p.failed ? `${p.failed} / ${p.total}` : `0 / ${p.total}`,
    ]);
    report.add(table(['server', 'tool', 'conns', 'req/s', 'p50', 'p99', 'server CPU ms/req', 'peak RSS', 'failed / total'], rows));

    const find = (key: ServerKey, c: number, tool = 'ticket_get') => points.find((p) => p.key === key && p.connections === c && p.tool === tool);
    const ratioRows: Array<Array<string | number>> = [];
    const mark = (ok: boolean | undefined) => (ok === undefined ? 'n/a' : ok ? 'met' : 'NOT met');
    const verdicts: string[] = [];
    for (const c of opts.connections) {
      const me = find('intentdesk', c);
      if (!me) continue;
      const a = find('bare', c);
      const d = find('data', c);
      const b = find('sdk', c);
      const n = find('nest', c);
      ratioRows.push([
        c,
        d ? ratio(me.rps, d.rps) : 'n/a',
        d ? ratio(me.p99, d.p99) : 'n/a',
        d ? ratio(me.cpuMsPerReq, d.cpuMsPerReq) : 'n/a',
        a ? ratio(me.rps, a.rps) : 'n/a',
        b ? ratio(me.rps, b.rps) : 'n/a',
        n ? ratio(me.rps, n.rps) : 'n/a',
        a ? ratio(me.p99, a.p99) : 'n/a',
        b ? ratio(me.p99, b.p99) : 'n/a',
        n ? ratio(me.p99, n.p99) : 'n/a',
        b ? ratio(me.cpuMsPerReq, b.cpuMsPerReq) : 'n/a',
        n ? ratio(me.cpuMsPerReq, n.cpuMsPerReq) : 'n/a',
      ]);
      verdicts.push(
        `- c=${c}: throughput >= 0.5x (d): ${mark(d && me.rps >= 0.5 * d.rps)} (${d ? ratio(me.rps, d.rps) : 'n/a'}); ` +
          `p99 <= 2x (d): ${mark(d && me.p99 <= 2 * d.p99)} (${d ? ratio(me.p99, d.p99) : 'n/a'}); ` +
          `throughput >= 1.0x (c): ${mark(n && me.rps >= n.rps)} (${n ? ratio(me.rps, n.rps) : 'n/a'}); ` +
          `throughput >= 1.3x (b): ${mark(b && me.rps >= 1.3 * b.rps)} (${b ? ratio(me.rps, b.rps) : 'n/a'}); ` +
          `p99 no worse than (c): ${mark(n && me.p99 <= n.p99)} (${n ? ratio(me.p99, n.p99) : 'n/a'})`,
      );
    }
    report.add(
      '**ticket_get, intentdesk relative to each baseline** (throughput: higher is better; p99 and CPU/req: lower is better)\n\n' +
        table(['conns', 'req/s vs (d)', 'p99 vs (d)', 'CPU/req vs (d)', 'req/s vs (a)', 'req/s vs (b)', 'req/s vs (c)', 'p99 vs (a)', 'p99 vs (b)', 'p99 vs (c)', 'CPU/req vs (b)', 'CPU/req vs (c)'], ratioRows),
    );
    // ticket_search and ticket_create against the floor that runs their own statements.
    const toolRows: Array<Array<string | number>> = [];
    for (const tool of ['ticket_search', 'ticket_create']) {
      for (const c of opts.connections) {
        const me = find('intentdesk', c, tool);
        const d = find('dataTools', c, tool);
        if (!me || !d) continue;
        const name = tool === 'ticket_create' ? 'ticket_create (dry_run)' : tool;
        toolRows.push([name, c, fmt(me.rps), fmt(d.rps), ratio(me.rps, d.rps), fmtMs(me.p99), fmtMs(d.p99), ratio(me.p99, d.p99), ratio(me.cpuMsPerReq, d.cpuMsPerReq)]);
        verdicts.push(
          `- ${name} c=${c}: throughput >= 0.5x (d): ${mark(me.rps >= 0.5 * d.rps)} (${ratio(me.rps, d.rps)}); p99 <= 2x (d): ${mark(me.p99 <= 2 * d.p99)} (${ratio(me.p99, d.p99)})`,
        );
      }
    }
    if (toolRows.length) {
      report.add(
        '**ticket_search and ticket_create, intentdesk relative to (d)**, the floor running the same statements for that tool\n\n' +
          table(['tool', 'conns', 'intentdesk req/s', '(d) req/s', 'req/s vs (d)', 'intentdesk p99', '(d) p99', 'p99 vs (d)', 'CPU/req vs (d)'], toolRows),
      );
    }
    const tracingRows: Array<Array<string | number>> = [];
    for (const c of opts.connections) {
      const off = find('intentdesk', c);
      const on = find('traced', c);
      if (off && on) tracingRows.push([c, fmt(on.rps), fmt(off.rps), ratio(on.rps, off.rps), ratio(on.p99, off.p99), ratio(on.cpuMsPerReq, off.cpuMsPerReq), fmtBytes(on.peakRss)]);
    }
    if (tracingRows.length) {
      report.add(
        '**What tracing costs**: ticket_get on a second intentdesk on the same file with OTEL_EXPORTER_OTLP_ENDPOINT set (spans to a sink in this process), against the first (tracing off) in the same rounds\n\n' +
          table(['conns', 'tracing on req/s', 'tracing off req/s', 'req/s on vs off', 'p99 on vs off', 'CPU/req on vs off', 'peak RSS, tracing on'], tracingRows),
      );
    }
    const peakRss = Math.max(...points.filter((p) => p.key === 'intentdesk').map((p) => p.peakRss));
    verdicts.push(`- intentdesk RSS under load <= 200 MiB: ${mark(peakRss <= 200 * 1024 * 1024)} (peak ${fmtBytes(peakRss)} over every point)`);
    report.add(`**Targets** (informational; measured in this run, on this machine):\n\n${verdicts.join('\n')}`);
    const one = points.find((p) => p.tool === ONE_ID);
    const rotating = one && find('intentdesk', one.connections);
    if (one && rotating) {
      report.add(
        `**Diagnostic**, intentdesk ticket_get at c=${one.connections}: always the same id ${fmt(one.rps)} req/s, ${fmt(one.cpuMsPerReq, 3)} CPU ms/req; ` +
          `rotating over ${ids.length} ids ${fmt(rotating.rps)} req/s, ${fmt(rotating.cpuMsPerReq, 3)} CPU ms/req (${ratio(rotating.cpuMsPerReq, one.cpuMsPerReq)} the CPU per call).`,
      );
    }

    // 6. Where the time goes: CPU profiles of a separate intentdesk process on the same data, and
    //    the SQL statements one call of each tool runs.
    if (opts.profile && target('intentdesk').noInitialize) {
      // The floor profiled the same way, beside it: what the same statements and answer cost bare.
      const spawnFloor = async (tool: string): Promise<Spawned> => {
        const port = await freePort();
        const file = tool === 'ticket_get' ? built['bare-data'] : built['bare-data-tools'];
        const name = `floor-profiled-${tool}`;
        const args = ['--import', PROFILER_HOOK, file];
        const server = spawnNode({ name, args, env: baselineEnv(port), port, logFile: `${logs}load-${name}.log`, cwd: BENCH_DIR, ipc: true });
        await waitForHttp(`${server.url}/`, { child: server.child, timeoutMs: 60_000 });
        return server;
      };
      report.add(await profileProduct(databaseUrl, token, bodies, opts, logs, report, spawnFloor));
      report.add(await clockBreakdowns(target('intentdesk'), (tool) => target(tool === 'ticket_get' ? 'data' : 'dataTools'), bodies, opts, report));
    }
    if (target('intentdesk').noInitialize) report.add(await statementsPerCall(databaseUrl, created[0]));
    if (sink) report.log(`tracing: ${sink.batches()} OTLP export requests received`);
    return report.toString();
  } finally {
    for (const s of servers.reverse()) await s.stop().catch(() => undefined);
    sink?.close();
    if (opts.keep) report.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

async function profileProduct(
  databaseUrl: string,
  token: string,
  bodies: Record<string, (key: ServerKey) => () => string>,
  opts: LoadOptions,
  logs: string,
  report: Report,
  spawnFloor: (tool: string) => Promise<Spawned>,
): Promise<string> {
  const dir = `${RESULTS_DIR}profiles/`;
  mkdirSync(dir, { recursive: true });
  const server = await startProduct({
    databaseUrl,
    name: 'intentdesk-profiled',
    logFile: `${logs}load-intentdesk-profiled.log`,
    nodeArgs: ['--import', PROFILER_HOOK],
    ipc: true,
  });
  const parts: string[] = [
    `**CPU profile of intentdesk under load** (a second intentdesk process on the same database, sampled by the V8 profiler over ${opts.profileDuration}s at 8 connections per tool, ` +
      `and the tool's floor (d) profiled the same way; files in bench/results/profiles/, open them in Chrome DevTools or speedscope). Self time, idle excluded:`,
  ];
  try {
    const target: Target = { key: 'intentdesk', label: LABELS.intentdesk, server, token, noInitialize: true, bodyBytes: 0, idleRss: 0 };
    for (const tool of opts.tools) {
      const product = await profiled(target, bodies[tool]('intentdesk'), `${dir}intentdesk-${tool}.cpuprofile`, opts);
      const floorServer = await spawnFloor(tool);
      const floorKey: ServerKey = tool === 'ticket_get' ? 'data' : 'dataTools';
      const floorTarget: Target = { key: floorKey, label: LABELS[floorKey], server: floorServer, noInitialize: true, bodyBytes: 0, idleRss: 0 };
      let tails: { product: TimedAtOne; floor: TimedAtOne } | undefined;
      const floor = await profiled(floorTarget, bodies[tool](floorKey), `${dir}floor-${tool}.cpuprofile`, opts)
        .then(async (profile) => {
          if (tool === 'ticket_get') {
            tails = { floor: await timedAtOne(floorTarget, bodies[tool](floorKey), opts), product: await timedAtOne(target, bodies[tool]('intentdesk'), opts) };
          }
          return profile;
        })
        .finally(() => floorServer.stop());
      report.log(`profiled ${tool}: ${fmt(product.rps)} req/s under the profiler; its floor ${fmt(floor.rps)} req/s`);
      parts.push(
        `\n_${tool}_ (${fmt(product.rps)} req/s while profiled, ${fmt(product.cpuMsPerCall, 3)} ms sampled CPU per call; ` +
          `the floor (d): ${fmt(floor.rps)} req/s, ${fmt(floor.cpuMsPerCall, 3)} ms per call, ${ratio(product.cpuMsPerCall, floor.cpuMsPerCall)} of it)\n\n` +
          table(
            ['by package / product dir', 'self µs per call', 'share', 'floor (d): µs per call'],
            product.summary.packages.slice(0, 10).map((s) => {
              const bare = floor.summary.packages.find((f) => f.name === s.name);
              return [s.name, fmt((s.ms * 1000) / product.calls, 1), `${(s.share * 100).toFixed(1)}%`, bare ? fmt((bare.ms * 1000) / floor.calls, 1) : '—'];
            }),
          ) +
          '\n\n' +
          table(
            ['top self-time functions', 'where', 'self ms', 'share'],
            product.summary.functions.slice(0, 12).map((s) => [s.name, s.where, fmt(s.ms), `${(s.share * 100).toFixed(1)}%`]),
          ),
      );
      if (tails) parts.push(tailReport(tails.product, tails.floor, opts));
    }
  } finally {
    await server.stop();
  }
  return parts.join('\n');
}

/**
 * The main thread's CPU by category, by the CPU clock (cpu-clock.ts), of the loaded intentdesk and of
 * the tool's floor (d), each at 8 connections: which part of the gap is whose.
 */
async function clockBreakdowns(
  product: Target,
  floorOf: (tool: string) => Target,
  bodies: Record<string, (key: ServerKey) => () => string>,
  opts: LoadOptions,
  report: Report,
): Promise<string> {
  const missing = await cpuClockUnavailable();
  if (missing) return `**Main-thread CPU per call by the CPU clock**: not measured (${missing}).`;
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-bench-perf-'));
  const parts: string[] = [
    `**Main-thread CPU per call by the CPU clock** (\`perf record -e cpu-clock -g\` on the running server over ${opts.profileDuration}s at 8 connections per tool, each sample given to the first category ` +
      `its stack matches, top to bottom; the process's other threads — the audit's writer, the GC's helpers — not counted). V8's sampler above counts wall time; this counts only time the thread ran.`,
  ];
  try {
    for (const tool of opts.tools) {
      const measure = async (target: Target, name: string) => {
        await hit(target, bodies[tool](target.key), 8, opts.warmup);
        const clocked = await cpuClockOf(target.server.pid, join(dir, `${name}.data`), () => hit(target, bodies[tool](target.key), 8, opts.profileDuration));
        return { ...clocked, calls: Math.max(1, clocked.value.total) };
      };
      const mine = await measure(product, `intentdesk-${tool}`);
      const floor = floorOf(tool);
      const bare = await measure(floor, `floor-${tool}`);
      if ('unavailable' in mine || 'unavailable' in bare) {
        const reasons = [mine, bare].flatMap((m) => ('unavailable' in m ? [m.unavailable] : []));
        parts.push(`\n_${tool}_: not measured (${reasons.join('; ')}).`);
        continue;
      }
      const perCall = (ms: number, calls: number) => (ms * 1000) / calls;
      report.log(`CPU clock ${tool}: ${fmt(perCall(mine.breakdown.mainThreadMs, mine.calls))} µs a call; its floor ${fmt(perCall(bare.breakdown.mainThreadMs, bare.calls))}`);
      const rows = mine.breakdown.categories.map((c, i) => {
        const own = perCall(c.ms, mine.calls);
        const floorMs = perCall(bare.breakdown.categories[i].ms, bare.calls);
        return [c.name, fmt(own), fmt(floorMs), fmt(own - floorMs)];
      });
      const total = perCall(mine.breakdown.mainThreadMs, mine.calls);
      const floorTotal = perCall(bare.breakdown.mainThreadMs, bare.calls);
      rows.push(['**main thread, all**', `**${fmt(total)}**`, `**${fmt(floorTotal)}**`, `**${fmt(total - floorTotal)}**`]);
      parts.push(
        `\n_${tool}_ (intentdesk ${fmt(mine.value.total / mine.value.seconds)} req/s while sampled; the floor (d) ${fmt(bare.value.total / bare.value.seconds)} req/s)\n\n` +
          table(['category', 'intentdesk µs per call', 'floor (d) µs per call', 'difference'], rows),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return parts.join('\n');
}

interface TimedAtOne {
  clientP99: number;
  timing: TailTiming;
}

/** Warms `target` up at one connection, then loads it with the server timing each call itself (cpu-profiler.mjs, over IPC). */
async function timedAtOne(target: Target, makeBody: () => string, opts: LoadOptions): Promise<TimedAtOne> {
  const ask = (message: Record<string, unknown>, answer: string) => askProfiler(target.server.child, message, answer);
  await hit(target, makeBody, 1, opts.warmup);
  await ask({ bench: 'tail-start' }, 'tail-started');
  const point = aggregate(1, [await hit(target, makeBody, 1, opts.profileDuration)]);
  const { calls, pauses } = await ask({ bench: 'tail-stop' }, 'tail-timed');
  return { clientP99: point.p99, timing: { calls, pauses } as TailTiming };
}

/**
 * The one-connection p99 target, taken apart: each call's cycle as the server saw it, and the calls
 * whose cycle passes twice the floor's p99 (the target's bar), by where their excess lay.
 */
function tailReport(product: TimedAtOne, floor: TimedAtOne, opts: LoadOptions): string {
  const floorOwn = summarizeTail(floor.timing, Number.POSITIVE_INFINITY);
  const bar = 2 * floorOwn.cycleP99;
  const pct = (share: number) => `${(share * 100).toFixed(2)}%`;
  const rows = (
    [
      ['intentdesk', product],
      ['floor (d)', floor],
    ] as const
  ).map(([name, timed]) => {
    const t = summarizeTail(timed.timing, bar);
    return [
      name,
      t.calls,
      fmtMs(timed.clientP99),
      `${fmtMs(t.cycleP50)} / ${fmtMs(t.cycleP99)}`,
      `${fmtMs(t.handlingP50)} / ${fmtMs(t.handlingP99)}`,
      pct(t.slow),
      pct(t.slowWithPause),
      pct(t.slowServerBusy),
      pct(t.slowWaiting),
      pct(t.slowInHandling),
      `${t.pauses} (${fmtMs(t.pauseMean)})`,
    ];
  });
  return (
    `\n**Where the one-connection p99 goes** (ticket_get at 1 connection for ${opts.profileDuration}s on each of the processes above, the server timing each call itself: ` +
    `its cycle runs from the answer before it on the connection to its own, the load generator's turn and the loopback, whatever the server's thread did before the request ` +
    `listener, then the handling. A call is slow past ${fmtMs(bar)}, twice the floor's p99 cycle; a slow call's excess goes to a garbage collection pause when one fell in its ` +
    `cycle, else to the part that ran longer than its median, and time before the listener to the server when its event loop was busy for most of it (other work ahead of ` +
    `the request), else to waiting for the request (the load generator, the loopback, a thread not scheduled). The target holds while under 1% of calls are slow.)\n\n` +
    table(
      ['server', 'calls', 'client p99', 'cycle p50 / p99', 'handling p50 / p99', 'slow calls', 'with a GC pause', 'server busy before it', 'waiting for the request', 'in handling', 'GC pauses (mean)'],
      rows,
    )
  );
}

/** Warms `target` up, then samples it with the V8 profiler (cpu-profiler.mjs, over IPC) under 8 connections. */
async function profiled(target: Target, makeBody: () => string, file: string, opts: LoadOptions) {
  const ask = (message: Record<string, unknown>, answer: string) => askProfiler(target.server.child, message, answer);
  await hit(target, makeBody, 8, opts.warmup);
  await ask({ bench: 'profile-start', intervalUs: 200 }, 'profile-started');
  const point = aggregate(8, [await hit(target, makeBody, 8, opts.profileDuration)]);
  await ask({ bench: 'profile-stop', file }, 'profile-written');
  const summary = summarizeProfile(file, 12);
  const calls = Math.max(1, point.total);
  return { rps: point.rps, calls, cpuMsPerCall: summary.totalMs / calls, summary };
}

/** `SELECT glpi_tickets`, `INSERT audit_log`, `BEGIN`: what a statement does, to what. */
function statementKind(sql: string): string {
  const s = sql.replace(/[`"]/g, '').replace(/\s+/g, ' ').trim();
  const verb = s.split(' ')[0].toUpperCase();
  const table = /\b(?:FROM|INTO|UPDATE)\s+(\w+)/i.exec(s)?.[1];
  if (verb === 'SELECT' && /COUNT\(\*\)/i.test(s)) return `SELECT COUNT ${table}`;
  return table ? `${verb} ${table}` : verb;
}

async function statementsPerCall(databaseUrl: string, ticketId: number): Promise<string> {
  const app = await startApp(databaseUrl, { RATE_LIMIT_READS: '1000000', RATE_LIMIT_WRITES: '1000000' });
  try {
    const calls: Array<[string, string]> = [
      ['ticket_get', toolsCallBody('ticket_get', { domain: 'ticket', session_id: app.sessionId, id: ticketId })],
      ['ticket_search', toolsCallBody('ticket_search', { domain: 'ticket', session_id: app.sessionId, itilcategories_id: 'Hardware', query: 'impressora' })],
      ['ticket_create (dry_run)', toolsCallBody('ticket_create', { domain: 'ticket', session_id: app.sessionId, ...ticketArgs(2), dry_run: true })],
    ];
    const rows: Array<Array<string | number>> = [];
    for (const [name, body] of calls) {
      await rpc(app.url, app.token, body); // warm (principal cache, session touch)
      const { statements } = await app.capture(() => rpc(app.url, app.token, body));
      const counts = new Map<string, number>();
      for (const st of statements) counts.set(statementKind(st.sql), (counts.get(statementKind(st.sql)) ?? 0) + 1);
      rows.push([name, statements.length, [...counts.entries()].map(([k, n]) => (n > 1 ? `${k} ×${n}` : k)).join(', ')]);
    }
    return (
      '**SQL statements per tool call** (the product in-process on the same database, second call of each, every statement the database runs; audit rows are written later in batches and are not counted):\n\n' +
      table(['tool', 'statements', 'which'], rows)
    );
  } finally {
    await app.close();
  }
}

if (isMain(import.meta.url)) {
  const { writeSummary } = await import('../lib/summary.js');
  await runCommand('load', async (flags) => void writeSummary('load', await run(flags)));
}
