import { median, timeRuns } from '../lib/stats.js';
import type { Sql } from './data.js';

/**
 * Candidate query shapes, measured as raw SQL on the same data right after the product's own
 * statements (the product is not changed): the actor filter as IN instead of a correlated EXISTS,
 * a text index (InnoDB FULLTEXT in boolean mode on MariaDB/MySQL, an FTS5 trigram table on
 * SQLite, which keeps LIKE '%q%' semantics for q of 3+ characters), and a capped COUNT.
 * Indexes are created for the measurement and dropped afterwards.
 */

export interface ProposalTimes {
  [name: string]: { ms: number; total: number };
}

type Query = (sql: string, params: unknown[]) => Promise<unknown[]>;

const CAP = 1000;

export async function measureProposals(sql: Sql, query: Query, techId: number, rare: string, reps: number): Promise<{ times: ProposalTimes; buildMs: number }> {
  const mysql = sql.kind === 'mysql';
  const like = '%impressora%';
  const base = 't.is_deleted = 0 AND t.entities_id IN (1, 2, 3)';
  const filters = `${base} AND t.status = 2 AND t.itilcategories_id = 1`;
  const likeText = `(t.name LIKE ? ESCAPE '!' OR t.content LIKE ? ESCAPE '!')`;
  const assigneeIn = 't.id IN (SELECT a.tickets_id FROM glpi_tickets_users a WHERE a.type = 2 AND a.users_id = ?)';
  const page = 'ORDER BY t.date_mod DESC, t.id DESC LIMIT 21';

  const t0 = performance.now();
  if (mysql) {
    await sql.exec('ALTER TABLE glpi_tickets ADD FULLTEXT INDEX FT_bench_tickets_text (name, content)');
  } else {
    await sql.exec(`CREATE VIRTUAL TABLE bench_tickets_fts USING fts5(name, content, content='glpi_tickets', content_rowid='id', tokenize='trigram')`);
    await sql.exec(`INSERT INTO bench_tickets_fts(bench_tickets_fts) VALUES('rebuild')`);
  }
  const buildMs = performance.now() - t0;
  // The text index drives the query: MATCH in WHERE on InnoDB; on SQLite the FTS table first (CROSS JOIN fixes the order).
  const indexed = mysql
    ? { from: 'glpi_tickets t', where: `${base} AND MATCH(t.name, t.content) AGAINST (? IN BOOLEAN MODE)` }
    : { from: 'bench_tickets_fts CROSS JOIN glpi_tickets t ON t.id = bench_tickets_fts.rowid', where: `bench_tickets_fts MATCH ? AND ${base}` };
  const textParam = mysql ? '+impressora*' : '"impressora"';
  // InnoDB's parser drops the '#': the number is the word; the trigram table matches the text as is.
  const rareParam = mysql ? `+${rare.replace(/^#/, '')}` : `"${rare}"`;
  const indexName = mysql ? 'FULLTEXT' : 'FTS5 trigram';
  const count = (from: string, where: string) => `SELECT COUNT(*) AS n FROM ${from} WHERE ${where}`;
  const rows = (from: string, where: string) => `SELECT t.* FROM ${from} WHERE ${where} ${page}`;
  const capped = (from: string, where: string) => `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${CAP + 1}) capped`;

  const variants: Record<string, { sql: string; params: unknown[] }> = {
    '3 filters + text, assignee as IN (subquery): COUNT': { sql: count('glpi_tickets t', `${filters} AND ${assigneeIn} AND ${likeText}`), params: [techId, like, like] },
    '3 filters + text, assignee as IN (subquery): page': { sql: rows('glpi_tickets t', `${filters} AND ${assigneeIn} AND ${likeText}`), params: [techId, like, like] },
    [`common text, ${indexName}: COUNT`]: { sql: count(indexed.from, indexed.where), params: [textParam] },
    [`common text, ${indexName}: page`]: { sql: rows(indexed.from, indexed.where), params: [textParam] },
    [`rare text, ${indexName}: COUNT`]: { sql: count(indexed.from, indexed.where), params: [rareParam] },
    [`rare text, ${indexName}: page`]: { sql: rows(indexed.from, indexed.where), params: [rareParam] },
    [`common text, LIKE, COUNT capped at ${CAP}`]: { sql: capped('glpi_tickets t', `${base} AND ${likeText}`), params: [like, like] },
    [`common text, ${indexName}, COUNT capped at ${CAP}`]: { sql: capped(indexed.from, indexed.where), params: [textParam] },
  };
  const times: ProposalTimes = {};
  try {
    for (const [name, v] of Object.entries(variants)) {
      const rows = (await query(v.sql, v.params)) as Array<{ n?: number | string }>;
      const total = name.includes('COUNT') ? Number(rows[0]?.n) : rows.length;
      times[name] = { ms: median(await timeRuns(reps, 1, () => query(v.sql, v.params))), total };
    }
  } finally {
    if (mysql) await sql.exec('ALTER TABLE glpi_tickets DROP INDEX FT_bench_tickets_text');
    else await sql.exec('DROP TABLE bench_tickets_fts');
  }
  return { times, buildMs };
}
