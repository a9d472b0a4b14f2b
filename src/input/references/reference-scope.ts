import type { SelectQueryBuilder, WhereExpressionBuilder } from 'typeorm';
import { DOMAINS, type Domain, type EntityScope, type Principal } from '../../auth/principal.js';
import type { ReferenceKind, ScopeRule } from './reference-kinds.js';

type Where = SelectQueryBuilder<Record<string, unknown>> | WhereExpressionBuilder;

let counter = 0;
/** Parameter names must be unique within one query builder. */
function param(base: string): string {
  counter = (counter + 1) % 1_000_000;
  return `${base}_${counter}`;
}

/**
 * What a caller sees when it names records (resolution, `available`, did_you_mean, candidates,
 * example names in tools/list): the entities it sees, and the domains whose records it may read.
 * A kind of record it may not read (users, for Self-Service) is named nowhere: the caller can name
 * only itself, and any other name or id of that kind is as absent as one that does not exist.
 */
export interface NameScope {
  entities: EntityScope;
  readable: readonly Domain[];
  /** The one user a caller may always name: itself. */
  userId: number;
}

export function nameScopeOf(principal: Principal | undefined): NameScope | undefined {
  if (!principal) return undefined;
  return { entities: principal.scope, readable: DOMAINS.filter((d) => principal.rights[d].includes('read')), userId: principal.userId };
}

/** True when the caller may not read records of `kind` at all (their names are never shown to it). */
export function isHiddenKind(kind: ReferenceKind, scope: NameScope | undefined): boolean {
  return scope !== undefined && kind.readRight !== undefined && !scope.readable.includes(kind.readRight);
}

/** Restricts `alias` rows of `kind` to those the caller may name; without a scope (system work) none is hidden. */
export function applyNameScope(qb: Where, alias: string, kind: ReferenceKind, scope: NameScope | undefined): void {
  if (!scope) return;
  if (isHiddenKind(kind, scope)) {
    const self = param('self');
    if (kind.kind === 'user') qb.andWhere(`${alias}.id = :${self}`, { [self]: scope.userId });
    else qb.andWhere('1 = 0');
    return;
  }
  applyEntityScope(qb, alias, kind.scope, scope.entities);
}

/**
 * Restricts `alias` rows to what `scope` may see. Without a scope (system work: seeding, CLI) no
 * restriction applies. An empty visible set matches nothing.
 */
export function applyEntityScope(qb: Where, alias: string, rule: ScopeRule, scope: EntityScope | undefined): void {
  if (!scope || rule === 'global') return;
  const visible = scope.entityIds.length ? scope.entityIds : [-1];
  const ids = param('vis');
  switch (rule) {
    case 'entity':
      qb.andWhere(`${alias}.entities_id IN (:...${ids})`, { [ids]: visible });
      return;
    case 'entity-self':
      qb.andWhere(`${alias}.id IN (:...${ids})`, { [ids]: visible });
      return;
    case 'entity-recursive': {
      const up = param('anc');
      const ancestors = scope.ancestorIds.length ? scope.ancestorIds : [-1];
      qb.andWhere(`(${alias}.entities_id IN (:...${ids}) OR (${alias}.is_recursive = 1 AND ${alias}.entities_id IN (:...${up})))`, {
        [ids]: visible,
        [up]: ancestors,
      });
      return;
    }
    case 'user-assignment':
      qb.andWhere(
        `EXISTS (SELECT 1 FROM glpi_profiles_users pu WHERE pu.users_id = ${alias}.id AND pu.entities_id IN (:...${ids}))`,
        { [ids]: visible },
      );
      return;
  }
}

/**
 * The same restriction as plain SQL with `?` placeholders, for hot single-row reads run with
 * dataSource.query: the SQL text then depends only on the scope, not on the id read, so the
 * driver's prepared-statement cache keeps hitting.
 */
export function entityScopeSql(alias: string, rule: 'entity' | 'user-assignment', scope: EntityScope | undefined): { sql: string; params: number[] } {
  if (!scope) return { sql: '', params: [] };
  const visible = scope.entityIds.length ? scope.entityIds : [-1];
  const marks = visible.map(() => '?').join(', ');
  const sql =
    rule === 'entity'
      ? ` AND ${alias}.entities_id IN (${marks})`
      : ` AND EXISTS (SELECT 1 FROM glpi_profiles_users pu WHERE pu.users_id = ${alias}.id AND pu.entities_id IN (${marks}))`;
  return { sql, params: visible };
}
