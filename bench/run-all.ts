import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { parseFlags } from './lib/args.js';
import { COMMANDS, flagNames, helpOf, unknownFlagsMessage } from './lib/commands.js';
import { assertBuilt, BENCH_DIR, RESULTS_DIR } from './lib/paths.js';

/**
 * Runs the benches in sequence and writes one markdown summary to results/latest.md.
 *   node --import tsx run-all.ts [--only load,scaling,context,startup,agent] [bench flags...]
 * Every flag is passed to every bench (each reads its own): --duration, --connections, --sizes, ...
 */

/** bench/agent (the model-efficiency bench) joins the run when it is present. */
const HAS_AGENT = existsSync(`${BENCH_DIR}agent/run.ts`);
const BENCHES = ['context', 'startup', 'load', 'scaling', ...(HAS_AGENT ? (['agent'] as const) : [])] as const;
type BenchName = 'context' | 'startup' | 'load' | 'scaling' | 'agent';

async function runBench(name: BenchName): Promise<string> {
  if (name === 'agent') {
    const mod = (await import('./agent/run.ts' as string)) as { runAgentBench(o?: Record<string, unknown>): Promise<{ markdown: string }> };
    const outcome = await mod.runAgentBench();
    return outcome.markdown.replace(/^# /m, '## ');
  }
  const mod = (await import(`./${name}/run.ts`)) as { run(f: typeof flags): Promise<string> };
  return mod.run(flags);
}

const flags = parseFlags(process.argv.slice(2));
// Every flag goes to every bench (each reads its own), so one no bench reads is refused here.
const SUITE = ['context', 'startup', 'load', 'scaling'] as const;
const RUN_ALL_FLAGS = { '--only <benches>': `some of ${BENCHES.join(',')}` };
if (flags.help) {
  process.stdout.write(`Usage: node --import tsx run-all.ts [--only ${BENCHES.join(',')}] [flags of the benches run]\n\n`);
  for (const name of SUITE) process.stdout.write(`${name}:\n${helpOf(COMMANDS[name]).replace(/^Usage: .*\n\n/, '')}\n`);
  process.stdout.write(`agent: bench/agent (when present), run with its defaults\n`);
  process.exit(0);
}
const refused = unknownFlagsMessage(flags, [...flagNames({ usage: '', flags: RUN_ALL_FLAGS }), ...SUITE.flatMap((name) => flagNames(COMMANDS[name]))]);
if (refused) {
  process.stderr.write(`${refused}\n(node --import tsx run-all.ts --help lists them)\n`);
  process.exit(2);
}
const only = typeof flags.only === 'string' ? flags.only.split(',').map((s) => s.trim()) : [...BENCHES];
const unknown = only.filter((b) => !(BENCHES as readonly string[]).includes(b));
if (unknown.length) {
  process.stderr.write(`unknown bench(es): ${unknown.join(', ')}; choose from ${BENCHES.join(', ')}\n`);
  process.exit(2);
}
assertBuilt();

const started = new Date();
const sections: string[] = [];
const failures: string[] = [];
for (const name of BENCHES.filter((b) => only.includes(b)) as BenchName[]) {
  const t0 = performance.now();
  try {
    sections.push(await runBench(name));
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    failures.push(name);
    sections.push(`## ${name}\n\nFAILED: \n\n\`\`\`\n${message}\n\`\`\``);
    process.stderr.write(`\n${name} FAILED: ${message}\n`);
  }
  process.stderr.write(`  ${name} took ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
}

const header = [
  '# intentdesk benchmarks',
  '',
  `Run ${started.toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, node ${process.version}.`,
  `Benches: ${only.join(', ')}. Flags: ${JSON.stringify(flags)}.`,
  'Every ratio compares numbers measured in this same run; absolute times depend on the machine and its load. Targets are informational.',
  '',
].join('\n');
mkdirSync(RESULTS_DIR, { recursive: true });
const file = `${RESULTS_DIR}latest.md`;
writeFileSync(file, `${header}\n${sections.join('\n\n')}\n`);
process.stderr.write(`\nwritten ${file}${failures.length ? ` (failed: ${failures.join(', ')})` : ''}\n`);
process.exit(failures.length ? 1 : 0);
