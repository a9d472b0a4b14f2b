import type { SelectQueryBuilder } from 'typeorm';
import { toDate } from '../database/db-dates.js';
import { DeskError } from '../envelope/desk-error.js';
import { echo } from '../envelope/echo.js';
import type { Outcome } from '../envelope/envelope.js';
import { matchKey } from '../text/normalize.js';
import { decodeCursor, encodeCursor, queryHash } from './cursor.js';

export type Qb = SelectQueryBuilder<Record<string, unknown>>;

export interface SortColumn {
  column: string;
  /** Date columns travel in cursors as ISO text and come back as Date parameters. */
  date?: boolean;
}

/** How one domain is searched. The alias of the main table is always `t`. */
export interface SearchPlan {
  /** Base query: table, visibility (entity scope, soft delete, own-only). */
  base(): Qb;
  /** Field -> column for equality filters (references and enums arrive resolved). */
  equals: Record<string, string>;
  /** Filters that need more than equality (actors of tickets, ...). */
  custom?: Record<string, (qb: Qb, value: unknown) => void>;
  /** Date columns that take `<field>_from` / `<field>_to`. */
  ranges: string[];
  /** Free text: applied with the raw text and its match key. */
  text(qb: Qb, raw: string, key: string): void;
  /** Sort name (without '-') -> column; ties break on id. Only non-null columns (keyset pagination). */
  sorts: Record<string, SortColumn>;
  defaultSort: string;
}

export interface SearchArgs {
  query?: string;
  sort?: string;
  limit?: number;
  cursor?: string;
  [filter: string]: unknown;
}

export interface SearchPage {
  rows: Record<string, unknown>[];
  total: number;
  next_cursor: string | null;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** `%text%` with LIKE wildcards escaped by '!'; use with ESCAPE '!' (the same on SQLite and MySQL). */
export function likePattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * The plan's base query (visibility) with the filters, ranges and text of `args`, and what was
 * applied: every search and every count over a domain starts here, so both see the same rows.
 */
export function filteredQuery(plan: SearchPlan, args: SearchArgs): { qb: Qb; applied: Record<string, unknown> } {
  const qb = plan.base();
  const applied: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(plan.equals)) {
    const value = args[field];
    if (value === undefined || value === null) continue;
    qb.andWhere(`t.${column} = :f_${field}`, { [`f_${field}`]: value });
    applied[field] = value;
  }
  for (const [field, apply] of Object.entries(plan.custom ?? {})) {
    const value = args[field];
    if (value === undefined || value === null) continue;
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
  if (typeof args.query === 'string' && args.query.trim()) {
    plan.text(qb, args.query.trim(), matchKey(args.query));
    applied.query = args.query.trim();
  }
  return { qb, applied };
}

/** Runs a search: filters, ranges, text, total, and keyset pagination (every row once, in order). */
export async function runSearch(plan: SearchPlan, args: SearchArgs): Promise<SearchPage> {
  const sortName = args.sort ?? plan.defaultSort;
  const descending = sortName.startsWith('-');
  const sort = plan.sorts[sortName.replace(/^-/, '')];
  if (!sort) throw new Error(`sort '${sortName}' not declared`);
  const limit = Math.min(Math.max(args.limit ?? DEFAULT_LIMIT, 1), MAX_LIMIT);
  const { qb, applied } = filteredQuery(plan, args);
  const signature = queryHash({ applied, sort: sortName });
  const total = await qb.clone().select('COUNT(*)', 'n').orderBy().getRawOne<{ n: number | string }>();

  if (args.cursor) {
    const state = decodeCursor(args.cursor);
    if (!state || state.query !== signature || state.sort !== sortName) {
      throw DeskError.validation(undefined, [
        {
          field: 'cursor',
          code: 'INVALID_VALUE',
          received: echo(args.cursor),
          message: 'cursor does not belong to this search (filters or sort changed). Repeat the search without cursor.',
        },
      ]);
    }
    const value = sort.date && typeof state.value === 'string' ? new Date(state.value) : state.value;
    const op = descending ? '<' : '>';
    qb.andWhere(`(t.${sort.column} ${op} :c_value OR (t.${sort.column} = :c_value AND t.id ${op} :c_id))`, { c_value: value, c_id: state.id });
  }
  const direction = descending ? 'DESC' : 'ASC';
  qb.orderBy(`t.${sort.column}`, direction)
    .addOrderBy('t.id', direction)
    .limit(limit + 1);
  const rows = await qb.getRawMany<Record<string, unknown>>();
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  let next: string | null = null;
  if (more) {
    const last = page[page.length - 1];
    const raw = last[sort.column];
    const value = sort.date ? (toDate(raw as Date | string)?.toISOString() ?? null) : (raw as string | number | null);
    next = encodeCursor({ sort: sortName, value, id: Number(last.id), query: signature });
  }
  return { rows: page, total: Number(total?.n ?? 0), next_cursor: next };
}

/** A search tool's outcome: how many matched and how many are shown, the page, what was resolved. */
export function pageOutcome(noun: string, page: SearchPage, items: unknown[], resolved: Outcome['resolved']): Outcome {
  return {
    message: `${page.total} ${noun}${page.total === 1 ? '' : 's'} found${page.next_cursor ? `; showing ${items.length}, more with cursor` : ''}.`,
    resolved,
    data: { items, total: page.total, next_cursor: page.next_cursor },
  };
}
