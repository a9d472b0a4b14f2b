/**
 * Model-efficiency benchmark: the same scripted agent runs the same suite against intentdesk and
 * against the baseline, on identical copies of the demo data, and counts every tools/call.
 *
 *   npm run build                                  # intentdesk's dist/
 *   cd bench && node --import tsx agent/run.ts     # or compile bench/agent with tsc and run .build/run.js
 *
 * Prints the summary, writes bench/results/agent.md, exits 0 (the targets are informational).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Agent, stepsFor } from './agent.js';
import { McpConnection } from './mcp.js';
import { markdown, summarize, summaryLines, type BenchOutcome, type ServerResult, type TaskResult } from './report.js';
import { addFixture, copyDatabase, repoRoot, startBaselineOn, startIntentdesk, zoneOf } from './servers.js';
import { ACTING_USER, Db, TASKS, type BenchTask } from './tasks.js';

export interface AgentBenchOptions {
  /** Where to write the markdown report (default <repo>/bench/results/agent.md; null: do not write). */
  reportPath?: string | null;
  /** Progress lines (default: stderr). */
  log?: (line: string) => void;
  /** Only these task ids. */
  only?: string[];
  /** Keep the temporary directory with both databases. */
  keep?: boolean;
}

/** How a server authenticates a user: a bearer token per login (undefined: none). */
type TokenOf = (login: string) => string | undefined;

async function runSuite(name: string, url: string, tokenOf: TokenOf, dbPath: string, tasks: BenchTask[], log: (s: string) => void): Promise<ServerResult> {
  // One connection and agent per acting user (most tasks act as glpi; a few as a requester or a technician).
  const users = new Map<string, { conn: McpConnection; agent: Agent }>();
  const as = async (login: string) => {
    let u = users.get(login);
    if (!u) {
      const conn = await McpConnection.connect(url, tokenOf(login));
      u = { conn, agent: new Agent(conn) };
      users.set(login, u);
    }
    return u;
  };
  const db = new Db(dbPath);
  const results: TaskResult[] = [];
  const { conn } = await as(ACTING_USER);
  try {
    for (const task of tasks) {
      const login = task.as ?? ACTING_USER;
      const { conn: taskConn, agent } = await as(login);
      const zone = zoneOf(dbPath, login);
      const steps = stepsFor(task.steps, taskConn.tools);
      const missing = steps.map((s) => s.tool).filter((t) => !taskConn.tools.has(t));
      const base = { id: task.id, domain: task.domain, goal: task.goal, mistakes: task.mistakes, plannedSteps: steps.length };
      if (missing.length) {
        log(`  ${task.id} skipped on ${name}: tool(s) ${missing.join(', ')} not in tools/list`);
        results.push({ ...base, skipped: `no ${missing.join(', ')}`, solved: false, withinOneRetry: false, calls: 0, workCalls: 0, problems: [], trace: [] });
        continue;
      }
      const run = await agent.run(task);
      let problems: string[];
      try {
        problems = task.check({ db, replies: run.replies, zone });
      } catch (error) {
        problems = [`check failed: ${error instanceof Error ? error.message : String(error)}`];
      }
      const solved = run.finished && problems.length === 0;
      const calls = run.calls.length;
      const workCalls = run.calls.filter((c) => c.tool !== 'domain_switch').length;
      const withinOneRetry = solved && workCalls <= steps.length + 1;
      results.push({ ...base, solved, withinOneRetry, calls, workCalls, stuck: run.stuck, problems, trace: run.calls });
      log(`  ${name.padEnd(10)} ${task.id} ${solved ? (withinOneRetry ? 'ok   ' : 'ok>1 ') : 'FAIL '} ${String(calls).padStart(2)} calls${run.stuck ? `  (${run.stuck})` : ''}${run.finished && problems.length ? `  (${problems.join('; ')})` : ''}`);
    }
  } finally {
    for (const u of users.values()) await u.conn.close();
  }
  return { name, url, tools: conn.tools.size, results, summary: summarize(results) };
}

export async function runAgentBench(options: AgentBenchOptions = {}): Promise<BenchOutcome> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const root = repoRoot();
  const tasks = options.only?.length ? TASKS.filter((t) => options.only!.includes(t.id)) : TASKS;
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-agent-bench-'));
  let product: Awaited<ReturnType<typeof startIntentdesk>> | undefined;
  let baseline: Awaited<ReturnType<typeof startBaselineOn>> | undefined;
  try {
    log('agent bench: starting intentdesk (fresh SQLite, demo data)');
    product = await startIntentdesk(dir);
    addFixture(product.dbPath);
    const baselineDb = join(dir, 'baseline.sqlite');
    await copyDatabase(product.dbPath, baselineDb);
    baseline = await startBaselineOn(baselineDb);
    log(`agent bench: intentdesk ${product.url}, baseline ${baseline.url}; ${tasks.length} tasks`);

    const servers = [
      await runSuite('intentdesk', product.url, (login) => (login === ACTING_USER ? product!.token : product!.tokenFor(login)), product.dbPath, tasks, log),
      // The baseline knows its user by a GLPI-style user token: here the login itself.
      await runSuite('baseline', baseline.url, (login) => (login === ACTING_USER ? undefined : login), baselineDb, tasks, log),
    ];
    const common = new Set(tasks.map((t) => t.id).filter((id) => servers.every((s) => !s.results.find((r) => r.id === id)?.skipped)));
    for (const s of servers) s.summary = { ...summarize(s.results, common), skipped: s.summary.skipped };
    const [p, b] = servers;
    const rate = p.summary.tasks ? p.summary.withinOneRetry / p.summary.tasks : 0;
    const ratio = p.summary.totalCalls ? b.summary.totalCalls / p.summary.totalCalls : 0;
    const workRatio = p.summary.workCalls ? b.summary.workCalls / p.summary.workCalls : 0;
    const partial = {
      servers,
      common: [...common],
      targets: { withinOneRetryRate: rate, withinOneRetryMet: rate >= 0.9, callRatio: ratio, callRatioMet: ratio >= 2, workCallRatio: workRatio },
    };
    let commit: string | undefined;
    try {
      commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      commit = undefined;
    }
    const md = markdown(partial, { date: new Date().toISOString(), node: process.version, commit });
    const reportPath = options.reportPath === undefined ? join(root, 'bench', 'results', 'agent.md') : options.reportPath;
    if (reportPath) {
      mkdirSync(join(reportPath, '..'), { recursive: true });
      writeFileSync(reportPath, md);
      log(`agent bench: report written to ${reportPath}`);
    }
    return { ...partial, markdown: md };
  } finally {
    await baseline?.close().catch(() => undefined);
    await product?.close().catch(() => undefined);
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
    else log(`agent bench: databases kept in ${dir}`);
  }
}

const USAGE = `Usage: node --import tsx agent/run.ts [task ids: P01 T03 U07 … (P, T, U, H, X or S)] [--keep]

  --keep  keep the temporary directory with both databases
`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const unknown = args.filter((a) => a !== '--keep' && !/^[PTUHXS]\d+$/.test(a));
  if (unknown.length) {
    process.stderr.write(`unknown argument${unknown.length > 1 ? 's' : ''}: ${unknown.join(' ')}\n\n${USAGE}`);
    process.exit(2);
  }
  const only = args.filter((a) => /^[PTUHXS]\d+$/.test(a));
  const keep = args.includes('--keep');
  runAgentBench({ only, keep })
    .then((outcome) => {
      process.stdout.write(`\n${summaryLines(outcome).join('\n')}\n`);
      process.exit(0);
    })
    .catch((error: unknown) => {
      process.stderr.write(`agent bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
}
