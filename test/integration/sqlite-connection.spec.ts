import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { SQLITE_MMAP_BYTES } from '../../src/database/sqlite-pragmas.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';

/** How the process's connection to a SQLite file is set up: what every statement of every call runs on. */
describe('SQLite connection', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    ds = await new DataSource(dataSourceOptions({ type: 'sqlite', path: db.url.slice('sqlite:'.length) }, { poolSize: 1, timeoutMs: 5000 })).initialize();
  });
  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    await db?.drop();
  });

  const pragma = async (name: string): Promise<unknown> => Object.values(((await ds.query(`PRAGMA ${name}`)) as Array<Record<string, unknown>>)[0])[0];

  it('runs in WAL mode and reads the file through a memory map of SQLITE_MMAP_BYTES', async () => {
    expect(SQLITE_MMAP_BYTES).toBe(64 * 1024 * 1024);
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('mmap_size')).toBe(SQLITE_MMAP_BYTES);
    expect(await pragma('temp_store')).toBe(2);
  });
});
