import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { andThen, type Maybe } from '../database/maybe.js';
import { rowsOf } from '../database/read-rows.js';
import { placeholders, SqlTexts } from '../database/sql-texts.js';
import type { ActorType } from '../input/references/actor-list.js';
import { type Names, ReferenceResolver } from '../input/references/reference-resolver.js';
import { Presenter, type Row, showsField, type View } from '../present/presenter.js';
import { DEADLINE_FIELDS, deadlineOf, type DeadlineState } from './deadlines.js';
import { TICKET_OUTPUT } from './ticket.fields.js';
import { type Role, ROLE_NAMES, ROLES } from './ticket-actors.js';

/** An actor as answers show it. */
export interface ActorView {
  type: ActorType;
  id: number;
  name: string | null;
}

type ActorRow = { tickets_id: number | string; actor_id: number | string; type: number | string; is_group: number | string };
type Lists = Record<Role, Array<{ type: ActorType; id: number }>>;
/** Every actor of some tickets, by ticket id and role. */
export type ActorLists = Map<number, Lists>;

const ROLE_OF_TYPE = new Map<number, Role>(ROLE_NAMES.map((r) => [ROLES[r], r]));

/** Every actor of some tickets (the placeholders of their ids), users then groups, in the order they were added. */
const ACTORS_OF = new SqlTexts(
  (ids) =>
    `SELECT a.tickets_id AS tickets_id, a.users_id AS actor_id, a.type AS type, a.id AS id, 0 AS is_group FROM glpi_tickets_users a
       WHERE a.tickets_id IN (${ids})
     UNION ALL
     SELECT g.tickets_id, g.groups_id, g.type, g.id, 1 FROM glpi_groups_tickets g
       WHERE g.tickets_id IN (${ids})
     ORDER BY is_group, id`,
);

/** The ids of every actor of `lists`, by kind (`user`, `group`): what their names are asked by. */
function actorIds(lists: Map<number, Lists>): Map<ActorType, number[]> {
  const ids = new Map<ActorType, number[]>([
    ['user', []],
    ['group', []],
  ]);
  for (const l of lists.values()) for (const role of ROLE_NAMES) for (const a of l[role]) ids.get(a.type)!.push(a.id);
  return ids;
}

/** The first actor of `type` in `role`'s list: the single-value actor fields (`assignee_id`, …). */
function firstOf(lists: Lists, role: Role, type: ActorType): number | null {
  return lists[role].find((a) => a.type === type)?.id ?? null;
}

/** The fields read from the actor tables: the single-value actor fields and the role lists. */
const ACTOR_FIELDS: readonly string[] = ['requester_id', 'assignee_id', 'assignee_group_id', ...ROLE_NAMES];

/** Whether a view with `fields` (all when none) shows actors, read from the actor tables. */
export function showsActors(fields?: readonly string[]): boolean {
  return ACTOR_FIELDS.some((name) => showsField(fields, name));
}

/**
 * Tickets as callers see them: the row's fields (Presenter), every actor of each role as a list
 * (`requesters`, `observers`, `assignees`, users before groups), the single-value actor fields as the
 * first of their role, and the deadline fields (`overdue`, `time_to_resolve_remaining`). Actors of a
 * whole page are read in one statement.
 */
@Injectable()
export class TicketViews {
  constructor(
    private readonly dataSource: DataSource,
    private readonly presenter: Presenter,
    private readonly resolver: ReferenceResolver,
  ) {}

  /**
   * `manager`: read inside the caller's transaction (a row just written). `actors`: the rows' actors
   * when read beside the rows themselves (actorsOf, when showsActors(fields)).
   */
  present(rows: Row[], zone: string, fields?: readonly string[], manager?: EntityManager, actors?: ActorLists): Maybe<View[]> {
    if (!showsActors(fields)) return this.presentWith(rows, zone, fields, new Map<number, Lists>());
    if (actors) return this.presentWith(rows, zone, fields, actors);
    const ids = rows.map((r) => Number(r.id));
    return andThen(this.actorsOf(ids, manager), (read) => this.presentWith(rows, zone, fields, read));
  }

  /** `present` once the rows' actors are read. Not async: with every name cached, no promise (maybe.ts). */
  private presentWith(rows: Row[], zone: string, fields: readonly string[] | undefined, lists: ActorLists): Maybe<View[]> {
    // The first actors are read beside each row (a copy of a ticket row, dozens of columns, per row cost more).
    const firsts = rows.map((row): Row | undefined => {
      const l = lists.get(Number(row.id));
      if (!l) return undefined;
      return {
        requester_id: firstOf(l, 'requesters', 'user'),
        assignee_id: firstOf(l, 'assignees', 'user'),
        assignee_group_id: firstOf(l, 'assignees', 'group'),
      };
    });
    const listed = ROLE_NAMES.filter((role) => showsField(fields, role));
    return andThen(this.presenter.present(rows, TICKET_OUTPUT, zone, fields, firsts), (views) =>
      // A promise only when a name was not cached: the usual call takes no turn here.
      andThen(listed.length ? this.actorNames(lists) : undefined, (names) => this.withActors(rows, views, fields, listed, lists, names)),
    );
  }

  /** The views given each role's actors (`listed`) by name, and the deadline fields. */
  private withActors(
    rows: Row[],
    views: View[],
    fields: readonly string[] | undefined,
    listed: readonly Role[],
    lists: ActorLists,
    names: Names | undefined,
  ): View[] {
    const now = new Date();
    return views.map((view, i) => {
      const row = rows[i];
      const l = lists.get(Number(row.id));
      for (const role of listed) {
        view[role] = (l?.[role] ?? []).map((a): ActorView => ({ type: a.type, id: a.id, name: names?.nameOf(a.type, a.id) ?? null }));
      }
      const deadline = deadlineOf(row as unknown as DeadlineState, now);
      for (const f of DEADLINE_FIELDS) if (showsField(fields, f)) view[f] = deadline[f];
      return view;
    });
  }

  /** The names of every actor of `lists`: the cache itself when it holds them all (the usual call gathers no ids to look them up), else read. */
  private actorNames(lists: ActorLists): Maybe<Names> {
    const now = Date.now();
    for (const l of lists.values()) {
      for (const role of ROLE_NAMES)
        for (const a of l[role]) if (!this.resolver.hasCachedName(a.type, a.id, now)) return this.resolver.namesByKind(actorIds(lists));
    }
    return this.resolver.cachedNames;
  }

  /** Every actor of the tickets `ids`, by role, in the order they were added. */
  actorsOf(ids: readonly number[], manager?: EntityManager): Maybe<ActorLists> {
    const out: ActorLists = new Map();
    if (ids.length === 0) return out;
    for (const id of ids) out.set(id, { requesters: [], observers: [], assignees: [] });
    return andThen(rowsOf<ActorRow>(manager ?? this.dataSource, ACTORS_OF.of(placeholders(ids.length)), [...ids, ...ids]), (actors) => {
      for (const a of actors) {
        const role = ROLE_OF_TYPE.get(Number(a.type));
        if (!role) continue;
        out.get(Number(a.tickets_id))?.[role].push({ type: Number(a.is_group) === 1 ? 'group' : 'user', id: Number(a.actor_id) });
      }
      return out;
    });
  }
}
