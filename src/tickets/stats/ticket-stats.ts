import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type DbDate, toDate } from '../../database/db-dates.js';
import type { Outcome } from '../../envelope/envelope.js';
import { metaOf } from '../../input/input-meta.js';
import { ReferenceResolver } from '../../input/references/reference-resolver.js';
import { CLOSED_STATUS, SOLVED_STATUS } from '../../input/vocab/glpi-vocabularies.js';
import { filteredQuery, type Qb, type SearchArgs } from '../../search/search-runner.js';
import type { Call } from '../../tools/call.js';
import { overdueCondition } from '../deadlines.js';
import type { SearchTicketsDto } from '../dto/search-tickets.dto.js';
import { TicketsRepository, viewerOf } from '../tickets.repository.js';
import { GROUP_KEYS, type GroupKey, type StatsGroup } from './stats-groups.js';
import { monthOfColumn } from './zoned-months.js';

/** Counts and times of one set of tickets. */
export interface Figures {
  count: number;
  solved: number;
  mean_hours_to_solve: number | null;
  median_hours_to_solve: number | null;
  overdue: number;
}

type Key = string | number | null;
type Aggregate = { k?: Key; n: number | string; solved: number | string | null; mean_s: number | string | null; overdue: number | string | null };

/** Past this many solved tickets in one answer the median is not computed (it needs every duration). */
const MEDIAN_MAX_ROWS = 200_000;

/**
 * ticket_search with group_by: counts over exactly the tickets the same search finds (the same
 * filtered base query, so the same entity scope and Self-Service own scope), computed by the
 * database over every match, never from a page of rows. The answer carries the figures of all
 * matches and one entry per value of group_by.
 */
@Injectable()
export class TicketStats {
  constructor(
    private readonly queries: TicketsRepository,
    private readonly dataSource: DataSource,
    private readonly resolver: ReferenceResolver,
  ) {}

  async count(input: SearchTicketsDto, groupBy: StatsGroup, call: Call): Promise<Outcome> {
    const plan = this.queries.searchPlan(viewerOf(call.principal), call.principal.userId);
    const args = input as unknown as SearchArgs;
    const now = new Date();
    const key = GROUP_KEYS[groupBy];
    // Independent statements, each over a fresh copy of the filtered query: on a pool they run side by side.
    // Filtered once (a text filter probes its index to plan the search), then one copy per statement.
    const { qb: filtered } = await filteredQuery(plan, args);
    const fresh = (): Qb => filtered.clone();
    const expression = await this.keyExpression(key, fresh(), call.zone);
    const [totals, median, rows, medians] = await Promise.all([
      this.aggregate(fresh(), now),
      this.median(fresh()),
      this.aggregate(this.grouped(fresh(), key, expression), now, true),
      this.medians(this.grouped(fresh(), key, expression)),
    ]);
    const all = { ...figures(totals[0]), median_hours_to_solve: median };
    const resolved = metaOf(input).resolved;
    const labels = await this.labels(
      key,
      rows.map((r) => r.k),
    );
    const groups = rows
      .map((r) => ({ [groupBy]: labels(r.k), ...figures(r), median_hours_to_solve: medians.get(String(r.k ?? null)) ?? null }))
      .sort((a, b) => b.count - a.count);
    return {
      message: `${all.count} ticket${all.count === 1 ? '' : 's'} in ${groups.length} group${groups.length === 1 ? '' : 's'} by ${groupBy}${key.kind === 'actor' ? ' (a ticket counts once per actor; null: none)' : ''}.`,
      resolved,
      data: { ...all, group_by: groupBy, groups },
    };
  }

  private get sqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  /** Seconds from opening to solving, in SQL of the database in use. */
  private secondsToSolve(): string {
    return this.sqlite ? '((julianday(t.solvedate) - julianday(t.date)) * 86400)' : 'TIMESTAMPDIFF(SECOND, t.date, t.solvedate)';
  }

  /** The SQL of a group's key; a month is the caller's zone's (its edges read from the range of dates the query holds). */
  private async keyExpression(key: GroupKey, qb: Qb, zone: string): Promise<string> {
    switch (key.kind) {
      case 'code':
      case 'ref':
        return `t.${key.column}`;
      case 'actor':
        return `ga.${key.column}`;
      case 'month': {
        const column = `t.${key.column}`;
        const range = await qb.select(`MIN(${column})`, 'lo').addSelect(`MAX(${column})`, 'hi').orderBy().getRawOne<{ lo: DbDate | null; hi: DbDate | null }>();
        const [lo, hi] = [toDate(range?.lo), toDate(range?.hi)];
        return lo && hi ? monthOfColumn(column, lo, hi, zone) : 'NULL';
      }
    }
  }

  /** The filtered query with the group's key as `k` (an actor grouping joins that role's actors). */
  private grouped(qb: Qb, key: GroupKey, expression: string): Qb {
    if (key.kind === 'actor') qb.leftJoin(key.table, 'ga', `ga.tickets_id = t.id AND ga.type = ${key.type}`);
    return qb.select(expression, 'k').groupBy(expression);
  }

  private async aggregate(qb: Qb, now: Date, keyed = false): Promise<Aggregate[]> {
    const solved = `t.solvedate IS NOT NULL AND t.status IN (${SOLVED_STATUS}, ${CLOSED_STATUS})`;
    const overdue = overdueCondition('t', now);
    const select = keyed ? qb.addSelect('COUNT(*)', 'n') : qb.select('COUNT(*)', 'n');
    return select
      .addSelect(`SUM(CASE WHEN ${solved} THEN 1 ELSE 0 END)`, 'solved')
      .addSelect(`AVG(CASE WHEN ${solved} THEN ${this.secondsToSolve()} END)`, 'mean_s')
      .addSelect(`SUM(CASE WHEN ${overdue.sql.replace('?', ':st_now')} THEN 1 ELSE 0 END)`, 'overdue')
      .setParameter('st_now', now)
      .orderBy()
      .getRawMany<Aggregate>();
  }

  /** Median hours to solve of the solved tickets of the query. */
  private async median(qb: Qb): Promise<number | null> {
    return (await this.medians(qb.select('0', 'k'))).get('0') ?? null;
  }

  /** Median hours to solve per key `k` of a grouped query (its groupBy is replaced by a plain list of durations). */
  private async medians(qb: Qb): Promise<Map<string, number>> {
    const rows = await qb
      .addSelect(this.secondsToSolve(), 's')
      .andWhere(`t.solvedate IS NOT NULL AND t.status IN (${SOLVED_STATUS}, ${CLOSED_STATUS})`)
      .groupBy()
      .orderBy()
      .limit(MEDIAN_MAX_ROWS + 1)
      .getRawMany<{ k: Key; s: number | string }>();
    const out = new Map<string, number>();
    if (rows.length > MEDIAN_MAX_ROWS) return out;
    const byKey = new Map<string, number[]>();
    for (const r of rows) {
      const k = String(r.k ?? null);
      const list = byKey.get(k) ?? [];
      list.push(Number(r.s));
      byKey.set(k, list);
    }
    for (const [k, list] of byKey) out.set(k, hours(medianOf(list)));
    return out;
  }

  /** How a group's key is shown: {id, name} for codes and references, the month as text, null for none. */
  private async labels(key: GroupKey, keys: Array<Key | undefined>): Promise<(k: Key | undefined) => unknown> {
    if (key.kind === 'month') return (k) => (k === null || k === undefined ? null : String(k));
    if (key.kind === 'code') return (k) => (k === null || k === undefined ? null : key.vocab.ref(Number(k)));
    const names = await this.resolver.namesOf(key.ref, keys.filter((k) => k !== null && k !== undefined).map(Number));
    return (k) => (k === null || k === undefined ? null : { id: Number(k), name: names.get(Number(k)) ?? null });
  }
}

function figures(row: Aggregate | undefined): Figures {
  const mean = row?.mean_s === null || row?.mean_s === undefined ? null : hours(Number(row.mean_s));
  return {
    count: Number(row?.n ?? 0),
    solved: Number(row?.solved ?? 0),
    mean_hours_to_solve: mean,
    median_hours_to_solve: null,
    overdue: Number(row?.overdue ?? 0),
  };
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Seconds as hours, one decimal. */
function hours(seconds: number): number {
  return Math.round(seconds / 360) / 10;
}
