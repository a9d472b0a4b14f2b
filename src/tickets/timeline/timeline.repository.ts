import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { visibleTickets } from '../../auth/visibility.js';
import { dateParam, toDate } from '../../database/db-dates.js';
import { andThen, type Maybe } from '../../database/maybe.js';
import { rowsOf } from '../../database/read-rows.js';
import { SqlTexts } from '../../database/sql-texts.js';
import type { Row } from '../../present/presenter.js';
import type { TicketViewer } from '../tickets.repository.js';
import type { TimelineKind } from './entry-kinds.js';
import { afterPosition, KIND_RANK, type TimelinePosition } from './timeline-cursor.js';

/** One kind's rows, read newest first, with the columns its ENTRY_OUTPUT names. */
interface KindQuery {
  kind: TimelineKind;
  /** SELECT … FROM … WHERE <ticket> = ? (the ticket id is the first parameter). */
  select: string;
  alias: string;
  /** Its date column (the alias's). */
  date: string;
  /** Rows a requester limited to its own tickets does not see: others' private ones. */
  privacy: boolean;
  /** The names its SELECT gives (beyond id and date): the merged statement fills the others with NULL. */
  columns: readonly string[];
}

const QUERIES: readonly KindQuery[] = [
  {
    kind: 'followup',
    select: `SELECT f.id AS id, f.date AS date, f.users_id AS users_id, f.content AS content, f.is_private AS is_private
               FROM glpi_itilfollowups f WHERE f.itemtype = 'Ticket' AND f.items_id = ?`,
    alias: 'f',
    date: 'f.date',
    privacy: true,
    columns: ['users_id', 'content', 'is_private'],
  },
  {
    kind: 'task',
    select: `SELECT k.id AS id, k.date AS date, k.users_id AS users_id, k.content AS content, k.is_private AS is_private, k.state AS state,
                    k.actiontime AS duration, k.users_id_tech AS users_id_tech, k.begin AS begin_at, k.end AS end_at
               FROM glpi_tickettasks k WHERE k.tickets_id = ?`,
    alias: 'k',
    date: 'k.date',
    privacy: true,
    columns: ['users_id', 'content', 'is_private', 'state', 'duration', 'users_id_tech', 'begin_at', 'end_at'],
  },
  {
    kind: 'solution',
    select: `SELECT s.id AS id, s.date_creation AS date, s.users_id AS users_id, s.content AS content, s.solutiontypes_id AS solutiontypes_id,
                    s.status AS status, s.users_id_approval AS users_id_approval, s.date_approval AS date_approval
               FROM glpi_itilsolutions s WHERE s.itemtype = 'Ticket' AND s.items_id = ?`,
    alias: 's',
    date: 's.date_creation',
    privacy: false,
    columns: ['users_id', 'content', 'solutiontypes_id', 'status', 'users_id_approval', 'date_approval'],
  },
  {
    kind: 'validation',
    select: `SELECT v.id AS id, v.submission_date AS date, v.users_id AS users_id, v.comment_submission AS content,
                    CASE WHEN v.itemtype_target = 'User' THEN v.items_id_target END AS approver_id,
                    CASE WHEN v.itemtype_target = 'Group' THEN v.items_id_target END AS approver_group_id,
                    v.status AS status, v.comment_validation AS comment_validation, v.users_id_validate AS users_id_validate, v.validation_date AS validation_date
               FROM glpi_ticketvalidations v WHERE v.tickets_id = ?`,
    alias: 'v',
    date: 'v.submission_date',
    privacy: false,
    columns: ['users_id', 'content', 'approver_id', 'approver_group_id', 'status', 'comment_validation', 'users_id_validate', 'validation_date'],
  },
];

/** Every column of every kind, in one order: the merged statement's rows all have these. */
const ALL_COLUMNS = [...new Set(QUERIES.flatMap((q) => q.columns))];

/** The page statement's text by variant (own tickets only, and the cursor's kind): built once each. */
const PAGE_SQL = new Map<string, string>();

/**
 * One statement (one round trip, one prepared text per variant): each kind's newest rows are an
 * index range in a derived table that keeps its own ORDER BY and LIMIT. Its parameters, per kind:
 * the ticket, the requester (own tickets only), the cursor's. The LIMIT is written into the text, not
 * bound: SQLite's planner reads a bound LIMIT's value, so rebinding it expires the prepared statement
 * and every run compiled the whole union again (200 µs against 27 µs for the run itself).
 */
/**
 * The entries of a private kind (followups, tasks) a viewer who sees its own tickets only
 * (Self-Service) sees: the public ones and its own. Its one parameter: the viewer.
 */
function seenByOwner(alias?: string): string {
  const column = alias ? `${alias}.` : '';
  return `(${column}is_private = 0 OR ${column}users_id = ?)`;
}

/** Time spent: every task's, or for a Self-Service viewer those it sees (the private ones' time would tell of them). */
const ACTIONTIME_SQL = 'SELECT COALESCE(SUM(actiontime), 0) AS total FROM glpi_tickettasks WHERE tickets_id = ?';
const OWN_ACTIONTIME_SQL = `${ACTIONTIME_SQL} AND ${seenByOwner()}`;

function pageSql(own: boolean, position: TimelinePosition | undefined, take: number): string {
  if (!Number.isSafeInteger(take) || take < 1) throw new Error(`timeline page size must be a positive integer (got ${take})`);
  const key = `${own}|${position?.rank ?? ''}|${take}`;
  let sql = PAGE_SQL.get(key);
  if (sql === undefined) {
    sql = QUERIES.map((q, i) => {
      const after = afterPosition(KIND_RANK[q.kind], position, q.date, `${q.alias}.id`);
      const hidden = q.privacy && own ? ` AND ${seenByOwner(q.alias)}` : '';
      const columns = ALL_COLUMNS.map((c) => (q.columns.includes(c) ? `k${i}.${c} AS ${c}` : `NULL AS ${c}`)).join(', ');
      return `SELECT '${q.kind}' AS kind, k${i}.id AS id, k${i}.date AS date, ${columns} FROM (${q.select}${hidden}${after.sql} ORDER BY ${q.date} DESC, ${q.alias}.id DESC LIMIT ${take}) k${i}`;
    }).join(' UNION ALL ');
    PAGE_SQL.set(key, sql);
  }
  return sql;
}

/** A ticket's links to the tickets a visibility condition lets through. */
const LINKS = new SqlTexts(
  (visible) =>
    `SELECT l.id AS id, l.tickets_id_1 AS tickets_id_1, l.tickets_id_2 AS tickets_id_2, l.link AS link, o.id AS other_id, o.name AS other_name
       FROM glpi_tickets_tickets l JOIN glpi_tickets o ON o.id = CASE WHEN l.tickets_id_1 = ? THEN l.tickets_id_2 ELSE l.tickets_id_1 END
      WHERE (l.tickets_id_1 = ? OR l.tickets_id_2 = ?) AND ${visible} ORDER BY l.id`,
);

/** A timeline row with its kind (the rows of every kind, merged); `time`: its date in epoch ms, the sort key. */
export type TimelineRow = Row & { kind: TimelineKind; id: number; date: Date | string; time: number };

/** A link of a ticket as read: the other ticket, and GLPI's link type from the first ticket's side. */
export interface LinkRow {
  id: number;
  tickets_id_1: number;
  tickets_id_2: number;
  link: number;
  other_id: number;
  other_name: string;
}

/** Reads of a ticket's timeline (followups, tasks, solutions, validations), its time spent and links. */
@Injectable()
export class TimelineRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Up to `limit + 1` entries after `position`, newest first: each kind's newest `limit + 1` (an
   * index range each), merged. One more than asked tells whether a next page exists.
   */
  page(ticketId: number, viewer: TicketViewer, position: TimelinePosition | undefined, limit: number): Maybe<TimelineRow[]> {
    const sqlite = this.dataSource.options.type === 'better-sqlite3';
    const own = viewer.ownerId !== null;
    // Per kind: the ticket, the requester (own tickets only), the cursor's (a later page only).
    const params: unknown[] = [];
    for (const q of QUERIES) {
      params.push(ticketId);
      if (q.privacy && own) params.push(viewer.ownerId);
      if (position === undefined) continue;
      for (const value of afterPosition(KIND_RANK[q.kind], position, q.date, `${q.alias}.id`).params)
        params.push(value instanceof Date ? dateParam(value, sqlite) : value);
    }
    return andThen(rowsOf<Row & { kind: TimelineKind }>(this.dataSource, pageSql(own, position, limit + 1), params), (rows) => {
      // The rows are this read's own: typed in place, each date read once for the sort (not per comparison).
      const typed = rows as TimelineRow[];
      for (const row of typed) {
        row.id = Number(row.id);
        row.time = timeOf(row.date);
      }
      return typed.sort(compareNewestFirst).slice(0, limit + 1);
    });
  }

  /** Time spent on a ticket: the sum of the durations of the tasks `viewer` sees, in seconds (GLPI's actiontime). */
  actiontime(ticketId: number, viewer: TicketViewer): Maybe<number> {
    const own = viewer.ownerId !== null;
    const rows = rowsOf<{ total: number | string }>(this.dataSource, own ? OWN_ACTIONTIME_SQL : ACTIONTIME_SQL, own ? [ticketId, viewer.ownerId] : [ticketId]);
    return andThen(rows, ([row]) => Number(row?.total ?? 0));
  }

  /** The ticket's links to tickets the viewer sees (a link to one it does not see is not shown). */
  linksOf(ticketId: number, viewer: TicketViewer): Maybe<LinkRow[]> {
    const visible = visibleTickets('o', viewer.scope, viewer.ownerId);
    return rowsOf<LinkRow>(this.dataSource, LINKS.of(visible.sql), [ticketId, ticketId, ticketId, ...visible.params]);
  }
}

function timeOf(value: Date | string): number {
  return toDate(value)?.getTime() ?? 0;
}

/** Timeline order (timeline-cursor.ts): date, then kind, then id, all descending. */
export function compareNewestFirst(a: TimelineRow, b: TimelineRow): number {
  return b.time - a.time || KIND_RANK[b.kind] - KIND_RANK[a.kind] || b.id - a.id;
}
