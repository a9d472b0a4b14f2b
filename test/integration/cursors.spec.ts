import { jest } from '@jest/globals';
import type { SearchProjectsDto } from '../../src/projects/dto/search-projects.dto.js';
import { ProjectsRepository } from '../../src/projects/projects.repository.js';
import { ProjectsService } from '../../src/projects/projects.service.js';
import { runSearch } from '../../src/search/search-runner.js';
import { type Desk, openDesk, refusal } from './support/desk.js';

/** The searches below as a REST route runs them (a refusal's message is worded for its transport). */
const BY_REST = { transport: 'rest', tool: 'project_search' } as const;

/** Keyset pagination over a real table: every visible row once, in order, whatever the sort. */
describe('search cursors', () => {
  let desk: Desk;

  beforeAll(async () => {
    desk = await openDesk();
    const glpi = await desk.userId('glpi');
    for (let i = 0; i < 23; i++) {
      // Equal priorities and names differing only in case: ties must break on id.
      await desk.db.query(
        "INSERT INTO glpi_projects (name, name_key, priority, percent_done, entities_id, users_id, is_deleted, date_creation, date_mod) VALUES (?, ?, ?, 0, 1, ?, 0, '2026-01-01 00:00:00.000', ?)",
        [
          `Paged ${i % 2 ? 'A' : 'a'}${String(Math.floor(i / 2)).padStart(2, '0')}`,
          `paged a${String(Math.floor(i / 2)).padStart(2, '0')}`,
          (i % 3) + 1,
          glpi,
          `2026-02-${String((i % 5) + 1).padStart(2, '0')} 00:00:00.000`,
        ],
      );
    }
  });
  afterAll(() => desk?.close());

  it.each(['name', '-priority', '-date_mod', 'id'])('pages through every row once, sorted by %s', async (sort) => {
    const scope = (await desk.principal('glpi')).scope;
    const plan = desk.get(ProjectsRepository).searchPlan(scope);
    const all = await runSearch(plan, { query: 'paged', sort, limit: 100 }, BY_REST);
    const seen: number[] = [];
    let cursor: string | undefined;
    // 23 rows in pages of 5 take 5 pages; a cursor that never ends is a failure, not a hang.
    for (let pages = 0; pages < 6; pages++) {
      const page = await runSearch(plan, { query: 'paged', sort, limit: 5, cursor }, BY_REST);
      expect(page.total).toBe(23);
      seen.push(...page.rows.map((r) => Number(r.id)));
      cursor = page.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(cursor).toBeUndefined();
    expect(seen).toEqual(all.rows.map((r) => Number(r.id)));
    expect(new Set(seen).size).toBe(23);
  });

  it('counts the matches by the first page when it holds them all, and by a count when more follow', async () => {
    const plan = desk.get(ProjectsRepository).searchPlan(undefined);
    // Every statement SQLite runs, through dataSource.query or readRows: the count statements among them.
    const connection = (desk.db.driver as unknown as { databaseConnection: { prepare(sql: string): object } }).databaseConnection;
    const statements = Object.getPrototypeOf(connection.prepare('SELECT 1')) as { all(...params: unknown[]): unknown[] };
    const runs = jest.spyOn(statements, 'all');
    const counted = () => runs.mock.contexts.filter((statement) => (statement as { source: string }).source.startsWith('SELECT COUNT(*)')).length;
    try {
      const whole = await runSearch(plan, { query: 'paged', sort: 'name', limit: 100 }, BY_REST);
      expect({ total: whole.total, rows: whole.rows.length, counts: counted() }).toEqual({ total: 23, rows: 23, counts: 0 });
      const exact = await runSearch(plan, { query: 'paged', sort: 'name', limit: 100, exact_total: true }, BY_REST);
      expect({ total: exact.total, counts: counted() }).toEqual({ total: 23, counts: 0 });
      const first = await runSearch(plan, { query: 'paged', sort: 'name', limit: 20 }, BY_REST);
      expect({ total: first.total, counts: counted() }).toEqual({ total: 23, counts: 1 });
      // A later page holds only the rest: the total is counted.
      const last = await runSearch(plan, { query: 'paged', sort: 'name', limit: 20, cursor: first.next_cursor ?? undefined }, BY_REST);
      expect({ total: last.total, rows: last.rows.length, counts: counted() }).toEqual({ total: 23, rows: 3, counts: 2 });
    } finally {
      runs.mockRestore();
    }
  });

  it('refuses a cursor of another search', async () => {
    const plan = desk.get(ProjectsRepository).searchPlan(undefined);
    const first = await runSearch(plan, { query: 'paged', sort: 'name', limit: 5 }, BY_REST);
    const error = await refusal(runSearch(plan, { query: 'paged', sort: '-name', limit: 5, cursor: first.next_cursor ?? undefined }, BY_REST));
    expect(error.issues).toEqual([expect.objectContaining({ field: 'cursor', code: 'INVALID_VALUE' })]);
  });

  it('refuses a cursor whose position was changed: a date sort needs a date, every position a positive integer id', async () => {
    const plan = desk.get(ProjectsRepository).searchPlan(undefined);
    const first = await runSearch(plan, { query: 'paged', sort: '-date_mod', limit: 5 }, BY_REST);
    const [sort, , , signature] = JSON.parse(Buffer.from(first.next_cursor!, 'base64url').toString('utf8')) as [string, unknown, number, string];
    const forged = (value: unknown, id: unknown) => Buffer.from(JSON.stringify([sort, value, id, signature])).toString('base64url');
    for (const [value, id] of [
      ["x' OR 1=1", 4],
      ['2026-02-03T00:00:00.000Z', -1],
      ['2026-02-03T00:00:00.000Z', 1.5],
      [12, 4],
    ] as const) {
      const error = await refusal(runSearch(plan, { query: 'paged', sort: '-date_mod', limit: 5, cursor: forged(value, id) }, BY_REST));
      expect([value, id, error.issues]).toEqual([value, id, [expect.objectContaining({ field: 'cursor', code: 'INVALID_VALUE' })]]);
    }
    // The position as the search wrote it still reads its page.
    const second = await runSearch(plan, { query: 'paged', sort: '-date_mod', limit: 5, cursor: first.next_cursor! }, BY_REST);
    expect(second.rows).toHaveLength(5);
  });

  it('counts and pages only what the caller sees', async () => {
    const service = desk.get(ProjectsService);
    const call = await desk.call('project_search', 'normal');
    const page = (await service.search(await desk.input<SearchProjectsDto>(call, { limit: 100 }), call)).data as {
      items: Array<{ name: string }>;
      total: number;
    };
    expect(page.items.map((p) => p.name)).toEqual(['Migração ERP']);
    expect(page.total).toBe(1);
  });
});
