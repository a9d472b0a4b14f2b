import { DataSource } from 'typeorm';
import { AuditLog } from './entities/index.js';
import { PlannerStatistics } from './planner-statistics.js';

describe('PlannerStatistics', () => {
  let ds: DataSource;

  beforeEach(async () => {
    ds = await new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [AuditLog] }).initialize();
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
    // The bounded sample fills no sqlite_stat4 (whose samples make statements be prepared again on every run).
    const stat4 = (await ds.query("SELECT name FROM sqlite_master WHERE name = 'sqlite_stat4'")) as unknown[];
    if (stat4.length > 0) expect(await ds.query('SELECT COUNT(*) AS n FROM sqlite_stat4')).toEqual([{ n: 0 }]);
    stats.onApplicationShutdown();
  });

  it('leaves the audit log out: its near-unique indexes are read whole by ANALYZE, on the process thread', async () => {
    await ds.query('CREATE TABLE audit_log (id INTEGER PRIMARY KEY, request_id TEXT, users_id INTEGER)');
    await ds.query('CREATE UNIQUE INDEX IDX_audit_log_request_id ON audit_log (request_id)');
    await ds.query(
      "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 500) INSERT INTO audit_log (request_id, users_id) SELECT 'r' || n, n % 3 FROM s",
    );
    expect(await new PlannerStatistics(ds).refresh()).toBe(true);
    const analyzed = (await ds.query('SELECT DISTINCT tbl FROM sqlite_stat1 ORDER BY tbl')) as Array<{ tbl: string }>;
    expect(analyzed.map((r) => r.tbl)).toEqual(['t']);
  });

  it('skips a round on a closed database without throwing', async () => {
    const stats = new PlannerStatistics(ds);
    await ds.destroy();
    expect(await stats.refresh()).toBe(false);
    ds = await new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [AuditLog] }).initialize();
  });
});
