import { type ParameterizedBuilder, whereOf } from './visibility.js';

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
