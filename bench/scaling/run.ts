import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { boolFlag, isMain, listFlag, numberFlag, type Flags } from '../lib/args.js';
import { runCommand } from '../lib/commands.js';
import { rpc, toolsCallBody } from '../lib/mcp.js';
import { startApp, type AppHandle, type Captured } from '../lib/inprocess.js';
import { rootRequire } from '../lib/paths.js';
import { Report } from '../lib/report.js';
import { fmt, fmtMs, median, table, timeRuns } from '../lib/stats.js';
import { measureProposals, type ProposalTimes } from './proposals.js';
import { loadWithTextIndexAfter } from './text-index.js';
import { analyze, benchUser, currentSize, ensureCategories, growTickets, growUsers, openSql, techsFor, usersFor, type Sql } from './data.js';

/**
 * How search and name resolution cost grows with the data: ticket_search (three filters + text,
 * and its parts) and ReferenceResolver.resolve at 10k, 100k and 1M tickets, on MariaDB and SQLite.
 * The product runs in this process (createHttpApp from dist, listening on an ephemeral port); the
 * data are grown in place from one size to the next. Reported: medians, the cost ratio largest /
 * smallest size, and the plans (EXPLAIN / EXPLAIN QUERY PLAN) of the statements each call runs.
 */

type Engine = 'mysql' | 'sqlite';

interface Measured {
  e2e: number;
  total?: number;
  sql?: Record<string, number>;
  /** SQL statements one call ran. */
  statements?: number;
}

interface SizeResult {
  size: number;
  users: number;
  loadMs: number;
  /** Of loadMs, filling the text index after the rows. */
  backfillMs: number;
  /** Machine load average (1, 5, 15 min) when the size was measured. */
  load: number[];
  rows: Record<string, Measured>;
  plans: Record<string, string>;
  proposals?: ProposalTimes;
  proposalBuildMs?: number;
}

const SEARCHES = (tech: string, rare: string) => ({
  'ticket_search: 3 filters + text': { assignee_id: tech, status: 'Em atendimento (atribuído)', itilcategories_id: 'Hardware', query: 'impressora' },
  'ticket_search: 3 filters': { assignee_id: tech, status: 'Em atendimento (atribuído)', itilcategories_id: 'Hardware' },
  'ticket_search: text only (common word)': { query: 'impressora' },
  'ticket_search: text only (rare: one ticket)': { query: rare },
  'ticket_search: unfiltered (-date_mod)': {},
  'ticket_search: unfiltered, sort -priority': { sort: '-priority' },
  'ticket_search: unfiltered, sort date': { sort: 'date' },
  'ticket_search: broad filter (status), sort -date_mod': { status: 'Em atendimento (atribuído)' },
});

/** Searches whose page must come in order from an index (EXPLAIN: no sort step), at every size. */
const SORT_FROM_INDEX = [
  'ticket_search: unfiltered (-date_mod)',
  'ticket_search: unfiltered, sort -priority',
  'ticket_search: unfiltered, sort date',
  'ticket_search: text only (common word)',
];

/** Whether a page's plan reads its order from an index: no temporary B-tree (SQLite), no filesort (MariaDB). */
function sortsByIndex(plan: string): boolean {
  return !/TEMP B-TREE FOR ORDER BY|filesort/i.test(plan);
}

/** A text that only one ticket's title contains at `size` (its number). */
export function rareText(size: number): string {
  return `#${Math.floor(size / 2)}`;
}

function label(sql: string): string | undefined {
  const s = sql.replace(/[`"]/g, '');
  if (/FROM glpi_tickets t\b/.test(s) && /COUNT\(\*\)/i.test(s)) return 'COUNT';
  if (/FROM glpi_tickets t\b/.test(s) && /LIMIT/i.test(s)) return 'page';
  if (/FROM glpi_users t\b/.test(s) && /\w_key\b/.test(s)) return 'resolve user';
  if (/FROM glpi_itilcategories t\b/.test(s) && /\w_key\b/.test(s)) return 'resolve category';
  return undefined;
}

async function explain(app: AppHandle, engine: Engine, statement: Captured): Promise<string> {
  if (engine === 'sqlite') {
    const rows = (await app.query(`EXPLAIN QUERY PLAN ${statement.sql}`, statement.params)) as Array<{ id: number; parent: number; detail: string }>;
    const depth = new Map<number, number>([[0, 0]]);
    return rows
      .map((r) => {
        const d = (depth.get(r.parent) ?? 0) + 1;
        depth.set(r.id, d);
        return `${'  '.repeat(d - 1)}${r.detail}`;
      })
      .join('\n');
  }
  const rows = (await app.query(`EXPLAIN ${statement.sql}`, statement.params)) as Array<Record<string, unknown>>;
  return table(
    ['id', 'select_type', 'table', 'type', 'key', 'rows', 'Extra'],
    rows.map((r) => [String(r.id), String(r.select_type), String(r.table), String(r.type), String(r.key ?? 'NULL'), String(r.rows), String(r.Extra ?? '')]),
  );
}

/** Indexes named in a plan, for the per-size summary. */
function keysOf(engine: Engine, plan: string): string {
  const short = (index: string) => index.replace(/IDX_|UQ_/g, '').replace(/glpi_(tickets_users|tickets|users|profiles_users|itilcategories)_/g, '');
  if (engine === 'sqlite') {
    const used = [
      ...plan.matchAll(
        /(SCAN|SEARCH|LIST SUBQUERY|CORRELATED SCALAR SUBQUERY)(?: (\w+))?(?: EXISTS)?(?: USING (?:COVERING )?INDEX (\w+)| USING INTEGER PRIMARY KEY)?(?: \(([^)]*)\))?/g,
      ),
    ].map((m) => {
      if (m[1].includes('SUBQUERY')) return m[1].toLowerCase();
      const by = m[3] ? ` by ${short(m[3])}` : m[0].includes('PRIMARY') ? ' by PK' : '';
      return `${m[1]} ${m[2] ?? ''}${by}${m[4] ? ` (${m[4]})` : ''}`;
    });
    return [...used, ...(plan.includes('TEMP B-TREE FOR ORDER BY') ? ['sort'] : [])].join('; ');
  }
  return plan
    .split('\n')
    .slice(2)
    .map((line) => line.split('|').map((c) => c.trim()))
    .map((c) => `${c[3]}: ${c[4]}${c[5] === 'NULL' ? ' (no index)' : ` ${short(c[5])}`} ~${c[6]} rows${c[7]?.includes('filesort') ? ', filesort' : ''}`)
    .join('; ');
}

/** A search that misses its target at 1M can take longer than the product's 30 s request timeout: it is measured, not cut. */
const SLOW_CALLS = { HTTP_REQUEST_TIMEOUT_MS: '600000', HTTP_HEADERS_TIMEOUT_MS: '600000' };

/** Resolutions per timed repetition. */
const RESOLVE_BATCH = 20;

async function measureSize(app: AppHandle, engine: Engine, size: number, reps: number, report: Report): Promise<Pick<SizeResult, 'rows' | 'plans'>> {
  const rows: Record<string, Measured> = {};
  const plans: Record<string, string> = {};
  const tech = benchUser(Math.floor(techsFor(size) / 2) + 1);
  const person = benchUser(Math.floor(usersFor(size) / 2) + 1);

  for (const [name, filters] of Object.entries(SEARCHES(tech.login, rareText(size)))) {
    const body = toolsCallBody('ticket_search', { domain: 'ticket', session_id: app.sessionId, ...filters });
    const call = async () => {
      const reply = await rpc(app.url, app.token, body);
      if (reply.status !== 200 || reply.json?.result?.isError) throw new Error(`${name} failed: ${reply.text.slice(0, 500)}`);
      return reply;
    };
    const { value, statements } = await app.capture(call);
    const total = Number((value.json?.result?.structuredContent as { data?: { total?: number } } | undefined)?.data?.total);
    const e2e = median(await timeRuns(reps, 2, call));
    const sql: Record<string, number> = {};
    for (const statement of statements) {
      const which = label(statement.sql);
      if (which !== 'COUNT' && which !== 'page') continue;
      sql[which] = median(await timeRuns(reps, 1, () => app.query(statement.sql, statement.params)));
      plans[`${name} — ${which}`] = await explain(app, engine, statement);
      if (!plans[`SQL of ${name} — ${which}`]) plans[`SQL of ${name} — ${which}`] = `${statement.sql}\n-- parameters: ${JSON.stringify(statement.params)}`;
    }
    rows[name] = { e2e, total, sql };
    report.log(`${engine} ${size}: ${name}: ${fmtMs(e2e)} (total ${total}; COUNT ${fmtMs(sql.COUNT ?? NaN)}, page ${fmtMs(sql.page ?? NaN)})`);
  }

  const resolutions: Array<[string, string, string]> = [
    [`resolve user by "Firstname Lastname" ('${person.fullName}')`, 'user', person.fullName],
    [`resolve user by login ('${person.login}')`, 'user', person.login],
    ["resolve category by name ('Hardware')", 'itilCategory', 'Hardware'],
  ];
  for (const [name, kind, input] of resolutions) {
    const { value, statements } = await app.capture(() => app.resolve(kind, input));
    if (!value.ok) throw new Error(`${name}: not resolved (${JSON.stringify(value)})`);
    // Sub-millisecond: each repetition times a batch, so timer and GC jitter do not decide the median.
    const batch = async () => {
      for (let i = 0; i < RESOLVE_BATCH; i++) await app.resolve(kind, input);
    };
    const e2e = median(await timeRuns(reps, 2, batch)) / RESOLVE_BATCH;
    const generic = name.replace(/ \(.*\)$/, '');
    rows[generic] = { e2e, statements: statements.length };
    const lookups = statements.filter((s) => label(s.sql)?.startsWith('resolve'));
    for (const [i, statement] of lookups.entries()) {
      plans[`${generic} — lookup${lookups.length > 1 ? ` ${i + 1}/${lookups.length}` : ''}`] = await explain(app, engine, statement);
    }
    report.log(`${engine} ${size}: ${name}: ${fmtMs(e2e)} (${statements.length} statements)`);
  }
  return { rows, plans };
}

async function runEngine(engine: Engine, sizes: number[], reps: number, flags: Flags, report: Report): Promise<string> {
  const keep = boolFlag(flags, 'keep', false);
  const sqliteAnalyze = boolFlag(flags, 'sqlite-analyze', false);
  const sqliteOptimize = boolFlag(flags, 'sqlite-optimize', true);
  const proposals = boolFlag(flags, 'proposals', true);
  let databaseUrl: string;
  let dropDb: () => Promise<void>;
  if (engine === 'mysql') {
    const server = new URL(String(flags['mysql-url'] ?? process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306'));
    const name = `intentdesk_bench_${randomBytes(4).toString('hex')}`;
    const mysql = rootRequire('mysql2/promise') as typeof import('mysql2/promise');
    const admin = {
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username || 'root'),
      password: decodeURIComponent(server.password),
    };
    const conn = await mysql.createConnection(admin);
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const [[version]] = (await conn.query('SELECT VERSION() AS v, @@innodb_buffer_pool_size AS bp')) as unknown as [Array<{ v: string; bp: number }>];
    await conn.end();
    report.log(`MariaDB/MySQL ${version.v}, database ${name}`);
    const url = new URL(server.toString());
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      if (keep) return report.log(`kept database ${name}`);
      const c = await mysql.createConnection(admin);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    };
    report.add(
      `### MariaDB/MySQL (${version.v}, innodb_buffer_pool_size ${Math.round(version.bp / 1024 / 1024)} MiB, database \`${name}\`, dropped afterwards)`,
    );
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'intentdesk-bench-scaling-'));
    databaseUrl = `sqlite:${join(dir, 'scaling.sqlite')}`;
    dropDb = async () => {
      if (keep) return report.log(`kept ${dir}`);
      rmSync(dir, { recursive: true, force: true });
    };
    const stats = sqliteAnalyze
      ? 'a full ANALYZE after each load'
      : sqliteOptimize
        ? "after each load the product's own planner-statistics refresh (`PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002`, which it runs 5 minutes after start and then hourly)"
        : 'no statistics (as in the first 5 minutes after start)';
    report.add(`### SQLite (temporary file; ${stats})`);
  }

  const results: SizeResult[] = [];
  let app: AppHandle | undefined;
  let sql: Sql | undefined;
  try {
    app = await startApp(databaseUrl, SLOW_CALLS); // migrations + demo seed
    sql = await openSql(engine, engine === 'sqlite' ? databaseUrl.slice('sqlite:'.length) : databaseUrl);
    const firstCategory = await ensureCategories(sql);
    const reuse = engine === 'mysql' && flags['reuse-mysql'] ? String(flags['reuse-mysql']) : undefined;
    for (const size of sizes) {
      const kept = reuse && size === sizes[sizes.length - 1] ? await keptDatabase(databaseUrl, reuse) : undefined;
      if (kept && kept.size === size) {
        // A database kept by an earlier run (--keep) at this size: measured by a second product instance, same process.
        report.log(
          `mysql: ${size} tickets measured on the kept database ${kept.name} (loaded by an earlier run); load average ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
        );
        const other = await startApp(kept.url, SLOW_CALLS);
        try {
          const measured = await measureSize(other, engine, size, reps, report);
          results.push({ size, users: usersFor(size), loadMs: NaN, backfillMs: NaN, load: loadavg(), ...measured });
        } finally {
          await other.close().catch(() => undefined);
        }
        continue;
      }
      const have = await currentSize(sql);
      const t0 = performance.now();
      await growUsers(sql, have.users, usersFor(size));
      const index = await loadWithTextIndexAfter(sql, have.tickets, size, () =>
        growTickets(sql!, have.tickets, size, usersFor(size), techsFor(size), firstCategory),
      );
      if (engine === 'mysql' || sqliteAnalyze) await analyze(sql);
      else if (sqliteOptimize && !(await app.refreshPlannerStatistics())) throw new Error('PRAGMA optimize did not run');
      const loadMs = performance.now() - t0;
      report.log(
        `${engine}: grew to ${size} tickets / ${usersFor(size)} users in ${(loadMs / 1000).toFixed(1)} s (text index filled after the rows: ${(index.backfillMs / 1000).toFixed(1)} s; ${index.checked} sampled tickets' index entries equal the triggers'); load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
      // A long SQLite load blocks this process's event loop: let the server close the sockets whose
      // keep-alive ran out meanwhile before the first call, or the client reuses one as it closes (ECONNRESET).
      await new Promise((resolve) => setTimeout(resolve, 500));
      const measured = await measureSize(app, engine, size, reps, report);
      const result: SizeResult = { size, users: usersFor(size), loadMs, backfillMs: index.backfillMs, load: loadavg(), ...measured };
      if (proposals) {
        const techId = benchUser(Math.floor(techsFor(size) / 2) + 1).id;
        const p = await measureProposals(sql, app.query, techId, rareText(size), reps);
        result.proposals = p.times;
        result.proposalBuildMs = p.buildMs;
        report.log(
          `${engine} ${size}: candidate shapes: ${Object.entries(p.times)
            .map(([k, v]) => `${k} ${fmtMs(v.ms)}`)
            .join('; ')}`,
        );
      }
      results.push(result);
    }
  } finally {
    await sql?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await dropDb();
  }
  return summarize(engine, results);
}

/** A MariaDB database kept by an earlier run (`--keep`), on the same server: its size, statistics refreshed. */
async function keptDatabase(databaseUrl: string, name: string): Promise<{ name: string; url: string; size: number }> {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const kept = await openSql('mysql', url.toString());
  try {
    // A load still under way has its insert trigger dropped: wait for it to be back.
    const trigger = `SELECT COUNT(*) AS n FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = '${name.replace(/'/g, "''")}' AND TRIGGER_NAME = 'glpi_tickets_grams_ai'`;
    while (Number((await kept.all<{ n: number | string }>(trigger))[0].n) === 0) await new Promise((r) => setTimeout(r, 10_000));
    const size = (await currentSize(kept)).tickets;
    await analyze(kept);
    return { name, url: url.toString(), size };
  } finally {
    await kept.close();
  }
}

function sizeLabel(n: number): string {
  return n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n);
}

function summarize(engine: Engine, results: SizeResult[]): string {
  if (results.length === 0) return '';
  const first = results[0];
  const last = results[results.length - 1];
  const names = Object.keys(first.rows);
  const ratioHeader = `${sizeLabel(last.size)}/${sizeLabel(first.size)}`;
  const out: string[] = [];
  out.push(
    table(
      ['size', 'users', 'grow time', 'of which text index', 'rows/s', 'load average when measured (uptime)'],
      results.map((r, i) => {
        const added = r.size - (i ? results[i - 1].size : 0);
        return [
          `${sizeLabel(r.size)} tickets`,
          r.users,
          Number.isNaN(r.loadMs) ? 'kept from an earlier run' : `${(r.loadMs / 1000).toFixed(1)} s`,
          Number.isNaN(r.backfillMs) ? '' : `${(r.backfillMs / 1000).toFixed(1)} s`,
          Number.isNaN(r.loadMs) ? '' : fmt(added / (r.loadMs / 1000)),
          r.load.map((l) => l.toFixed(2)).join(' '),
        ];
      }),
    ),
  );
  const rows: Array<Array<string | number>> = [];
  for (const name of names) {
    const costs = results.map((r) => r.rows[name]?.e2e ?? NaN);
    const ratio = costs[costs.length - 1] / costs[0];
    const totals = results.map((r) => r.rows[name]?.total);
    rows.push([
      name + (name.startsWith('ticket_search') ? ' (tools/call end to end)' : ' (ReferenceResolver.resolve)'),
      ...costs.map(fmtMs),
      `${ratio.toFixed(2)}x`,
      results.length > 1 ? (ratio <= 3 ? 'met' : 'NOT met') : 'n/a',
      totals.every((t) => t === undefined)
        ? results.some((r) => r.rows[name]?.statements !== undefined)
          ? `SQL statements per call: ${results.map((r) => r.rows[name]?.statements ?? '').join(' / ')}`
          : ''
        : totals.map((t) => t ?? '').join(' / '),
    ]);
    for (const part of ['COUNT', 'page']) {
      const sqlCosts = results.map((r) => r.rows[name]?.sql?.[part] ?? NaN);
      if (sqlCosts.every((c) => Number.isNaN(c))) continue;
      const r = sqlCosts[sqlCosts.length - 1] / sqlCosts[0];
      rows.push([`  ${part} statement alone (SQL)`, ...sqlCosts.map(fmtMs), `${r.toFixed(2)}x`, '', '']);
    }
  }
  out.push(
    `Median of the repetitions; cost ratio ${ratioHeader} (target <= 3x):\n\n` +
      table(['query', ...results.map((r) => sizeLabel(r.size)), ratioHeader, 'target', 'matches (total) per size, or statements'], rows),
  );
  if (last.proposals) {
    const prop: Array<Array<string | number>> = [];
    for (const name of Object.keys(last.proposals)) {
      const costs = results.map((r) => r.proposals?.[name]?.ms ?? NaN);
      prop.push([
        name,
        ...costs.map(fmtMs),
        `${(costs[costs.length - 1] / costs[0]).toFixed(2)}x`,
        results.map((r) => r.proposals?.[name]?.total ?? '').join(' / '),
      ]);
    }
    prop.push(['(building the text index, once)', ...results.map((r) => fmtMs(r.proposalBuildMs ?? NaN)), '', '']);
    out.push(
      `Candidate query shapes, raw SQL on the same data (not what the product runs today; the text index is built for the measurement and dropped):\n\n` +
        table(['candidate', ...results.map((r) => sizeLabel(r.size)), ratioHeader, 'rows (COUNT value or page length)'], prop),
    );
  }
  // Index use per size, and the full plans at the largest size.
  const planRows: Array<Array<string>> = [];
  for (const key of Object.keys(last.plans).filter((k) => !k.startsWith('SQL of'))) {
    planRows.push([key, ...results.map((r) => (r.plans[key] ? keysOf(engine, r.plans[key]) : ''))]);
  }
  out.push(`Indexes used (from the plans):\n\n${table(['statement', ...results.map((r) => sizeLabel(r.size))], planRows)}`);
  const sortRows = SORT_FROM_INDEX.filter((name) => last.plans[`${name} — page`]).map((name) => [
    name,
    ...results.map((r) => (r.plans[`${name} — page`] ? (sortsByIndex(r.plans[`${name} — page`]) ? 'yes' : 'NO (sorts)') : '')),
  ]);
  out.push(
    `Page order read from an index (EXPLAIN shows no sort step; target: yes):\n\n${table(['search', ...results.map((r) => sizeLabel(r.size))], sortRows)}`,
  );
  const full: string[] = [];
  for (const [key, plan] of Object.entries(last.plans)) {
    full.push(`${key}:\n\n${key.startsWith('SQL of') || engine === 'sqlite' ? '```\n' + plan + '\n```' : plan}`);
  }
  out.push(
    `<details><summary>Plans and SQL at ${sizeLabel(last.size)} (${engine === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'})</summary>\n\n${full.join('\n\n')}\n\n</details>`,
  );
  return out.join('\n\n');
}

export async function run(flags: Flags = {}): Promise<string> {
  const report = new Report('Scaling: search and name resolution vs data size');
  const sizes = listFlag(flags, 'sizes', [10_000, 100_000, 1_000_000]).sort((a, b) => a - b);
  const sqliteMax = numberFlag(flags, 'sqlite-max', 1_000_000);
  const reps = numberFlag(flags, 'reps', 11);
  const engines = String(flags.db ?? 'mysql,sqlite')
    .split(',')
    .map((s) => s.trim().replace('mariadb', 'mysql'))
    .filter((s): s is Engine => s === 'mysql' || s === 'sqlite');
  report.add(
    [
      `Data per size N: N tickets, N/10 users (each with a profile assignment), 50 ITIL categories; every ticket has a requester row and, unless New, an assignee row in glpi_tickets_users (about 2N rows); technicians (N/500) carry ~450 assigned tickets each at every size, so the 3-filter result stays about the same size while the table grows.`,
      `Searches run as a Super-Admin with a session opened before; filters: assignee_id (a technician's login, resolved per call), status 'Em atendimento (atribuído)', itilcategories_id 'Hardware'; text: 'impressora' (in ~5% of titles, so matches grow with the table), or a ticket number such as '#500000' (one match at every size). ${reps} timed repetitions after 2 warm-up calls.`,
    ].join('\n'),
  );
  for (const engine of engines) {
    const engineSizes = engine === 'sqlite' ? sizes.filter((s) => s <= sqliteMax) : sizes;
    if (engineSizes.length === 0) continue;
    report.add(await runEngine(engine, engineSizes, reps, flags, report));
  }
  return report.toString();
}

if (isMain(import.meta.url)) {
  const { writeSummary } = await import('../lib/summary.js');
  await runCommand('scaling', async (flags) => void writeSummary('scaling', await run(flags)));
  process.exit();
}
