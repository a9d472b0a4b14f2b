import type { DataSource } from 'typeorm';
import { likePattern, type Qb, type TextReach } from '../search/search-runner.js';

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

/** At most this many of a query's trigrams are counted to find its rarest. */
const PROBED_GRAMS = 24;

/** Adds the text condition of `raw` (trimmed, non-empty) to a ticket search (alias `t`); says how far it reaches. */
export async function applyTicketText(db: DataSource, qb: Qb, raw: string): Promise<TextReach> {
  const like = `(t.name LIKE :q_raw ESCAPE '!' OR t.content LIKE :q_raw ESCAPE '!')`;
  const chars = Array.from(raw);
  if (chars.length < MIN_INDEXED_CHARS) {
    qb.andWhere(like, { q_raw: likePattern(raw) });
    return 'broad';
  }
  if (db.options.type === 'mysql') {
    // The gram narrows; LIKE under the column collation decides, exactly as without the index.
    const rarest = await rarestGrams(db, grams(chars));
    if (rarest.length > 0) {
      rarest.forEach((gram, i) =>
        qb.andWhere(`t.id IN (SELECT g${i}.tickets_id FROM glpi_tickets_grams g${i} WHERE g${i}.gram = :q_gram${i})`, { [`q_gram${i}`]: gram }),
      );
    }
    qb.andWhere(like, { q_raw: likePattern(raw) });
    return rarest.length > 0 ? 'narrow' : 'broad';
  }
  // SQLite: the trigram FTS table folds case and accents itself; a quoted phrase is a substring match.
  const phrase = `"${raw.replace(/"/g, '""')}"`;
  qb.andWhere(`t.id IN (SELECT x.rowid FROM glpi_tickets_text x WHERE glpi_tickets_text MATCH :q_fts)`, { q_fts: phrase });
  const [row] = (await db.query(`SELECT COUNT(*) AS n FROM (SELECT rowid FROM glpi_tickets_text WHERE glpi_tickets_text MATCH ? LIMIT ${COMMON_GRAM})`, [
    phrase,
  ])) as Array<{ n: number | string }>;
  return Number(row.n) < COMMON_GRAM ? 'narrow' : 'broad';
}

/** The distinct three-character slices of a query, lower-cased as the triggers cut the texts. */
export function grams(chars: string[]): string[] {
  const lower = Array.from(chars.join('').toLowerCase());
  const out = new Set<string>();
  for (let i = 0; i + MIN_INDEXED_CHARS <= lower.length; i++) out.add(lower.slice(i, i + MIN_INDEXED_CHARS).join(''));
  return [...out];
}

/**
 * The two rarest of the query's trigrams that are not common (none when all are). Each count stops
 * at COMMON_GRAM, so asking costs a bounded index range per trigram, whatever the table's size.
 */
async function rarestGrams(db: DataSource, all: string[]): Promise<string[]> {
  const step = Math.max(1, Math.ceil(all.length / PROBED_GRAMS));
  const probed = all.filter((_, i) => i % step === 0);
  const counts = probed.map(() => `(SELECT COUNT(*) FROM (SELECT 1 FROM glpi_tickets_grams WHERE gram = ? LIMIT ${COMMON_GRAM}) c)`);
  const [row] = (await db.query(`SELECT ${counts.map((c, i) => `${c} AS n${i}`).join(', ')}`, probed)) as Array<Record<string, number | string>>;
  const ranked = probed.map((gram, i) => ({ gram, n: Number(row[`n${i}`]) })).sort((a, b) => a.n - b.n);
  return ranked
    .filter((r) => r.n < COMMON_GRAM)
    .slice(0, 2)
    .map((r) => r.gram);
}
