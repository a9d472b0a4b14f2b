import type { EntityScope } from './principal.js';
import { inScope, type ParameterizedBuilder, visibleProjects, visibleTickets, visibleUsers, whereOf } from './visibility.js';

/** A builder that records what whereOf adds, as a query builder keeps it. */
function builder(parameters: Record<string, unknown> = {}): ParameterizedBuilder & { wheres: string[] } {
  const wheres: string[] = [];
  const qb = {
    wheres,
    expressionMap: { parameters },
    andWhere(sql: string, named: Record<string, unknown>) {
      wheres.push(sql);
      Object.assign(parameters, named);
      return qb;
    },
  };
  return qb as unknown as ParameterizedBuilder & { wheres: string[] };
}

describe('whereOf', () => {
  it('names each mark after the names the builder already holds, with its value', () => {
    const qb = builder({ vis_2: 'earlier' });
    whereOf(qb, { sql: 't.a IN (?, ?)', params: [1, 2] });
    whereOf(qb, { sql: 't.b = ? AND t.c = ?', params: ['x', null] });
    expect(qb.wheres).toEqual(['t.a IN (:vis_1, :vis_3)', 't.b = :vis_4 AND t.c = :vis_5']);
    expect(qb.expressionMap.parameters).toEqual({ vis_1: 1, vis_2: 'earlier', vis_3: 2, vis_4: 'x', vis_5: null });
  });

  it('gives a fresh builder the same names each time, and adds nothing for a condition that keeps every row', () => {
    const texts = [builder(), builder()].map((qb) => {
      whereOf(qb, { sql: '', params: [] });
      whereOf(qb, { sql: '? < t.id', params: [7] });
      return qb.wheres;
    });
    expect(texts).toEqual([[':vis_1 < t.id'], [':vis_1 < t.id']]);
  });
});

describe('conditions remembered per scope', () => {
  const scope = (entityIds: number[], ancestorIds: number[] = []): EntityScope => ({ entityIds, ancestorIds });

  it('answers the same condition to every call of one scope', () => {
    const mine = scope([1, 2, 3]);
    expect(visibleTickets('t', mine, null)).toBe(visibleTickets('t', mine, null));
    expect(inScope('g', 'entity-recursive', mine)).toBe(inScope('g', 'entity-recursive', mine));
    expect(visibleTickets('t', mine, null)).toEqual({ sql: 't.is_deleted = 0 AND t.entities_id IN (?, ?, ?)', params: [1, 2, 3] });
  });

  it('writes a scope made anew (rights changed) for its own entities, never an earlier scope’s', () => {
    const before = visibleTickets('t', scope([1, 2]), null);
    const after = visibleTickets('t', scope([5]), null);
    expect(before).toEqual({ sql: 't.is_deleted = 0 AND t.entities_id IN (?, ?)', params: [1, 2] });
    expect(after).toEqual({ sql: 't.is_deleted = 0 AND t.entities_id IN (?)', params: [5] });
  });

  it('tells apart the alias, the use of the scope, the owner and the rule asked for', () => {
    const mine = scope([4], [9]);
    expect(visibleTickets('o', mine, null).sql).toBe('o.is_deleted = 0 AND o.entities_id IN (?)');
    expect(visibleTickets('t', mine, null, 'row-check').sql).toBe('t.is_deleted = 0 AND +t.entities_id IN (?)');
    const own = visibleTickets('t', mine, 42);
    expect(own.sql).toBe(
      't.is_deleted = 0 AND t.entities_id IN (?) AND t.id IN (SELECT own.tickets_id FROM glpi_tickets_users own WHERE own.users_id = ? AND own.type IN (?, ?))',
    );
    expect(own.params[1]).toBe(42);
    expect(visibleTickets('t', mine, 43).params[1]).toBe(43);
    expect(visibleProjects('p', mine)).toEqual({ sql: 'p.is_deleted = 0 AND p.entities_id IN (?)', params: [4] });
    expect(visibleUsers('u', mine).params).toEqual([4, 9]);
    expect(inScope('g', 'entity-recursive', mine)).toEqual({ sql: '(g.entities_id IN (?) OR (g.is_recursive = 1 AND g.entities_id IN (?)))', params: [4, 9] });
  });

  it('keeps system work (no scope) apart per owner, and sees nothing in an empty scope', () => {
    expect(visibleTickets('t', undefined, null)).toEqual({ sql: 't.is_deleted = 0', params: [] });
    expect(visibleTickets('t', undefined, 7).params[0]).toBe(7);
    expect(visibleTickets('t', undefined, 8).params[0]).toBe(8);
    expect(visibleTickets('t', scope([]), null)).toEqual({ sql: 't.is_deleted = 0 AND t.entities_id IN (?)', params: [-1] });
  });
});
