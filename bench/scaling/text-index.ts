import { importDist } from '../lib/paths.js';
import { TICKET_ID_BASE, type Sql } from './data.js';

/**
 * Bulk loads with the product's text index built afterwards instead of row by row: the insert
 * trigger is dropped for the load, the index is filled set-based by the migration's own backfill
 * (MariaDB: the gram rows of the new tickets; SQLite: the FTS5 'rebuild'), and the trigger is put
 * back with the migration's own statement. Then a sample of tickets is checked against what the
 * triggers write, so what is measured is the product's real index.
 */

type RunSql = (sql: string) => Promise<unknown>;

interface TextIndexMigration {
  MYSQL_GRAM_TRIGGERS: Record<'ai' | 'au' | 'ad', string>;
  SQLITE_TEXT_TRIGGERS: Record<'ai' | 'au' | 'ad', string>;
  backfillMysqlGrams(run: RunSql, range?: { from: number; to: number }): Promise<void>;
  backfillSqliteText(run: RunSql): Promise<void>;
}

const migration = () => importDist<TextIndexMigration>('database/migrations/1768400000000-TicketTextIndex.js');

/** Tickets whose grams one backfill statement writes (MariaDB: ~90 rows each). */
const GRAM_CHUNK = 20_000;

/** Tickets checked after each load. */
const SAMPLE = 200;

export interface TextIndexLoad {
  /** Time spent filling the index after the rows were in. */
  backfillMs: number;
  /** Tickets whose index entries were compared with what the triggers write. */
  checked: number;
}

/** Runs `load` (which inserts tickets from+1 .. to) with the insert trigger off, then fills and checks the index. */
export async function loadWithTextIndexAfter(sql: Sql, from: number, to: number, load: () => Promise<void>): Promise<TextIndexLoad> {
  const m = await migration();
  // better-sqlite3 reads rows only from statements that return them.
  const run: RunSql = (s) => (sql.kind === 'mysql' || /^\s*SELECT/i.test(s) ? sql.all(s) : sql.exec(s));
  const trigger = sql.kind === 'mysql' ? 'glpi_tickets_grams_ai' : 'glpi_tickets_text_ai';
  await sql.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
  let backfillMs = 0;
  try {
    await load();
    const t0 = performance.now();
    if (sql.kind === 'mysql') {
      // Bounded transactions: the new rows go to the end of each gram's range, a few thousand pages.
      for (let a = from + 1; a <= to; a += GRAM_CHUNK) await m.backfillMysqlGrams(run, { from: TICKET_ID_BASE + a, to: TICKET_ID_BASE + Math.min(to, a + GRAM_CHUNK - 1) });
    }
    else await m.backfillSqliteText(run);
    backfillMs = performance.now() - t0;
  } finally {
    await sql.exec(sql.kind === 'mysql' ? m.MYSQL_GRAM_TRIGGERS.ai : m.SQLITE_TEXT_TRIGGERS.ai);
  }
  const ids = sampleIds(from, to);
  if (sql.kind === 'mysql') await checkMysql(sql, ids);
  else await checkSqlite(sql, ids);
  return { backfillMs, checked: ids.length };
}

/** Spread over the new tickets, always including the first and the last. */
function sampleIds(from: number, to: number): number[] {
  const n = Math.min(SAMPLE, to - from);
  const out = new Set<number>();
  for (let i = 0; i < n; i++) out.add(TICKET_ID_BASE + from + 1 + Math.floor((i * (to - from - 1)) / Math.max(1, n - 1)));
  return [...out];
}

/**
 * MariaDB: the sample's gram rows are set aside, rewritten by the triggers' own procedure, and the
 * two sets compared under the table's collation (the comparison the search makes).
 */
async function checkMysql(sql: Sql, ids: number[]): Promise<void> {
  const list = ids.join(', ');
  await sql.exec('DROP TEMPORARY TABLE IF EXISTS bench_grams_loaded');
  await sql.exec('CREATE TEMPORARY TABLE bench_grams_loaded LIKE glpi_tickets_grams');
  await sql.exec(`INSERT INTO bench_grams_loaded SELECT gram, tickets_id FROM glpi_tickets_grams WHERE tickets_id IN (${list})`);
  await sql.exec('START TRANSACTION');
  await sql.exec(`DELETE FROM glpi_tickets_grams WHERE tickets_id IN (${list})`);
  for (const id of ids) {
    await sql.exec(`CALL glpi_tickets_grams_fill(${id}, (SELECT name FROM glpi_tickets WHERE id = ${id}))`);
    await sql.exec(`CALL glpi_tickets_grams_fill(${id}, (SELECT content FROM glpi_tickets WHERE id = ${id}))`);
  }
  await sql.exec('COMMIT');
  const [diff] = await sql.all<{ missing: number | string; extra: number | string; n: number | string }>(
    `SELECT
       (SELECT COUNT(*) FROM glpi_tickets_grams g WHERE g.tickets_id IN (${list})
          AND NOT EXISTS (SELECT 1 FROM bench_grams_loaded b WHERE b.gram = g.gram AND b.tickets_id = g.tickets_id)) AS missing,
       (SELECT COUNT(*) FROM bench_grams_loaded b
          WHERE NOT EXISTS (SELECT 1 FROM glpi_tickets_grams g WHERE g.gram = b.gram AND g.tickets_id = b.tickets_id)) AS extra,
       (SELECT COUNT(*) FROM bench_grams_loaded) AS n`,
  );
  await sql.exec('DROP TEMPORARY TABLE bench_grams_loaded');
  if (Number(diff.missing) || Number(diff.extra) || !Number(diff.n)) {
    throw new Error(`gram index of the bulk load differs from the triggers' on ${ids.length} sampled tickets: ${JSON.stringify(diff)}`);
  }
}

/**
 * SQLite: FTS5's own 'integrity-check' against the content table (every row's text tokenized as the
 * triggers do, compared with the index), and each sampled ticket found by its own title.
 */
async function checkSqlite(sql: Sql, ids: number[]): Promise<void> {
  await sql.exec(`INSERT INTO glpi_tickets_text (glpi_tickets_text, rank) VALUES ('integrity-check', 1)`);
  const rows = await sql.all<{ id: number; name: string }>(`SELECT id, name FROM glpi_tickets WHERE id IN (${ids.join(', ')})`);
  for (const r of rows) {
    const phrase = `"${r.name.replace(/"/g, '""')}"`.replace(/'/g, "''");
    const [m] = await sql.all<{ n: number }>(`SELECT COUNT(*) AS n FROM glpi_tickets_text WHERE glpi_tickets_text MATCH '${phrase}' AND rowid = ${r.id}`);
    if (Number(m.n) !== 1) throw new Error(`FTS5 index of the bulk load does not find ticket ${r.id} by its title`);
  }
}
