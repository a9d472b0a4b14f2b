import type { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { DATABASES, type MigrationDataSource, migrationDataSource, undoDownTo } from '../support/databases.js';

const TEXT_INDEX = 'TicketTextIndex1768400000000';

/** The text index and sort index migrations: up on existing rows (backfill), down, and up again. */
describe.each(DATABASES)('ticket text and sort index migrations on %s', (kind) => {
  let source: MigrationDataSource;
  let ds: DataSource;

  beforeAll(async () => {
    source = await migrationDataSource(kind);
    ds = source.ds;
  });
  afterAll(() => source?.close());

  /** Ticket ids whose text the index finds for `text` (three characters or more). */
  async function indexed(text: string): Promise<number[]> {
    const rows = (
      kind === 'mysql'
        ? await ds.query('SELECT tickets_id AS id FROM glpi_tickets_grams WHERE gram = ? ORDER BY tickets_id', [text.slice(0, 3)])
        : await ds.query('SELECT rowid AS id FROM glpi_tickets_text WHERE glpi_tickets_text MATCH ? ORDER BY rowid', [`"${text}"`])
    ) as Array<{ id: number | string }>;
    return rows.map((r) => Number(r.id));
  }

  async function insert(name: string, content: string | null): Promise<number> {
    await ds.query('INSERT INTO glpi_tickets (name, content, entities_id, date, is_deleted) VALUES (?, ?, 1, ?, 0)', [name, content, '2026-01-01 00:00:00']);
    const [row] = (await ds.query('SELECT MAX(id) AS id FROM glpi_tickets')) as Array<{ id: number | string }>;
    return Number(row.id);
  }

  it('indexes the rows that exist when it runs, drops everything on down, and indexes again on up', async () => {
    const later = MIGRATIONS.length - MIGRATIONS.findIndex((migration) => migration.name === TEXT_INDEX);
    await ds.runMigrations({ transaction: 'all' });
    for (let i = 0; i < later; i++) await ds.undoLastMigration({ transaction: 'all' });
    const before = await insert('Monitor piscando', 'Cabo HDMI com mau contato');

    await ds.runMigrations({ transaction: 'all' });
    expect(await indexed('piscando')).toEqual([before]);
    expect(await indexed('hdmi')).toEqual([before]);
    const after = await insert('Outro monitor', 'HDMI solto');
    expect(await indexed('hdmi')).toEqual([before, after]);

    for (let i = 0; i < later; i++) await ds.undoLastMigration({ transaction: 'all' });
    const leftovers = (await ds.query(
      kind === 'mysql'
        ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name LIKE 'glpi!_tickets!_gram%' ESCAPE '!'"
        : "SELECT name FROM sqlite_master WHERE name LIKE 'glpi_tickets_text%'",
    )) as Array<{ name: string }>;
    expect(leftovers.map((r) => r.name)).toEqual([]);
    // Without the triggers a write still works.
    await ds.query('UPDATE glpi_tickets SET name = ? WHERE id = ?', ['Vidro quebrado', before]);

    await ds.runMigrations({ transaction: 'all' });
    expect(await indexed('quebrado')).toEqual([before]);
    expect(await indexed('hdmi')).toEqual([before, after]);
  }, 60_000);

  it('on MariaDB/MySQL cuts a text piece by piece into the same slices it cut from the whole text, and down puts the old procedure back', async () => {
    // 450 characters: slices that start in one piece of 200 and end in the next, emoji and accents among them.
    const content = 'Impressora não liga 🎫 Çá — '.repeat(15).slice(0, 450);
    const grams = async (id: number): Promise<string[]> =>
      ((await ds.query('SELECT gram FROM glpi_tickets_grams WHERE tickets_id = ? ORDER BY gram', [id])) as Array<{ gram: string }>).map((r) => r.gram);
    const procedure = async (): Promise<string> =>
      kind === 'mysql'
        ? (
            (await ds.query(
              "SELECT routine_definition AS body FROM information_schema.routines WHERE routine_schema = DATABASE() AND routine_name = 'glpi_tickets_grams_fill'",
            )) as Array<{ body: string }>
          )[0].body
        : '';
    await ds.runMigrations({ transaction: 'all' });
    const byPiece = await insert('Mesmo título', content);
    expect(await procedure()).toContain(kind === 'mysql' ? 'piece' : '');

    await undoDownTo(ds, 'TicketGramsFillByPiece1769100000000');
    expect(await procedure()).not.toContain('piece');
    const whole = await insert('Mesmo título', content);
    if (kind === 'mysql') {
      expect((await grams(byPiece)).length).toBeGreaterThan(20);
      expect(await grams(byPiece)).toEqual(await grams(whole));
    }
    await ds.runMigrations({ transaction: 'all' });
    expect(await procedure()).toContain(kind === 'mysql' ? 'piece' : '');
  }, 60_000);

  it('on SQLite drops the is_deleted index, and down puts it back', async () => {
    const isDeletedIndex = async () =>
      kind === 'sqlite' ? ((await ds.query("SELECT name FROM sqlite_master WHERE name = 'IDX_glpi_tickets_is_deleted'")) as unknown[]).length : 0;
    await ds.runMigrations({ transaction: 'all' });
    expect(await isDeletedIndex()).toBe(0);
    await undoDownTo(ds, 'SqliteSortWalk1768900000000');
    expect(await isDeletedIndex()).toBe(kind === 'sqlite' ? 1 : 0);
    await ds.runMigrations({ transaction: 'all' });
    expect(await isDeletedIndex()).toBe(0);
  }, 60_000);
});
