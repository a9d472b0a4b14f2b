import type { WhereExpressionBuilder } from 'typeorm';
import { ACTOR_TYPE } from '../database/entities/index.js';
import { placeholders } from '../database/sql-texts.js';
import type { EntityScope } from './principal.js';

/**
 * Which rows a caller sees, written once per rule as a condition with `?` placeholders. The same
 * condition serves plain SQL (single-row reads on the hot path, whose text then depends only on the
 * shape of the scope, so prepared statements are reused) and query builders (whereOf).
 */
export interface Condition {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** How a table's rows are scoped by entity (GLPI): by their entity, recursively from above, being the entity, or by the user's assignments. */
export type ScopeRule = 'global' | 'entity' | 'entity-recursive' | 'entity-self' | 'user-assignment';

const EVERY_ROW: Condition = { sql: '', params: [] };

function marks(values: readonly unknown[]): string {
  return placeholders(values.length);
}

/**
 * The conditions written for each scope, by rule and alias: a caller's scope lives as long as its
 * cached principal, so each of its calls gets the same condition object, whose text is the same
 * string (sql-texts.ts) — not the text written, then hashed, again per call.
 */
const rememberedByScope = new WeakMap<EntityScope, Map<string, Condition>>();
/** System work's conditions (no scope): few, but some vary with a user (ownTicketsOf). */
const rememberedUnscoped = new Map<string, Condition>();
/** Conditions one scope keeps; past it they are written again (a scope meets a handful of rules). */
const MAX_REMEMBERED = 64;

function rememberedFor(scope: EntityScope | undefined): Map<string, Condition> {
  if (!scope) return rememberedUnscoped;
  let conditions = rememberedByScope.get(scope);
  if (!conditions) rememberedByScope.set(scope, (conditions = new Map<string, Condition>()));
  return conditions;
}

function remember(conditions: Map<string, Condition>, key: string, condition: Condition): Condition {
  if (conditions.size >= MAX_REMEMBERED) conditions.clear();
  conditions.set(key, condition);
  return condition;
}

/** Every condition given, joined with AND. */
export function allOf(...conditions: Condition[]): Condition {
  // Every read builds its visibility here: one pass, no intermediate arrays.
  let sql = '';
  const params: unknown[] = [];
  for (const condition of conditions) {
    if (condition.sql === '') continue;
    sql = sql === '' ? condition.sql : `${sql} AND ${condition.sql}`;
    for (const param of condition.params) params.push(param);
  }
  return { sql, params };
}

/**
 * How a query may use the entity scope. `index`: like any condition (an index on the entity may
 * drive the query). `row-check`: written `+alias.entities_id`, an expression SQLite reads through no
 * index, so it is checked on each row the query reads by another index: for a search whose page
 * should walk its sort's index rather than read every visible row and sort them (src/search). The
 * rows are the same. (MariaDB/MySQL ignore the unary plus; only SQLite searches ask for it.)
 */
export type ScopeUse = 'index' | 'row-check';

/**
 * Rows of `alias` in entities `scope` sees, by the table's rule. No scope (system work: seeding, the
 * CLI, re-reading a row just written): every row. An empty visible set matches nothing.
 */
export function inScope(alias: string, rule: ScopeRule, scope: EntityScope | undefined, use: ScopeUse = 'index'): Condition {
  if (!scope || rule === 'global') return EVERY_ROW;
  const conditions = rememberedFor(scope);
  const key = `${rule} ${alias} ${use}`;
  return conditions.get(key) ?? remember(conditions, key, writeInScope(alias, rule, scope, use));
}

function writeInScope(alias: string, rule: Exclude<ScopeRule, 'global'>, scope: EntityScope, use: ScopeUse): Condition {
  const visible = scope.entityIds.length ? scope.entityIds : [-1];
  switch (rule) {
    case 'entity':
      return { sql: `${use === 'row-check' ? '+' : ''}${alias}.entities_id IN (${marks(visible)})`, params: visible };
    case 'entity-self':
      return { sql: `${alias}.id IN (${marks(visible)})`, params: visible };
    case 'entity-recursive': {
      const ancestors = scope.ancestorIds.length ? scope.ancestorIds : [-1];
      return {
        sql: `(${alias}.entities_id IN (${marks(visible)}) OR (${alias}.is_recursive = 1 AND ${alias}.entities_id IN (${marks(ancestors)})))`,
        params: [...visible, ...ancestors],
      };
    }
    case 'user-assignment': {
      // GLPI lists the users with a profile in an entity the caller sees, or a recursive one above it
      // (a root technician works in every entity below: its name is on their tickets).
      const ancestors = scope.ancestorIds.length ? scope.ancestorIds : [-1];
      return {
        sql: `EXISTS (SELECT 1 FROM glpi_profiles_users pu WHERE pu.users_id = ${alias}.id AND (pu.entities_id IN (${marks(visible)}) OR (pu.is_recursive = 1 AND pu.entities_id IN (${marks(ancestors)}))))`,
        params: [...visible, ...ancestors],
      };
    }
  }
}

/** A soft-deleted row is gone, for every caller. */
export function notDeleted(alias: string): Condition {
  return { sql: `${alias}.is_deleted = 0`, params: [] };
}

/** A soft-deleted row: in the trash, which a refusal names to the callers who saw it (trashedTickets, trashedProjects). */
export function deleted(alias: string): Condition {
  return { sql: `${alias}.is_deleted = 1`, params: [] };
}

/**
 * Tickets that are `userId`'s own, as GLPI counts them for a Self-Service user: those it requests or
 * observes. Written as `t.id IN (...)` so both databases start from the user's own tickets (index
 * users_id, type, tickets_id) and probe tickets by primary key: the cost follows that person's
 * tickets, not the size of the ticket table.
 */
export function ownTicketsOf(alias: string, userId: number): Condition {
  return {
    sql: `${alias}.id IN (SELECT own.tickets_id FROM glpi_tickets_users own WHERE own.users_id = ? AND own.type IN (?, ?))`,
    params: [userId, ACTOR_TYPE.requester, ACTOR_TYPE.observer],
  };
}

/** Projects a caller sees: not deleted, in its entities. */
export function visibleProjects(alias: string, scope: EntityScope | undefined): Condition {
  const conditions = rememberedFor(scope);
  const key = `projects ${alias}`;
  return conditions.get(key) ?? remember(conditions, key, allOf(notDeleted(alias), inScope(alias, 'entity', scope)));
}

/** Projects in the trash that a caller saw before they were deleted: in its entities. */
export function trashedProjects(alias: string, scope: EntityScope | undefined): Condition {
  return allOf(deleted(alias), inScope(alias, 'entity', scope));
}

/** Tickets a caller sees: not deleted, in its entities, and its own only (requested or observed) when its profile says so (`ownerId`). */
export function visibleTickets(alias: string, scope: EntityScope | undefined, ownerId: number | null, use: ScopeUse = 'index'): Condition {
  const conditions = rememberedFor(scope);
  const key = `tickets ${alias} ${use} ${String(ownerId)}`;
  return conditions.get(key) ?? remember(conditions, key, allOf(notDeleted(alias), ticketsInReach(alias, scope, ownerId, use)));
}

/** Tickets in the trash that a caller saw before they were deleted (visibleTickets' reach). */
export function trashedTickets(alias: string, scope: EntityScope | undefined, ownerId: number | null): Condition {
  return allOf(deleted(alias), ticketsInReach(alias, scope, ownerId, 'index'));
}

/** The tickets of a caller's entities, and of those only its own when its profile says so, deleted or not. */
function ticketsInReach(alias: string, scope: EntityScope | undefined, ownerId: number | null, use: ScopeUse): Condition {
  return allOf(inScope(alias, 'entity', scope, use), ownerId === null ? EVERY_ROW : ownTicketsOf(alias, ownerId));
}

/** Users a caller sees: not deleted, assigned in one of its entities. */
export function visibleUsers(alias: string, scope: EntityScope | undefined): Condition {
  const conditions = rememberedFor(scope);
  const key = `users ${alias}`;
  return conditions.get(key) ?? remember(conditions, key, allOf(notDeleted(alias), inScope(alias, 'user-assignment', scope)));
}

/** A condition's text cut at its `?`, per text: the texts are few (one per rule and scope shape). */
const pieces = new Map<string, readonly string[]>();
const MAX_PIECES = 500;

function piecesOf(sql: string): readonly string[] {
  let cut = pieces.get(sql);
  if (cut === undefined) {
    cut = sql.split('?');
    if (pieces.size >= MAX_PIECES) pieces.clear();
    pieces.set(sql, cut);
  }
  return cut;
}

/** A query builder, whose parameters tell which names are taken. */
export type ParameterizedBuilder = WhereExpressionBuilder & { readonly expressionMap: { readonly parameters: Record<string, unknown> } };

/**
 * Adds `condition` to a query builder: its `?` become named parameters, the first names free in
 * this builder (`vis_1`, `vis_2`, ...). The same names on every call keep the texts and the objects'
 * shapes the same from call to call.
 */
export function whereOf<Q extends ParameterizedBuilder>(qb: Q, condition: Condition): Q {
  if (condition.sql === '') return qb;
  const cut = piecesOf(condition.sql);
  const taken = qb.expressionMap.parameters;
  const named: Record<string, unknown> = {};
  let sql = cut[0];
  let free = 0;
  for (let index = 1; index < cut.length; index++) {
    let name: string;
    do name = `vis_${++free}`;
    while (name in taken);
    named[name] = condition.params[index - 1];
    sql += `:${name}${cut[index]}`;
  }
  qb.andWhere(sql, named);
  return qb;
}
