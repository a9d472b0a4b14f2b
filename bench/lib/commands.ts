import { type Flags, parseFlags } from './args.js';

/**
 * The benches' command lines, in one place: what `--help` prints and which flags each reads. A flag
 * no bench reads is refused with the closest name instead of being ignored (a mistyped
 * `--conections 8` would otherwise run the defaults and look like a result).
 */
export interface BenchCommand {
  /** How it is started, from bench/. */
  usage: string;
  /** Each flag as it is written on the command line (with its default, if any) → what it does. */
  flags: Readonly<Record<string, string>>;
}

const KEEP = { '--keep': 'keep the temporary databases' };

export const COMMANDS = {
  load: {
    usage: 'node --import tsx load/run.ts [flags]',
    flags: {
      '--duration 3': 'seconds a round',
      '--rounds 3': 'rounds a point (servers interleaved round by round)',
      '--warmup 2': 'seconds of warm-up a server and tool',
      '--connections 1,8,32': 'the concurrencies',
      '--tickets 300': 'tickets created through REST before the load',
      '--tools ticket_get,ticket_search,ticket_create': 'the tools loaded',
      '--no-profile': 'no CPU profiles or CPU-clock split',
      '--profile-duration 5': 'seconds a profile',
      '--otel': 'intentdesk with tracing on (spans to an OTLP sink in the bench process)',
      '--no-tracing-cost': 'without the traced second intentdesk',
      ...KEEP,
    },
  },
  scaling: {
    usage: 'node --import tsx scaling/run.ts [flags]',
    flags: {
      '--sizes 10000,100000,1000000': 'ticket counts (10k, 100k, 1m)',
      '--db mysql,sqlite': 'the databases',
      '--sqlite-max 1000000': 'the largest size run on SQLite',
      '--reps 11': 'timed repetitions a search',
      '--mysql-url mysql://root@127.0.0.1:3306': 'the MariaDB/MySQL server (or BENCH_MYSQL_URL)',
      '--reuse-mysql <database>': 'a database loaded by an earlier --keep run',
      '--sqlite-analyze': 'ANALYZE after loading',
      '--no-sqlite-optimize': 'no PRAGMA optimize after loading',
      '--no-proposals': 'without the index proposals',
      ...KEEP,
    },
  },
  startup: {
    usage: 'node --import tsx startup/run.ts [flags]',
    flags: { '--reps 5': 'starts measured', '--settle 1000': 'ms after ready before the idle RSS is read', ...KEEP },
  },
  context: {
    usage: 'node --import tsx context/run.ts [flags]',
    flags: { '--tickets 30': 'tickets in the demo database', ...KEEP },
  },
  processes: {
    usage: 'node --import tsx load/processes.ts --p0 "<description>" --p1 "<description>" [flags]',
    flags: {
      '--p0 … --p9 "<description>"':
        'a process: flags=<node flag>, env=<NAME=value>, writes=<n> (REST creates first), rest-reads=<n>, mcp-writes=<n>, build=<copy of dist/>',
      '--connections 8': 'the concurrencies',
      '--rounds 5': 'rounds a concurrency (processes in turn)',
      '--duration 3': 'seconds a round',
      '--warmup 3': 'seconds of warm-up a process',
      '--tool ticket_get': 'the load: ticket_get, or ticket_create (dry runs)',
      '--allocations': 'then the bytes a call allocates in each process, and where',
      ...KEEP,
    },
  },
  chain: {
    usage: 'node --import tsx load/chain.ts [flags]',
    flags: {
      '--calls 3000': 'calls a round',
      '--rounds 5': 'rounds',
      '--tools ticket_get,ticket_search,ticket_create': 'the tools (ticket_create_real commits)',
      '--analyzed': 'planner statistics refreshed first',
      '--logged': "the product's logger on (its lines on stderr)",
      '--tickets 0': 'tickets created through REST first',
      '--promises': 'also count the promises a call makes',
    },
  },
  'audit-flush': {
    usage: 'node --import tsx load/audit-flush.ts [flags]',
    flags: { '--sizes 200,100,37,1,0': 'entries a batch (0: 1–199 at random)', '--rounds 40': 'flushes a size' },
  },
} satisfies Record<string, BenchCommand>;

export type CommandName = keyof typeof COMMANDS;

/** The flag names `command` reads (`--no-x` and `--x` are the same flag). */
export function flagNames(command: BenchCommand): string[] {
  return Object.keys(command.flags).flatMap((written) => {
    const name = written.split(' ')[0].replace(/^--(no-)?/, '');
    // --p0 … --p9
    return name === 'p0' ? Array.from({ length: 10 }, (_, i) => `p${i}`) : [name];
  });
}

/** The help text of `command`. */
export function helpOf(command: BenchCommand): string {
  const width = Math.max(...Object.keys(command.flags).map((k) => k.length));
  const lines = Object.entries(command.flags).map(([written, what]) => `  ${written.padEnd(width)}  ${what}`);
  return `Usage: ${command.usage}\n\n${lines.join('\n')}\n`;
}

/** A refusal of every flag in `flags` that `known` does not hold, naming the closest; undefined when all are known. */
export function unknownFlagsMessage(flags: Flags, known: readonly string[]): string | undefined {
  const unknown = Object.keys(flags).filter((name) => !known.includes(name));
  if (unknown.length === 0) return undefined;
  return unknown
    .map((name) => {
      const closest = [...known].sort((a, b) => editDistance(name, a) - editDistance(name, b))[0];
      return `unknown flag --${name}${closest !== undefined && editDistance(name, closest) <= 3 ? ` (did you mean --${closest}?)` : ''}`;
    })
    .join('\n');
}

/** Levenshtein distance, for naming the closest flag. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/**
 * Runs a bench from its own command line: `--help` prints its usage, an unknown flag is refused
 * (exit 2), otherwise `run` gets the flags.
 */
export async function runCommand(name: CommandName, run: (flags: Flags) => Promise<void>, argv = process.argv.slice(2)): Promise<void> {
  const command: BenchCommand = COMMANDS[name];
  const flags = parseFlags(argv);
  if (flags.help) {
    process.stdout.write(helpOf(command));
    return;
  }
  const refused = unknownFlagsMessage(flags, flagNames(command));
  if (refused) {
    process.stderr.write(`${refused}\n\n${helpOf(command)}`);
    process.exitCode = 2;
    return;
  }
  await run(flags);
}
