import type { SelectQueryBuilder, WhereExpressionBuilder } from 'typeorm';
import type { EntityScope } from '../../auth/principal.js';
import type { ScopeRule } from './reference-kinds.js';

type Where = SelectQueryBuilder<Record<string, unknown>> | WhereExpressionBuilder;

let counter = 0;
/** Parameter names must be unique within one query builder. */
function param(base: string): string {
  counter = (counter + 1) % 1_000_000;
  return `${base}_${counter}`;
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
