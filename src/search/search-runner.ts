import type { SelectQueryBuilder } from 'typeorm';
import { toDate } from '../database/db-dates.js';
import { readRows } from '../database/read-rows.js';
import { DeskError } from '../envelope/desk-error.js';
import { echo, quoted } from '../envelope/echo.js';
import type { Outcome } from '../envelope/envelope.js';
import { matchKey } from '../text/normalize.js';
import { decodeCursor, encodeCursor, queryHash } from './cursor.js';
import { ANY_RECORD, isNotRecord, leftOut, namesRows, NO_RECORD } from './no-record.js';
import { cappedCountQuery, queryAndParameters } from './query-text.js';
import { operatorsHint, searchText } from './search-text.js';

export type Qb = SelectQueryBuilder<Record<string, unknown>>;

export interface SortColumn {
  column: string;
  /** Date columns travel in cursors as ISO text and come back as Date parameters. */
  date?: boolean;
}

/**
 * What a query over a domain is for, known before its base query is built. `page`: a page in sort
 * order (runSearch), not an aggregate of every match. `filtered`: an equality or custom filter
 * applies, and an index of its column (or the rows it names) narrows the search. A page without a
 * filter may come from walking the sort's index, which a plan can favour (see ScopeUse).
 * `fromRows`: one of the plan's `rowFilters` applies, so the search starts from the few rows it names;
 * `rowFilters`: which of them.
 */
export interface SearchShape {
  page: boolean;
  filtered: boolean;
  fromRows: boolean;
  rowFilters: string[];
}

/** How one domain is searched. The alias of the main table is always `t`. */
export interface SearchPlan {
  /** Base query: table, visibility (entity scope, soft delete, own-only). */
  base(shape: SearchShape): Qb;
  /** Field -> column for equality filters (references and enums arrive resolved). */
  equals: Record<string, string>;
  /** Filters that need more than equality (actors of tickets, ...). */
  custom?: Record<string, (qb: Qb, value: unknown) => void>;
  /** Custom filters that name their rows through an index of their own (a person's tickets): a search they narrow starts from those rows. */
  rowFilters?: string[];
  /** Date columns that take `<field>_from` / `<field>_to`. */
  ranges: string[];
  /** Free text: applied with the raw text and its match key. A plan with a text index says how far the text reaches. */
  text(qb: Qb, raw: string, key: string, shape: SearchShape): Qb | Promise<TextReach>;
  /** Sort name (without '-') -> column; ties break on id. Only non-null columns (keyset pagination). */
  sorts: Record<string, SortColumn>;
  defaultSort: string;
  /**
   * The records' noun, the tool that reads one by id, and the id a query writes ("#12", "ticket 12";
   * made by input/references/id-in-words.ts `idProbe`): a query finds text, not ids, so one that
   * finds nothing says which call reads the record it names, when the caller may see it.
   */
  byId?: { noun: string; tool: string; idIn(text: string): number | undefined };
}

/**
 * `narrow`: few rows match; they are read through the text index and sorted, rather than the sort's
 * index walked until a page is found. `broad`: many may match; the page walks the sort's index, and
 * the capped count first tries `sample`, a condition that keeps only the first candidates of the
 * text index: when they alone make more than the cap, the count is said without reading the rest.
 * `countFrom`: every row of the sample matches the text, so the count starts from this query (the
 * filters without the page's per-row text check) instead of the page's.
 */
export type TextReach = { reach: 'narrow' } | { reach: 'broad'; sample?: (qb: Qb) => void; countFrom?: Qb };

export interface SearchArgs {
  query?: string;
  sort?: string;
  limit?: number;
  cursor?: string;
  /** Count every match even past TOTAL_CAP (a scan of them all on large sets). */
  exact_total?: boolean;
  [filter: string]: unknown;
}

export interface SearchPage {
  rows: Record<string, unknown>[];
  total: number;
  /** `total` is TOTAL_CAP and more rows match: counting them all was not asked for. */
  total_is_estimate: boolean;
  next_cursor: string | null;
  /** What a search that found nothing says of how its query was read (search-text.ts). */
  hint?: string;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/**
 * Totals are counted up to this many rows unless `exact_total` is asked: past it, a count reads
 * every match, and a broad search on a large table would cost its whole result to say how many.
 */
export const TOTAL_CAP = 1000;

/** `%text%` with LIKE wildcards escaped by '!'; use with ESCAPE '!' (the same on SQLite and MySQL). */
export function likePattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * The plan's base query (visibility) with the filters, ranges and text of `args`, and what was
 * applied: every search and every count over a domain starts here, so both see the same rows.
 * `page`: for runSearch's page (see SearchShape); aggregates leave it false.
 */
export async function filteredQuery(
  plan: SearchPlan,
  args: SearchArgs,
  page = false,
): Promise<{ qb: Qb; applied: Record<string, unknown>; reach: TextReach | undefined }> {
  const given = (field: string) => args[field] !== undefined && args[field] !== null;
  const rowFilters = (plan.rowFilters ?? []).filter((field) => given(field) && namesRows(args[field]));
  const shape: SearchShape = {
    page,
    filtered: [...Object.keys(plan.equals), ...Object.keys(plan.custom ?? {})].some(given),
    fromRows: rowFilters.length > 0,
    rowFilters,
  };
  const qb = plan.base(shape);
  const applied: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(plan.equals)) {
    if (!given(field)) continue;
    const value = args[field];
    // Several values: a word an enum filter took for them (input/vocab: VocabGroup).
    if (Array.isArray(value)) qb.andWhere(`t.${column} IN (:...f_${field})`, { [`f_${field}`]: value });
    // No record, or any (FieldSpec.none): GLPI writes none as 0, this schema also as NULL. Ids start
    // at 1, so 0 and -1 come only from such a filter.
    else if (value === NO_RECORD) qb.andWhere(`(t.${column} IS NULL OR t.${column} = 0)`);
    else if (value === ANY_RECORD) qb.andWhere(`t.${column} > 0`);
    // Every record but those with it ("not Hardware", or several left out), those with none included.
    else if (isNotRecord(value)) {
      qb.andWhere(`(t.${column} IS NULL OR t.${column} NOT IN (:...f_${field}))`, { [`f_${field}`]: leftOut(value) });
      // Beside those left out, the records the list named ("Hardware, Rede, not Rede").
      if (value.in) qb.andWhere(`t.${column} IN (:...f_${field}_in)`, { [`f_${field}_in`]: value.in });
    } else qb.andWhere(`t.${column} = :f_${field}`, { [`f_${field}`]: value });
    applied[field] = value;
  }
  for (const [field, apply] of Object.entries(plan.custom ?? {})) {
    if (!given(field)) continue;
    const value = args[field];
    apply(qb, value);
    applied[field] = value;
  }
  for (const column of plan.ranges) {
    const from = args[`${column}_from`];
    const to = args[`${column}_to`];
    if (from instanceof Date) qb.andWhere(`t.${column} >= :${column}_from`, { [`${column}_from`]: from });
    if (to instanceof Date) qb.andWhere(`t.${column} <= :${column}_to`, { [`${column}_to`]: to });
    if (from) applied[`${column}_from`] = from;
    if (to) applied[`${column}_to`] = to;
  }
  let reach: TextReach | undefined;
  const text = typeof args.query === 'string' ? searchText(args.query) : '';
  if (text) {
    const answer = await plan.text(qb, text, matchKey(text), shape);
    reach = 'reach' in answer ? answer : undefined;
    applied.query = text;
  }
  return { qb, applied, reach };
}

/**
 * Runs a search: filters, ranges, text, total, and keyset pagination (every row once, in order).
 * A first page with room to spare is the whole result, and its length the total: only a search
 * with more matches than a page, or a later page, runs a count. `call`: who searches, so a refusal
 * is worded for the caller's transport (DeskError.validation).
 */
export async function runSearch(plan: SearchPlan, args: SearchArgs, call: Parameters<typeof DeskError.validation>[0]): Promise<SearchPage> {
  const sortName = args.sort ?? plan.defaultSort;
  const descending = sortName.startsWith('-');
  const sort = plan.sorts[sortName.replace(/^-/, '')];
  if (!sort) throw new Error(`sort '${sortName}' not declared`);
  // limit 0: the count alone, no page read.
  const limit = Math.min(Math.max(args.limit ?? DEFAULT_LIMIT, 0), MAX_LIMIT);
  const { qb, applied, reach } = await filteredQuery(plan, args, true);
  // Only a cursor, given or answered, carries the search's signature: a page that ends the results needs none.
  const signature = (): string => queryHash({ applied, sort: sortName });
  // A later page's rows are not all the matches: counted before the cursor narrows the query.
  const counted = args.cursor ? await totalOf(qb, args.exact_total === true, reach) : undefined;

  if (args.cursor) {
    const state = decodeCursor(args.cursor);
    if (!state || state.query !== signature() || state.sort !== sortName || !positionFits(state, sort)) {
      throw DeskError.validation(call, [
        {
          field: 'cursor',
          code: 'INVALID_VALUE',
          received: echo(args.cursor),
          message: state
            ? 'cursor does not belong to this search (filters or sort changed). Repeat the search without cursor.'
            : "cursor is not one a search answered: send a page's next_cursor as it came (pages are read by cursor, not by number or offset), or repeat the search without cursor.",
        },
      ]);
    }
    const value = sort.date && typeof state.value === 'string' ? new Date(state.value) : state.value;
    const op = descending ? '<' : '>';
    qb.andWhere(`(t.${sort.column} ${op} :c_value OR (t.${sort.column} = :c_value AND t.id ${op} :c_id))`, { c_value: value, c_id: state.id });
  }
  const direction = descending ? 'DESC' : 'ASC';
  // `+column` is the same order as an expression no index serves: planners then start from the narrow text match.
  qb.orderBy(`${reach?.reach === 'narrow' ? '+' : ''}t.${sort.column}`, direction)
    .addOrderBy('t.id', direction)
    .limit(limit + 1);
  const rows = limit === 0 ? [] : await rowsOf(qb);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  // A first page that holds every match counts them: the count statement would read them again.
  const total = counted ?? (more || limit === 0 ? await totalOf(qb, args.exact_total === true, reach) : rows.length);
  let next: string | null = null;
  if (more) {
    const last = page[page.length - 1];
    const raw = last[sort.column];
    const value = sort.date ? (toDate(raw as Date | string)?.toISOString() ?? null) : (raw as string | number | null);
    next = encodeCursor({ sort: sortName, value, id: Number(last.id), query: signature() });
  }
  const estimate = args.exact_total !== true && total > TOTAL_CAP;
  const hint = total === 0 && typeof applied.query === 'string' ? ((await idHint(plan, applied.query)) ?? operatorsHint(applied.query)) : undefined;
  return { rows: page, total: estimate ? TOTAL_CAP : total, total_is_estimate: estimate, next_cursor: next, ...(hint ? { hint } : {}) };
}

/**
 * Whether a cursor's position is one a page of this sort could have ended on: a row's id, and a
 * value of the sort's kind (a date sort's is a date). A cursor is signed by its search, not by its
 * position: a position changed by hand would read a page that is no page of the search.
 */
function positionFits(state: { value: unknown; id: number }, sort: { date?: boolean }): boolean {
  if (!Number.isSafeInteger(state.id) || state.id < 1) return false;
  if (!sort.date || state.value === null) return true;
  return typeof state.value === 'string' && !Number.isNaN(Date.parse(state.value)) && /^\d{4}-\d{2}-\d{2}T/.test(state.value);
}

/** What a search whose query writes a visible record's id ("#12") and found nothing says: the call that reads it. */
async function idHint(plan: SearchPlan, text: string): Promise<string | undefined> {
  const id = plan.byId?.idIn(text);
  if (!plan.byId || id === undefined) return undefined;
  const visible = plan.base({ page: false, filtered: false, fromRows: false, rowFilters: [] }).andWhere('t.id = :hint_id', { hint_id: id });
  if ((await countOf(visible, 1)) === 0) return undefined;
  const { noun, tool } = plan.byId;
  return `'${quoted(text)}' reads as ${noun} ${id}, and a query finds text, not ids: ${tool} {id: ${id}} reads it.`;
}

/**
 * The page's rows, as `getRawMany` answers them. SQLite: its one connection, through readRows's
 * prepared statements (TypeORM's read builds a query runner and takes several promise turns, more
 * than a search's short page costs). MySQL/MariaDB: the builder's own read, which a replica may serve.
 */
function rowsOf(qb: Qb): Promise<Record<string, unknown>[]> {
  if (qb.dataSource.options.type !== 'better-sqlite3') return qb.getRawMany<Record<string, unknown>>();
  const [sql, params] = queryAndParameters(qb);
  return readRows(qb.dataSource, sql, params);
}

/** Rows matching `qb`, exact or up to TOTAL_CAP + 1 (through the text's sample first when it has one). */
async function totalOf(qb: Qb, exact: boolean, reach: TextReach | undefined): Promise<number> {
  if (exact) return countOf(qb, undefined);
  if (reach?.reach === 'broad' && reach.sample) {
    const sampled = (reach.countFrom ?? qb).clone();
    reach.sample(sampled);
    const some = await countOf(sampled, TOTAL_CAP);
    if (some > TOTAL_CAP) return some;
  }
  return countOf(qb, TOTAL_CAP);
}

/** Rows matching `qb`; with `cap`, stops after cap + 1 (reading no more of them). */
export async function countOf(qb: Qb, cap: number | undefined): Promise<number> {
  if (cap === undefined) {
    const row = await qb.clone().select('COUNT(*)', 'n').orderBy().limit().getRawOne<{ n: number | string }>();
    return Number(row?.n ?? 0);
  }
  // SQLite: through readRows, as the page is read (MySQL/MariaDB: the data source's query, as before).
  const [sql, params] = cappedCountQuery(qb, cap);
  const rows = await readRows<{ n: number | string }>(qb.dataSource, sql, params);
  return Number(rows[0]?.n ?? 0);
}

/** A search tool's outcome: how many matched and how many are shown, the page, what was resolved. */
export function pageOutcome(noun: string, page: SearchPage, items: unknown[], resolved: Outcome['resolved']): Outcome {
  const counted = page.total_is_estimate ? `More than ${page.total} ${noun}s` : `${page.total} ${noun}${page.total === 1 ? '' : 's'}`;
  const more = page.total_is_estimate ? ' (exact_total: true counts them all)' : '';
  return {
    message: `${counted} found${page.next_cursor ? `; showing ${items.length}, more with cursor` : ''}${more}.${page.hint ? ` ${page.hint}` : ''}`,
    resolved,
    data: page.total_is_estimate
      ? { items, total: page.total, total_is_estimate: true, next_cursor: page.next_cursor }
      : { items, total: page.total, next_cursor: page.next_cursor },
  };
}
