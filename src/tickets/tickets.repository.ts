import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EntityScope, Principal } from '../auth/principal.js';
import { type ScopeUse, trashedTickets, visibleTickets, whereOf } from '../auth/visibility.js';
import type { DbDate, DbFlag } from '../database/db-dates.js';
import { ACTOR_TYPE } from '../database/entities/index.js';
import { andThen, type Maybe } from '../database/maybe.js';
import { hasRow, rowsOf } from '../database/read-rows.js';
import { SqlTexts } from '../database/sql-texts.js';
import { DeskError } from '../envelope/desk-error.js';
import { idProbe } from '../input/references/id-in-words.js';
import { ANY_RECORD, isNotRecord, leftOut, NO_RECORD } from '../search/no-record.js';
import type { Qb, SearchPlan, SearchShape } from '../search/search-runner.js';
import { overdueCondition } from './deadlines.js';
import type { Mine } from './dto/search-tickets.dto.js';
import { mineCondition } from './mine.js';
import { applyTicketText } from './ticket-text.js';

/**
 * A row of glpi_tickets as read. Its actors live in glpi_tickets_users / glpi_groups_tickets: answers
 * take every role from TicketViews (requester_id and the other single-value fields are the first of
 * their role there), so the row does not read them again.
 */
export type TicketRow = {
  id: number;
  name: string;
  content: string | null;
  type: number;
  status: number;
  urgency: number;
  impact: number;
  priority: number;
  itilcategories_id: number | null;
  locations_id: number | null;
  entities_id: number;
  date: DbDate;
  time_to_resolve: DbDate | null;
  solvedate: DbDate | null;
  closedate: DbDate | null;
  users_id_recipient: number | null;
  users_id_lastupdater: number | null;
  is_deleted: DbFlag;
  date_creation: DbDate | null;
  date_mod: DbDate | null;
};

/** Who is looking: the entity scope, and the owner whose own tickets alone are visible. */
export interface TicketViewer {
  scope: EntityScope | undefined;
  /**
   * For a caller whose profile sees its own tickets only (Self-Service): its user id, the owner, that
   * is the requester or an observer of every ticket it sees. Null: every ticket in scope.
   */
  ownerId: number | null;
}

/** System reads (re-reading a row just written in the caller's own transaction). */
export const SYSTEM_VIEWER: TicketViewer = { scope: undefined, ownerId: null };

export function viewerOf(principal: Principal | undefined): TicketViewer {
  if (!principal) return SYSTEM_VIEWER;
  return { scope: principal.scope, ownerId: principal.rights.ticket_scope === 'own' ? principal.userId : null };
}

/**
 * The ticket has actor `:param` in role `type`. Written as `t.id IN (...)` so both databases start
 * from the actor's own tickets (index users_id/groups_id, type, tickets_id) and probe tickets by
 * primary key: the cost follows that person's tickets, not the size of the ticket table.
 */
type ActorTable = 'glpi_tickets_users' | 'glpi_groups_tickets';

function actorExists(table: ActorTable, column: 'users_id' | 'groups_id', type: number, param: string): string {
  return `t.id IN (SELECT a_${param}.tickets_id FROM ${table} a_${param} WHERE a_${param}.${column} = :${param} AND a_${param}.type = ${type})`;
}

/**
 * Tickets with the actor `value` in the role `type`; with NO_RECORD, those with none in that role
 * (in that table); with ANY_RECORD, those with at least one; with a NotRecord, those without that
 * actor (or any of those actors) in the role (with another, or with none), and any of its `in` when
 * it has them; with several ids, those with any of them in the role.
 */
function actorFilter(qb: Qb, table: ActorTable, column: 'users_id' | 'groups_id', type: number, param: string, value: unknown): void {
  const inRole = `SELECT 1 FROM ${table} a_${param} WHERE a_${param}.tickets_id = t.id AND a_${param}.type = ${type}`;
  if (value === NO_RECORD) qb.andWhere(`NOT EXISTS (${inRole})`);
  else if (value === ANY_RECORD) qb.andWhere(`EXISTS (${inRole})`);
  else if (isNotRecord(value)) {
    qb.andWhere(`NOT EXISTS (${inRole} AND a_${param}.${column} IN (:...${param}))`, { [param]: leftOut(value) });
    if (value.in) actorFilter(qb, table, column, type, `${param}_in`, value.in);
  } else if (Array.isArray(value)) qb.andWhere(`EXISTS (${inRole} AND a_${param}.${column} IN (:...${param}))`, { [param]: value });
  else qb.andWhere(actorExists(table, column, type, param), { [param]: value });
}

/** One visible ticket by id, for each visibility condition. */
const VISIBLE_TICKET = new SqlTexts((visible) => `SELECT t.* FROM glpi_tickets t WHERE t.id = ? AND ${visible}`);

/** Visible, not deleted tickets: the base of every ticket read and write. */
@Injectable()
export class TicketsRepository {
  constructor(private readonly dataSource: DataSource) {}

  base(viewer: TicketViewer, use: ScopeUse = 'index'): Qb {
    // Self-Service sees only its own tickets (requested or observed); everything else is indistinguishable from missing.
    return whereOf(this.dataSource.createQueryBuilder().select('t.*').from('glpi_tickets', 't') as Qb, visibleTickets('t', viewer.scope, viewer.ownerId, use));
  }

  /**
   * SQLite, a page no filter narrows: the entity scope is checked per row, so the page walks its
   * sort's index and stops after it. Read through an index, the scope made SQLite read every visible
   * ticket by (entities_id, is_deleted, ...) and sort them (seconds at a million tickets), whatever
   * its statistics. A filtered page keeps that composite index (status = ? reads its range).
   * MariaDB/MySQL read (is_deleted, <sort>) either way: unchanged.
   */
  private scopeUse(shape: SearchShape): ScopeUse {
    return this.dataSource.options.type === 'better-sqlite3' && shape.page && !shape.filtered ? 'row-check' : 'index';
  }

  /** One visible ticket, or undefined (absent, deleted, out of scope or not the Self-Service caller's). */
  findVisible(id: number, viewer: TicketViewer, manager?: EntityManager): Maybe<TicketRow | undefined> {
    // Plain SQL: its text does not change with the id, so the prepared statement is reused.
    const visible = visibleTickets('t', viewer.scope, viewer.ownerId);
    return andThen(rowsOf<TicketRow>(manager ?? this.dataSource, VISIBLE_TICKET.of(visible.sql), [id, ...visible.params]), (rows) => rows[0]);
  }

  /** One visible ticket; else the refusal a caller gets (notFound). */
  async findVisibleOrFail(id: number, viewer: TicketViewer, manager?: EntityManager): Promise<TicketRow> {
    const row = await this.findVisible(id, viewer, manager);
    if (!row) throw await this.notFound(id, viewer, manager);
    return row;
  }

  /**
   * The refusal of ticket `id`, which the caller does not find: not found, or in the trash when it is
   * one the caller saw before it was deleted (a deleted ticket is neither shown nor changed).
   */
  async notFound(id: number, viewer: TicketViewer, manager?: EntityManager): Promise<DeskError> {
    const inTrash = await hasRow(manager ?? this.dataSource, 'glpi_tickets', id, trashedTickets('t', viewer.scope, viewer.ownerId));
    return DeskError.notFound('Ticket', id, inTrash);
  }

  /** `userId`: the caller, whom `mine` names. */
  searchPlan(viewer: TicketViewer, userId: number): SearchPlan {
    return {
      base: (shape) => this.base(viewer, this.scopeUse(shape)),
      equals: {
        type: 'type',
        status: 'status',
        urgency: 'urgency',
        impact: 'impact',
        priority: 'priority',
        itilcategories_id: 'itilcategories_id',
        locations_id: 'locations_id',
        entities_id: 'entities_id',
      },
      custom: {
        requester_id: (qb, value) => actorFilter(qb, 'glpi_tickets_users', 'users_id', ACTOR_TYPE.requester, 'f_requester', value),
        assignee_id: (qb, value) => actorFilter(qb, 'glpi_tickets_users', 'users_id', ACTOR_TYPE.assigned, 'f_assignee', value),
        assignee_group_id: (qb, value) => actorFilter(qb, 'glpi_groups_tickets', 'groups_id', ACTOR_TYPE.assigned, 'f_group', value),
        observer_id: (qb, value) => actorFilter(qb, 'glpi_tickets_users', 'users_id', ACTOR_TYPE.observer, 'f_observer', value),
        mine: (qb, value) => qb.andWhere(mineCondition(value as Mine), { f_mine: userId }),
        overdue: (qb, value) => whereOf(qb, overdueCondition('t', new Date(), value === true)),
      },
      rowFilters: ['requester_id', 'assignee_id', 'assignee_group_id', 'observer_id', 'mine'],
      ranges: ['date', 'time_to_resolve', 'date_mod'],
      text: (qb, raw, _key, shape) => applyTicketText(this.dataSource, qb, raw, shape),
      sorts: {
        date: { column: 'date', date: true },
        date_mod: { column: 'date_mod', date: true },
        priority: { column: 'priority' },
        status: { column: 'status' },
        id: { column: 'id' },
      },
      defaultSort: '-date_mod',
      byId: idProbe('ticket', 'ticket_get'),
    };
  }
}
