import { jest } from '@jest/globals';
import { SelectQueryBuilder } from 'typeorm';
import { cappedCountQuery, queryAndParameters } from '../../src/search/query-text.js';
import { filteredQuery, type Qb } from '../../src/search/search-runner.js';
import { TicketsRepository, viewerOf } from '../../src/tickets/tickets.repository.js';
import { DATABASES } from '../support/databases.js';
import { type Desk, openDeskOn } from './support/desk.js';

/** The SQL texts kept per builder shape answer what TypeORM renders for each builder, whatever its values. */
describe.each(DATABASES)('search query texts on %s', (kind) => {
  let desk: Desk;

  beforeAll(async () => {
    desk = await openDeskOn(kind);
  }, 60_000);
  afterAll(() => desk?.close());

  const plain = () => desk.db.createQueryBuilder().select('t.*').from('glpi_tickets', 't') as unknown as Qb;

  /** The capped count as it was written before its text was kept. */
  function renderedCount(qb: Qb, cap: number): [string, unknown[]] {
    const [sql, params] = qb
      .clone()
      .select('1', 'one')
      .orderBy()
      .limit(cap + 1)
      .getQueryAndParameters();
    return [`SELECT COUNT(*) AS n FROM (${sql}) capped`, params];
  }

  function expectSame(qb: Qb): void {
    // Twice: the first renders the shape, the second reads it back.
    for (let i = 0; i < 2; i++) {
      expect(queryAndParameters(qb)).toEqual(qb.getQueryAndParameters());
      expect(cappedCountQuery(qb, 1000)).toEqual(renderedCount(qb, 1000));
    }
  }

  it('binds every call its own values: numbers, texts, dates, booleans, lists of any length', () => {
    for (const [status, name, ids, deleted, date] of [
      [1, 'a', [1], false, new Date('2026-01-02T03:04:05Z')],
      [2, 'b', [3, 4, 5], true, new Date('2026-02-03T04:05:06Z')],
      [5, "it's", [7, 8], false, new Date('2026-03-04T05:06:07Z')],
    ] as const) {
      const qb = plain()
        .andWhere('t.status = :status', { status })
        .andWhere('t.name LIKE :name', { name })
        .andWhere('t.id IN (:...ids)', { ids })
        .andWhere('t.is_deleted = :deleted', { deleted })
        .andWhere('t.date >= :date', { date })
        .orderBy('t.date_mod', 'DESC')
        .addOrderBy('t.id', 'DESC')
        .limit(21);
      expectSame(qb);
    }
  });

  it('tells apart builders that differ in conditions, order, direction, limit or selection', () => {
    const builders = [
      plain().andWhere('t.status = :s', { s: 1 }),
      plain().andWhere('t.status = :s', { s: 1 }).andWhere('t.urgency = :u', { u: 2 }),
      plain().andWhere('t.status = :s', { s: 1 }).orWhere('t.urgency = :u', { u: 2 }),
      plain().andWhere('t.status = :s', { s: 1 }).limit(5),
      plain().andWhere('t.status = :s', { s: 1 }).orderBy('t.id', 'ASC'),
      plain().andWhere('t.status = :s', { s: 1 }).orderBy('t.id', 'DESC'),
      plain().andWhere('t.status = :s', { s: 1 }).orderBy('+t.id', 'DESC'),
      plain().andWhere('t.urgency = :s', { s: 1 }),
      plain().select('t.id', 'id').andWhere('t.status = :s', { s: 1 }),
      (desk.db.createQueryBuilder().select('t.*').from('glpi_projects', 't') as unknown as Qb).andWhere('t.status = :s', { s: 1 }),
    ];
    const texts = builders.map((qb) => {
      expectSame(qb);
      return queryAndParameters(qb)[0];
    });
    expect(new Set(texts).size).toBe(builders.length);
  });

  it('renders each shape once: a search of the same filters with other values reads its text back', async () => {
    const principal = await desk.principal('glpi');
    const plan = desk.get(TicketsRepository).searchPlan(viewerOf(principal), principal.userId);
    const page = async (status: number) => (await filteredQuery(plan, { status, query: 'impressora' }, true)).qb.orderBy('t.id', 'DESC').limit(21);
    queryAndParameters(await page(1));
    cappedCountQuery(await page(1), 1000);
    const renders = jest.spyOn(SelectQueryBuilder.prototype, 'getQuery');
    try {
      const other = await page(2);
      expect(queryAndParameters(other)).toEqual(other.getQueryAndParameters());
      expect(cappedCountQuery(other, 1000)).toEqual(renderedCount(other, 1000));
      // Only the two references renders above (getQueryAndParameters, renderedCount's clone).
      expect(renders).toHaveBeenCalledTimes(2);
    } finally {
      renders.mockRestore();
    }
  });

  it('renders as before the builders it does not keep (joins, offsets, grouping)', () => {
    expectSame(plain().innerJoin('glpi_tickets_users', 'a', 'a.tickets_id = t.id').andWhere('a.users_id = :u', { u: 2 }));
    expectSame(plain().andWhere('t.status = :s', { s: 1 }).limit(5).offset(3));
    expectSame(plain().select('t.status', 'status').groupBy('t.status'));
  });

  it("answers a ticket search's page and count texts as TypeORM renders them", async () => {
    const principal = await desk.principal('glpi');
    const plan = desk.get(TicketsRepository).searchPlan(viewerOf(principal), principal.userId);
    for (const args of [
      { status: 1, query: 'impressora' },
      { itilcategories_id: 2, query: 'im' },
      { requester_id: 3, overdue: true },
      { mine: 'assignee' },
      {},
    ]) {
      const { qb } = await filteredQuery(plan, args, true);
      qb.orderBy('t.date_mod', 'DESC').addOrderBy('t.id', 'DESC').limit(21);
      expectSame(qb);
    }
  });
});
