import type { DataSource } from 'typeorm';
import { DATABASES, type MigrationDataSource, migrationDataSource, undoDownTo } from '../support/databases.js';

const TABLES = ['glpi_itilfollowups', 'glpi_itilsolutions', 'glpi_ticketvalidations'];
const ORDER_INDEXES = [
  'IDX_glpi_itilfollowups_itemtype_items_id_date',
  'IDX_glpi_itilsolutions_itemtype_items_id_date_creation',
  'IDX_glpi_ticketvalidations_tickets_id_submission_date',
];
const REPLACED = 'IDX_glpi_itilfollowups_itemtype_items_id';

/** The timeline order indexes: up, down (the replaced followup index comes back), and up again. */
describe.each(DATABASES)('timeline order index migration on %s', (kind) => {
  let source: MigrationDataSource;
  let ds: DataSource;

  beforeAll(async () => {
    source = await migrationDataSource(kind);
    ds = source.ds;
  });
  afterAll(() => source?.close());

  async function indexNames(): Promise<string[]> {
    const marks = TABLES.map(() => '?').join(', ');
    const rows = (await ds.query(
      kind === 'mysql'
        ? `SELECT DISTINCT index_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name IN (${marks})`
        : `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN (${marks})`,
      TABLES,
    )) as Array<{ name: string }>;
    return rows.map((r) => r.name);
  }

  it('adds an index per timeline kind in timeline order, and down restores the indexes before it', async () => {
    await ds.runMigrations({ transaction: 'all' });
    let names = await indexNames();
    expect(names).toEqual(expect.arrayContaining(ORDER_INDEXES));
    expect(names).not.toContain(REPLACED);
    if (kind === 'sqlite') {
      // A kind's newest entries are an index range read in order: no sort.
      const plan = (await ds.query(
        "EXPLAIN QUERY PLAN SELECT f.id FROM glpi_itilfollowups f WHERE f.itemtype = 'Ticket' AND f.items_id = ? ORDER BY f.date DESC, f.id DESC LIMIT 51",
        [1],
      )) as Array<{ detail: string }>;
      expect(plan.map((p) => p.detail).join('\n')).not.toContain('TEMP B-TREE');
    }

    await undoDownTo(ds, 'TimelineOrderIndexes1768600000000');
    names = await indexNames();
    for (const name of ORDER_INDEXES) expect(names).not.toContain(name);
    expect(names).toContain(REPLACED);

    await ds.runMigrations({ transaction: 'all' });
    expect(await indexNames()).toEqual(expect.arrayContaining(ORDER_INDEXES));
  }, 60_000);
});
