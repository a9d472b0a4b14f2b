import type { DataSource } from 'typeorm';
import { cutAtNul } from '../database/caller-like.js';
import { readRows } from '../database/read-rows.js';
import { foldText } from '../database/sql-functions.js';
import { countOf, likePattern, type Qb, type SearchShape, type TextReach } from '../search/search-runner.js';

/**
 * How a free-text query finds tickets: the text is a substring of the title or of the description,
 * case and accents ignored. The indexes are those of migration TicketTextIndex1768400000000.
 *
 * A query of fewer than three characters has no trigram to probe and is a LIKE over the rows.
 */
export const MIN_INDEXED_CHARS = 3;

/**
 * A text found in more tickets than this (SQLite: the whole query; MariaDB: its rarest trigram) is
 * broad: the search reads tickets in its sort order and checks each, which finds a page of a common
 * word quickly. Below it the index drives and the few matches are sorted.
 */
export const COMMON_GRAM = 2000;

/** A broad text's count first looks at this many of its index's candidates (see TextReach). */
const SAMPLE = 4 * COMMON_GRAM;

/** A text whose trigrams are all common: this many of them are counted together. */
const COMBINED_GRAMS = 3;

/**
 * Actor filters whose tickets MariaDB lists from one index (`t.id IN (SELECT ... WHERE users_id = ?)`),
 * so counting them stops after COMMON_GRAM. Not `mine`: as an assignee it also holds the queues of
 * the user's groups, which can be long. (When it was two lists OR'd, counting a technician's 3
 * tickets read all of a million, 0.38 s; it is one union now (mine.ts), not yet measured here.)
 */
const LISTED_ROWS = new Set(['requester_id', 'assignee_id', 'assignee_group_id', 'observer_id']);

/** At most this many of a query's trigrams are counted to find its rarest. */
const PROBED_GRAMS = 24;

/** Adds the text condition of `raw` (trimmed, non-empty) to a ticket search (alias `t`); says how far it reaches. */
export async function applyTicketText(db: DataSource, qb: Qb, raw: string, shape: SearchShape): Promise<TextReach> {
  const like = `(t.name LIKE :q_raw ESCAPE '!' OR t.content LIKE :q_raw ESCAPE '!')`;
  if (cutAtNul(db, raw)) {
    // SQLite reads a LIKE pattern and an FTS5 query as C text, cut at the first NUL (a pattern cut to
    // "%" matches every ticket; a phrase cut mid-quote is a syntax error). A text holding one is
    // checked row by row with the index's folding (desk_text_has), which takes the whole text.
    qb.andWhere(`desk_text_has(t.name, t.content, :q_folded) = 1`, { q_folded: foldText(raw) });
    return { reach: 'broad' };
  }
  const chars = Array.from(raw);
  if (chars.length < MIN_INDEXED_CHARS) {
    qb.andWhere(like, { q_raw: likePattern(raw) });
    return { reach: 'broad' };
  }
  if (db.options.type === 'mysql') {
    // A person's tickets (an actor filter) are often fewer than a slice's list at a million tickets
    // (an assignee: ~450 against `imp` in 241k): each is checked by LIKE, as it is after the probe anyway.
    if (shape.rowFilters.some((f) => LISTED_ROWS.has(f)) && (await countOf(qb, COMMON_GRAM)) < COMMON_GRAM) {
      qb.andWhere(like, { q_raw: likePattern(raw) });
      return { reach: 'narrow' };
    }
    // The grams narrow to a few tickets, named by id; LIKE under the column collation decides, exactly as without the index.
    const { rarest, candidates, together } = await narrowGrams(db, grams(chars));
    if (candidates) {
      if (candidates.length > 0) qb.andWhere('t.id IN (:...q_ids)', { q_ids: candidates });
      else qb.andWhere('1 = 0');
    }
    qb.andWhere(like, { q_raw: likePattern(raw) });
    if (candidates) return { reach: 'narrow' };
    // Tickets already found holding several of the text's slices match it more often than those of one slice.
    if (together) return { reach: 'broad', sample: (count) => count.andWhere('t.id IN (:...q_sample_ids)', { q_sample_ids: together }) };
    const sample = `t.id IN (SELECT s.tickets_id FROM (SELECT gs.tickets_id FROM glpi_tickets_grams gs WHERE gs.gram = :q_sample LIMIT ${SAMPLE}) s)`;
    return { reach: 'broad', sample: (count) => count.andWhere(sample, { q_sample: rarest }) };
  }
  // SQLite: the trigram FTS table folds case and accents itself; a quoted phrase is a substring match.
  const phrase = `"${raw.replace(/"/g, '""')}"`;
  const gather = `t.id IN (SELECT x.rowid FROM glpi_tickets_text x WHERE glpi_tickets_text MATCH :q_fts)`;
  const [row] = await readRows<{ n: number | string }>(
    db,
    `SELECT COUNT(*) AS n FROM (SELECT rowid FROM glpi_tickets_text WHERE glpi_tickets_text MATCH ? LIMIT ${COMMON_GRAM})`,
    [phrase],
  );
  const sample = `t.id IN (SELECT s.rowid FROM glpi_tickets_text s WHERE glpi_tickets_text MATCH :q_sample LIMIT ${SAMPLE})`;
  if (Number(row.n) >= COMMON_GRAM && shape.page && (!shape.filtered || shape.fromRows)) {
    // Many matches, and the page starts elsewhere: it walks the sort index (no filter; the tickets
    // plan then writes the entity scope as a row check) or a person's tickets (an actor filter).
    // Each row it meets is checked with the index's folding (desk_text_has,
    // src/database/sql-functions.ts): a common word fills a page within a few hundred rows, where
    // gathering its every match costs the whole list (52k rows, ~0.2 s at a million tickets) before
    // the first row. (An FTS5 probe per row, `rowid = t.id AND MATCH`, costs milliseconds: it seeks
    // every trigram's long match list.) The sample's rows all match: counted on the filters alone.
    const countFrom = qb.clone();
    qb.andWhere(`desk_text_has(t.name, t.content, :q_folded) = 1`, { q_folded: foldText(raw) });
    return { reach: 'broad', sample: (count) => count.andWhere(sample, { q_sample: phrase }), countFrom };
  }
  // Few matches, an equality filter alone (a broad one, `priority = 5`, would have the function check
  // ~200k rows: slower than the gather), or an aggregate of every match: the list of matches is
  // gathered once and the rest of the query reads it.
  qb.andWhere(gather, { q_fts: phrase });
  if (Number(row.n) < COMMON_GRAM) return { reach: 'narrow' };
  return { reach: 'broad', sample: (count) => count.andWhere(sample, { q_sample: phrase }) };
}

/** The distinct three-character slices of a query, lower-cased as the triggers cut the texts. */
export function grams(chars: string[]): string[] {
  const lower = Array.from(chars.join('').toLowerCase());
  const out = new Set<string>();
  for (let i = 0; i + MIN_INDEXED_CHARS <= lower.length; i++) out.add(lower.slice(i, i + MIN_INDEXED_CHARS).join(''));
  return [...out];
}

/**
 * The query's rarest trigram, and, when its grams narrow the search to few tickets, those tickets
 * (`candidates`: every ticket holding the narrowing grams, fewer than COMMON_GRAM; none when the
 * text is common). Each count stops at COMMON_GRAM, so asking costs a bounded index range per
 * trigram, whatever the table's size: the two rarest below it narrow. When every trigram is
 * common, their combination may still be rare (a ticket number: each of `#50`, `500`, `000` is in
 * thousands of tickets, all three in one), so the tickets holding a few of them at once are
 * listed, up to COMMON_GRAM again: the database starts from the smallest of their ranges, and a
 * common combination reaches the cap after about as many rows as it lists. The page and its count
 * then read the candidates by id: the grams' lists, long at a million tickets (`#50` in ~11k),
 * are intersected once per search, not once per statement. A combination found common returns its
 * COMMON_GRAM tickets as `together`: the broad count's sample, nearly all matches for a word (of
 * the first 8000 tickets holding `imp`, about one in five holds `impressora`).
 */
async function narrowGrams(db: DataSource, all: string[]): Promise<{ rarest: string; candidates?: number[]; together?: number[] }> {
  const step = Math.max(1, Math.ceil(all.length / PROBED_GRAMS));
  const probed = all.filter((_, i) => i % step === 0);
  const counts = probed.map(() => `(SELECT COUNT(*) FROM (SELECT 1 FROM glpi_tickets_grams WHERE gram = ? LIMIT ${COMMON_GRAM}) c)`);
  const [row] = (await db.query(`SELECT ${counts.map((c, i) => `${c} AS n${i}`).join(', ')}`, probed)) as Array<Record<string, number | string>>;
  const ranked = probed.map((gram, i) => ({ gram, n: Number(row[`n${i}`]) })).sort((a, b) => a.n - b.n);
  const rare = ranked.filter((r) => r.n < COMMON_GRAM).map((r) => r.gram);
  const together = rare.length > 0 ? rare.slice(0, 2) : spread(probed, COMBINED_GRAMS);
  if (rare.length === 0 && together.length < 2) return { rarest: ranked[0].gram };
  const holding = await ticketsHolding(db, together);
  return holding.length < COMMON_GRAM ? { rarest: ranked[0].gram, candidates: holding } : { rarest: ranked[0].gram, together: holding };
}

/** Tickets whose texts hold every one of `grams` (one or more), up to COMMON_GRAM of them. */
async function ticketsHolding(db: DataSource, grams: string[]): Promise<number[]> {
  const joins = grams.slice(1).map((_, i) => `JOIN glpi_tickets_grams c${i + 1} ON c${i + 1}.gram = ? AND c${i + 1}.tickets_id = c0.tickets_id`);
  const rows = (await db.query(`SELECT c0.tickets_id AS id FROM glpi_tickets_grams c0 ${joins.join(' ')} WHERE c0.gram = ? LIMIT ${COMMON_GRAM}`, [
    ...grams.slice(1),
    grams[0],
  ])) as Array<{ id: number | string }>;
  return rows.map((r) => Number(r.id));
}

/** Up to `n` of `items`, first and last included, evenly apart (the slices that overlap least). */
export function spread<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  return Array.from({ length: n }, (_, i) => items[Math.round((i * (items.length - 1)) / (n - 1))]);
}
