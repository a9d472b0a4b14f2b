import type { DataSource } from 'typeorm';
import { DATABASES, type MigrationDataSource, migrationDataSource, undoDownTo } from '../support/databases.js';

/** Every column LongTexts1769100000001 widens, as `table.column`. */
const LONG_TEXTS = [
  'glpi_tickets.content',
  'glpi_itilfollowups.content',
  'glpi_tickettasks.content',
  'glpi_itilsolutions.content',
  'glpi_ticketvalidations.comment_submission',
  'glpi_ticketvalidations.comment_validation',
  'glpi_projects.content',
  'glpi_projects.comment',
  'glpi_projecttasks.content',
  'audit_log.changes',
  'idempotency_records.result',
  'approvals.payload',
  'approvals.preview',
  'approvals.arguments',
];
/** 60,000 × 'ç': 120,000 bytes of UTF-8, more than MariaDB's TEXT holds (65,535). */
const LONG = 'ç'.repeat(60_000);

/** The long text columns: LONGTEXT on MariaDB/MySQL (TEXT on SQLite, unchanged), data and nullability kept; down narrows them back. */
describe.each(DATABASES)('long text migration on %s', (kind) => {
  let source: MigrationDataSource;
  let ds: DataSource;

  beforeAll(async () => {
    source = await migrationDataSource(kind);
    ds = source.ds;
  });
  afterAll(() => source?.close());

  /** `table.column` → its type and whether it takes NULL. */
  async function columnTypes(): Promise<Record<string, string>> {
    const types: Record<string, string> = {};
    for (const name of LONG_TEXTS) {
      const [table, column] = name.split('.');
      if (kind === 'mysql') {
        const [row] = (await ds.query(
          'SELECT data_type AS type, is_nullable AS nullable FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?',
          [table, column],
        )) as Array<{ type: string; nullable: string }>;
        types[name] = `${row.type} ${row.nullable === 'YES' ? 'null' : 'not null'}`;
      } else {
        const rows = (await ds.query(`PRAGMA table_info(${table})`)) as Array<{ name: string; type: string; notnull: number }>;
        const row = rows.find((r) => r.name === column)!;
        types[name] = `${row.type.toLowerCase()} ${row.notnull ? 'not null' : 'null'}`;
      }
    }
    return types;
  }

  const NOT_NULL = new Set(['glpi_itilfollowups.content', 'approvals.payload', 'approvals.preview', 'approvals.arguments']);
  const typed = (type: string): Record<string, string> =>
    Object.fromEntries(LONG_TEXTS.map((name) => [name, `${type} ${NOT_NULL.has(name) ? 'not null' : 'null'}`]));

  it('widens every long text column to LONGTEXT on MariaDB/MySQL and keeps what it held; down narrows them back to TEXT', async () => {
    await ds.runMigrations({ transaction: 'all' });
    await undoDownTo(ds, 'LongTexts1769100000001');
    expect(await columnTypes()).toEqual(typed('text'));
    await ds.query("INSERT INTO glpi_tickets (name, content, entities_id, date, is_deleted) VALUES ('Antes', 'Texto de antes', 1, '2026-01-01 00:00:00', 0)");

    await ds.runMigrations({ transaction: 'all' });
    expect(await columnTypes()).toEqual(typed(kind === 'mysql' ? 'longtext' : 'text'));
    const rows = (await ds.query("SELECT content FROM glpi_tickets WHERE name = 'Antes'")) as Array<{ content: string }>;
    expect(rows).toEqual([{ content: 'Texto de antes' }]);
    await ds.query("UPDATE glpi_tickets SET content = ? WHERE name = 'Antes'", [LONG]);
    const [stored] = (await ds.query("SELECT content FROM glpi_tickets WHERE name = 'Antes'")) as Array<{ content: string }>;
    expect(stored.content === LONG).toBe(true);

    await ds.query("UPDATE glpi_tickets SET content = 'Curto' WHERE name = 'Antes'");
    await undoDownTo(ds, 'LongTexts1769100000001');
    expect(await columnTypes()).toEqual(typed('text'));
    await ds.runMigrations({ transaction: 'all' });
    expect(await columnTypes()).toEqual(typed(kind === 'mysql' ? 'longtext' : 'text'));
  }, 60_000);
});
