import type { CallRecord, Domain } from './agent.js';

export interface TaskResult {
  id: string;
  domain: Domain;
  goal: string;
  mistakes: string;
  /** Set when the server lacks a tool the task needs. */
  skipped?: string;
  solved: boolean;
  /** Solved with at most one call beyond the planned steps, domain_switch calls not counted. */
  withinOneRetry: boolean;
  /** Every tools/call of the task, domain_switch included. */
  calls: number;
  /** tools/call other than domain_switch. */
  workCalls: number;
  plannedSteps: number;
  stuck?: string;
  problems: string[];
  trace: CallRecord[];
}

export interface ServerSummary {
  tasks: number;
  skipped: number;
  solved: number;
  withinOneRetry: number;
  totalCalls: number;
  meanCalls: number;
  /** Calls other than domain_switch. */
  workCalls: number;
  /** did_you_mean suggestions made over every refused call of the suite. */
  hints: number;
  /** Of those, the ones in tasks that, once the agent followed them, stored or answered something other than the goal. */
  wrongHints: number;
}

export interface ServerResult {
  name: string;
  url: string;
  tools: number;
  results: TaskResult[];
  summary: ServerSummary;
}

export interface BenchOutcome {
  servers: ServerResult[];
  /** Tasks run on every server (the comparison is over these). */
  common: string[];
  targets: {
    withinOneRetryRate: number;
    withinOneRetryMet: boolean;
    callRatio: number;
    callRatioMet: boolean;
    /** The same ratio over calls other than domain_switch (informational). */
    workCallRatio: number;
  };
  markdown: string;
}

export function summarize(results: TaskResult[], only?: Set<string>): ServerSummary {
  const run = results.filter((r) => !r.skipped && (!only || only.has(r.id)));
  const totalCalls = run.reduce((n, r) => n + r.calls, 0);
  return {
    tasks: run.length,
    skipped: results.filter((r) => r.skipped).length,
    solved: run.filter((r) => r.solved).length,
    withinOneRetry: run.filter((r) => r.withinOneRetry).length,
    totalCalls,
    meanCalls: run.length ? totalCalls / run.length : 0,
    workCalls: run.reduce((n, r) => n + r.workCalls, 0),
    hints: run.reduce((n, r) => n + hintsOf(r), 0),
    // A hint is wrong when the agent followed it to the end of the task and the check found another value than the goal's.
    wrongHints: run.filter((r) => !r.solved && !r.stuck).reduce((n, r) => n + hintsOf(r), 0),
  };
}

const hintsOf = (r: TaskResult): number => r.trace.reduce((n, c) => n + (c.hints ?? 0), 0);

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');

export function summaryLines(outcome: Omit<BenchOutcome, 'markdown'>): string[] {
  const lines: string[] = [];
  const pad = (s: string | number, w: number) => String(s).padEnd(w);
  lines.push(`${pad('server', 12)}${pad('tasks', 7)}${pad('solved', 15)}${pad('within 1 retry', 17)}${pad('calls', 7)}${pad('mean/task', 11)}calls w/o domain_switch`);
  for (const s of outcome.servers) {
    const m = s.summary;
    lines.push(`${pad(s.name, 12)}${pad(m.tasks, 7)}${pad(`${m.solved} (${pct(m.solved, m.tasks)})`, 15)}${pad(`${m.withinOneRetry} (${pct(m.withinOneRetry, m.tasks)})`, 17)}${pad(m.totalCalls, 7)}${pad(m.meanCalls.toFixed(2), 11)}${m.workCalls}`);
  }
  const t = outcome.targets;
  for (const s of outcome.servers) lines.push(`${s.name}: wrong-hint rate ${s.summary.wrongHints}/${s.summary.hints} suggestions (${pct(s.summary.wrongHints, s.summary.hints)}; target 0)`);
  lines.push(`target: >= 90% of tasks solved within one retry on intentdesk: ${(100 * t.withinOneRetryRate).toFixed(1)}% -> ${t.withinOneRetryMet ? 'MET' : 'NOT MET'}`);
  lines.push(`target: >= 2x fewer calls than the baseline (all calls): ${t.callRatio.toFixed(2)}x -> ${t.callRatioMet ? 'MET' : 'NOT MET'}  (without domain_switch calls: ${t.workCallRatio.toFixed(2)}x)`);
  return lines;
}

function cell(r: TaskResult | undefined): string {
  if (!r) return '-';
  if (r.skipped) return 'skipped';
  return `${r.calls} ${r.solved ? (r.withinOneRetry ? '✔' : '✔ (>1 retry)') : '✘'}`;
}

function traceLines(r: TaskResult): string[] {
  return r.trace.map((c) => `   ${c.n}. [${c.purpose}] ${c.tool} ${JSON.stringify(c.args)}\n      -> ${c.note}`);
}

export function markdown(outcome: Omit<BenchOutcome, 'markdown'>, meta: { date: string; node: string; commit?: string }): string {
  const out: string[] = [];
  const [product, baseline] = outcome.servers;
  out.push('# Model-efficiency benchmark (scripted agent)');
  out.push('');
  out.push(`Run ${meta.date}, Node ${meta.node}${meta.commit ? `, commit ${meta.commit}` : ''}. How it works and how to reproduce: [bench/agent/README.md](../agent/README.md).`);
  out.push('');
  out.push('## Summary');
  out.push('');
  out.push('| server | tasks | solved | solved within one retry | total calls | mean calls/task | calls other than domain_switch |');
  out.push('|---|---|---|---|---|---|---|');
  for (const s of outcome.servers) {
    const m = s.summary;
    out.push(`| ${s.name} | ${m.tasks}${m.skipped ? ` (+${m.skipped} skipped)` : ''} | ${m.solved} (${pct(m.solved, m.tasks)}) | ${m.withinOneRetry} (${pct(m.withinOneRetry, m.tasks)}) | ${m.totalCalls} | ${m.meanCalls.toFixed(2)} | ${m.workCalls} |`);
  }
  out.push('');
  const t = outcome.targets;
  for (const s of outcome.servers)
    out.push(`- Wrong-hint rate on ${s.name}: **${s.summary.wrongHints} of ${s.summary.hints}** did_you_mean suggestions over every refused call (${pct(s.summary.wrongHints, s.summary.hints)}; target 0): a suggestion counts as wrong when the agent followed it and the task's check then found another value than the goal's.`);
  out.push(`- Target: at least 90% of tasks solved within one retry on intentdesk: **${(100 * t.withinOneRetryRate).toFixed(1)}%, ${t.withinOneRetryMet ? 'met' : 'not met'}**.`);
  out.push(`- Target: at least 2x fewer calls than the baseline, counting every tools/call: **${t.callRatio.toFixed(2)}x, ${t.callRatioMet ? 'met' : 'not met'}** (over the ${outcome.common.length} tasks run on both). Without domain_switch calls (the same opening call on both servers in most tasks): ${t.workCallRatio.toFixed(2)}x.`);
  out.push('');
  out.push('"Calls" counts every tools/call of a task, domain_switch included. "Within one retry": solved with at most one call beyond the planned steps (usually: at most 2 calls for the task\'s main read/write), domain_switch calls not counted. ✘ = goal not reached (the database or the answer does not match).');
  out.push('');
  out.push('## Per task');
  out.push('');
  out.push(`| task | goal | first attempt's mistakes | ${outcome.servers.map((s) => s.name).join(' | ')} |`);
  out.push(`|---|---|---|${outcome.servers.map(() => '---').join('|')}|`);
  for (const r of product.results) {
    const others = outcome.servers.map((s) => cell(s.results.find((x) => x.id === r.id)));
    out.push(`| ${r.id} | ${r.goal.replace(/\|/g, '\\|')} | ${r.mistakes} | ${others.join(' | ')} |`);
  }
  out.push('');
  const notable = product.results.filter((r) => !r.skipped && (!r.solved || !r.withinOneRetry));
  out.push(`## ${product.name}: tasks not solved within one retry`);
  out.push('');
  if (notable.length === 0) out.push('None.');
  for (const r of notable) {
    out.push(`### ${r.id}: ${r.goal}`);
    out.push('');
    out.push(`${r.solved ? 'Solved' : 'Not solved'} in ${r.calls} calls.${r.stuck ? ` Agent stopped: ${r.stuck}.` : ''}${r.problems.length ? ` Check: ${r.problems.join('; ')}.` : ''}`);
    out.push('');
    out.push('```');
    out.push(...traceLines(r));
    out.push('```');
    out.push('');
  }
  if (baseline) {
    const failed = baseline.results.filter((r) => !r.skipped && !r.solved);
    out.push(`## ${baseline.name}: tasks not solved`);
    out.push('');
    if (failed.length === 0) out.push('None.');
    for (const r of failed) out.push(`- ${r.id} (${r.calls} calls): ${r.stuck ?? ''}${r.problems.length ? ` ${r.problems.join('; ')}` : ''}`);
    out.push('');
  }
  out.push('## Traces');
  out.push('');
  for (const s of outcome.servers) {
    out.push(`<details><summary>${s.name}: every call</summary>`);
    out.push('');
    out.push('```');
    for (const r of s.results) {
      out.push(`${r.id} ${r.skipped ? `skipped: ${r.skipped}` : `${r.solved ? 'solved' : 'NOT solved'}, ${r.calls} calls`}`);
      out.push(...traceLines(r));
    }
    out.push('```');
    out.push('');
    out.push('</details>');
    out.push('');
  }
  return out.join('\n');
}
