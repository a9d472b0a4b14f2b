import { DataSource } from 'typeorm';
import { PlannerStatistics } from './planner-statistics.js';

describe('PlannerStatistics', () => {
  let ds: DataSource;

  beforeEach(async () => {
    ds = await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
    await ds.query('CREATE TABLE t (id INTEGER PRIMARY KEY, k INTEGER)');
    await ds.query('CREATE INDEX t_k ON t (k)');
    await ds.query('WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 500) INSERT INTO t (k) SELECT n % 7 FROM s');
  });
  afterEach(() => ds.destroy());

  it('gathers SQLite statistics on refresh, not at start', async () => {
    const stats = new PlannerStatistics(ds);
    stats.onApplicationBootstrap();
    const before = (await ds.query("SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'")) as unknown[];
    expect(before).toEqual([]);
    expect(await stats.refresh()).toBe(true);
    const rows = (await ds.query("SELECT tbl, idx FROM sqlite_stat1 WHERE tbl = 't'")) as Array<{ idx: string }>;
    expect(rows.map((r) => r.idx)).toContain('t_k');
    stats.onApplicationShutdown();
  });

  it('skips a round on a closed database without throwing', async () => {
    const stats = new PlannerStatistics(ds);
    await ds.destroy();
    expect(await stats.refresh()).toBe(false);
    ds = await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
  });
});
