import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Flags, isMain, numberFlag } from '../lib/args.js';
import { runCommand } from '../lib/commands.js';
import { importDist, importRoot } from '../lib/paths.js';
import { productEnv } from '../lib/product.js';

/**
 * What one audit batch costs on SQLite, in this process: the product's AuditService on a migrated
 * file database, `--sizes` entries recorded then flushed, `--rounds` times per size (after 5 warm-up
 * flushes). Printed per size, median and minimum: the flush's wall time, its CPU time, and the
 * longest span the event loop could not turn meanwhile (what a call in flight waits). A batch of 200 is what the
 * buffer writes under load (FLUSH_AT); smaller ones are the timer's at lower rates.
 * Usage: `node --import tsx load/audit-flush.ts [--sizes 200,100,37,1,0] [--rounds 40]` (0: a
 * different size each round, 1–199).
 */

interface Audit {
  record(entry: Record<string, unknown>): void;
  flush(): Promise<void>;
}
interface AppContext {
  init(): Promise<unknown>;
  get<T>(token: unknown): T;
  close(): Promise<void>;
}

function entry(n: number): Record<string, unknown> {
  return {
    at: new Date(),
    users_id: 2,
    token_id: 1,
    session_id: 'ses_0123456789abcdef0123456789abcdef',
    request_id: `req_${n}_0123456789abcdef`,
    transport: 'mcp',
    tool: 'ticket_get',
    route: null,
    domain: 'ticket',
    outcome: 'success',
    duration_ms: 1,
    changes: null,
    message: null,
  };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Flushes `size` recorded entries; answers wall ms, CPU ms and the longest event-loop block (ms). */
async function flushOnce(audit: Audit, size: number, first: number): Promise<[number, number, number]> {
  for (let i = 0; i < size; i++) audit.record(entry(first + i));
  let last = performance.now();
  let longest = 0;
  let ticking = true;
  const tick = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await audit.flush();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  ticking = false;
  longest = Math.max(longest, performance.now() - last);
  return [wall, (used.user + used.system) / 1000, longest];
}

export async function run(flags: Flags): Promise<string> {
  const sizes = (typeof flags.sizes === 'string' ? flags.sizes : '200,100,37,1,0').split(',').map(Number);
  const rounds = numberFlag(flags, 'rounds', 40);
  await importRoot('reflect-metadata');
  const { createContext } = await importDist<{ createContext: (env: Record<string, string | undefined>, logger: false) => Promise<AppContext> }>(
    'bootstrap.js',
  );
  const { AuditService } = await importDist<{ AuditService: unknown }>('audit/audit.service.js');
  const dir = mkdtempSync(join(tmpdir(), 'intentdesk-bench-audit-'));
  const app = await createContext(productEnv(`sqlite:${join(dir, 'audit.sqlite')}`, 0), false);
  const lines = [
    '| entries | flush wall ms (median / min) | flush CPU ms (median / min) | longest event-loop block ms (median / min) |',
    '| --- | --- | --- | --- |',
  ];
  try {
    await app.init();
    const audit = app.get<Audit>(AuditService);
    let recorded = 0;
    for (const size of sizes) {
      const walls: number[] = [];
      const cpus: number[] = [];
      const blocks: number[] = [];
      for (let r = 0; r < rounds + 5; r++) {
        // Size 0: a different size each round (1–199, a fixed walk), as the timer's batches vary with the rate.
        const entries = size === 0 ? 1 + ((r * 73) % 199) : size;
        const [wall, cpu, block] = await flushOnce(audit, entries, recorded);
        recorded += entries;
        if (r < 5) continue;
        walls.push(wall);
        cpus.push(cpu);
        blocks.push(block);
      }
      const both = (values: number[]): string => `${median(values).toFixed(3)} / ${Math.min(...values).toFixed(3)}`;
      lines.push(`| ${size === 0 ? 'varying, 1–199' : size} | ${both(walls)} | ${both(cpus)} | ${both(blocks)} |`);
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return `**One audit flush on SQLite** (${rounds} rounds per size after 5 warm-up flushes; the minimum is the run least disturbed by other processes):\n\n${lines.join('\n')}\n`;
}

if (isMain(import.meta.url)) await runCommand('audit-flush', async (flags) => void process.stdout.write(await run(flags)));
