import type { DataSource } from 'typeorm';
import { lookAlikeKey } from '../../src/text/look-alike.js';
import { DATABASES, type MigrationDataSource, migrationDataSource, undoDownTo } from '../support/databases.js';

const MIGRATION = 'UniqueEmails1769300000000';

/**
 * Emails unique where they are stored: users stored before with one email keep it; the oldest keeps
 * its look-alike key, the others hold none, and the unique index then refuses a new holder. Down
 * gives every email its key again, under a plain index.
 */
describe.each(DATABASES)('unique emails migration on %s', (kind) => {
  let source: MigrationDataSource;
  let ds: DataSource;

  beforeAll(async () => {
    source = await migrationDataSource(kind);
    ds = source.ds;
  });
  afterAll(() => source?.close());

  const insert = (login: string, email: string | null) =>
    ds.query('INSERT INTO glpi_users (name, name_key, email, email_lookalike) VALUES (?, ?, ?, ?)', [
      login,
      login,
      email,
      email === null ? null : lookAlikeKey(email),
    ]);
  const keys = async (): Promise<Array<{ name: string; email_lookalike: string | null }>> =>
    (await ds.query("SELECT name, email_lookalike FROM glpi_users WHERE name LIKE 'uem%' ORDER BY id")) as Array<{
      name: string;
      email_lookalike: string | null;
    }>;

  it('keeps the oldest holder’s key of an email stored twice, refuses a new holder, and down gives every email its key again', async () => {
    await ds.runMigrations({ transaction: 'all' });
    await undoDownTo(ds, MIGRATION);
    await insert('uem.first', 'same@ex.com');
    await insert('uem.second', 'SAME@EX.com');
    await insert('uem.other', 'other@ex.com');
    await insert('uem.none', null);
    await insert('uem.none.too', null);

    await ds.runMigrations({ transaction: 'all' });
    const same = lookAlikeKey('same@ex.com');
    expect(await keys()).toEqual([
      { name: 'uem.first', email_lookalike: same },
      { name: 'uem.second', email_lookalike: null },
      { name: 'uem.other', email_lookalike: lookAlikeKey('other@ex.com') },
      { name: 'uem.none', email_lookalike: null },
      { name: 'uem.none.too', email_lookalike: null },
    ]);
    await expect(insert('uem.third', 'Same@Ex.com')).rejects.toThrow();

    await undoDownTo(ds, MIGRATION);
    expect((await keys()).map((row) => row.email_lookalike)).toEqual([same, same, lookAlikeKey('other@ex.com'), null, null]);
    await insert('uem.third', 'Same@Ex.com');
    await ds.runMigrations({ transaction: 'all' });
    expect((await keys()).map((row) => row.email_lookalike)).toEqual([same, null, lookAlikeKey('other@ex.com'), null, null, null]);
  });
});
