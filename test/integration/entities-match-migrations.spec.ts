import { DataSource, type DataSourceOptions } from 'typeorm';
import { isLongTextColumn } from '../../src/database/entities/columns.js';
import { ENTITIES } from '../../src/database/entities/index.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { createTestDatabase, DATABASES, dataSourceOptionsOf, type DbKind, type TestDatabase } from '../support/databases.js';

/*
 * What the comparison leaves out, and why: the one place (the README's paragraph on migrations
 * sums it up).
 *
 * - Tables no entity describes (TABLES_WITHOUT_ENTITY): the schema builder never looks at them.
 *   The ticket text index (SQLite: an FTS5 virtual table and its shadow tables; MariaDB/MySQL: the
 *   gram table, its procedure and triggers) cannot be expressed in TypeORM; the approval, web
 *   sign-in and OAuth tables are read and written by SQL only. A new table must either get an
 *   entity or be listed here.
 * - Triggers and procedures: TypeORM does not read them.
 * - Indexes the migrations make on one database only (TicketSortIndexes, MariaDB/MySQL): an entity
 *   cannot declare an index per database, so ticket.entity.ts names them with synchronize: false
 *   and the schema builder leaves them alone on both.
 * - SQLite `int` columns (sqliteIntAsWritten): the migrations wrote `int`; TypeORM's SQLite driver
 *   makes every entity `int` an `integer`, a type no entity can make it keep. The comparison reads
 *   an entity's `int` as written (same INTEGER affinity either way).
 * - MariaDB/MySQL long texts (longTextAsWritten): the migrations made them LONGTEXT; an entity
 *   declares `text`, the one type both drivers take, and marks them LongTextColumn. The comparison
 *   reads a marked column as LONGTEXT there, so a column widened but not marked, or marked but not
 *   widened, still differs.
 * - MariaDB is read as TypeORM's mariadb driver reads it (comparingOptions); nothing is left out.
 */

/** Tables the migrations make that no entity describes, besides TypeORM's own `migrations`. */
const TABLES_WITHOUT_ENTITY: Record<DbKind, string[]> = {
  sqlite: [
    'approvals',
    'oauth_records',
    'web_sign_ins',
    'glpi_tickets_text',
    'glpi_tickets_text_config',
    'glpi_tickets_text_data',
    'glpi_tickets_text_docsize',
    'glpi_tickets_text_idx',
  ],
  mysql: ['approvals', 'oauth_records', 'web_sign_ins', 'glpi_tickets_grams'],
};

/**
 * The entities describe the schema the migrations make: on a freshly migrated database, TypeORM's
 * schema builder (what `synchronize` would run) has nothing to change.
 */
describe.each(DATABASES)('entities and migrations on %s', (kind) => {
  let db: TestDatabase;
  let options: DataSourceOptions;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    options = dataSourceOptionsOf(db);
    await withDataSource(options, (ds) => ds.runMigrations({ transaction: 'all' }));
  }, 60_000);
  afterAll(() => db?.drop());

  it('agree: the schema builder wants no statement after every migration ran', async () => {
    const pending = await withDataSource(await comparingOptions(options), async (ds) => {
      if (kind === 'sqlite') sqliteIntAsWritten(ds);
      else longTextAsWritten(ds);
      return (await ds.driver.createSchemaBuilder().log()).upQueries.map((query) => query.query);
    });
    expect(pending).toEqual([]);
  });

  it('leave no table without an entity but the listed ones', async () => {
    const tables = await withDataSource(options, async (ds) => {
      const described = new Set(ds.entityMetadatas.map((metadata) => metadata.tableName));
      const rows = (await ds.query(
        kind === 'sqlite'
          ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
          : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'",
      )) as Array<{ name: string }>;
      return rows.map((row) => row.name).filter((name) => !described.has(name) && name !== 'migrations');
    });
    expect(tables.sort()).toEqual([...TABLES_WITHOUT_ENTITY[kind]].sort());
  });
});

async function withDataSource<T>(options: DataSourceOptions, work: (ds: DataSource) => Promise<T>): Promise<T> {
  const ds = new DataSource({ ...options, entities: ENTITIES, migrations: MIGRATIONS });
  await ds.initialize();
  try {
    return await work(ds);
  } finally {
    await ds.destroy();
  }
}

/**
 * The options to compare with. The product (and its migrations) speak to MariaDB as mysql, but the
 * schema builder reads MariaDB's information_schema (quoted defaults, 'NULL' for none) only as its
 * mariadb driver: as mysql, it takes every nullable column for changed.
 */
async function comparingOptions(options: DataSourceOptions): Promise<DataSourceOptions> {
  if (options.type !== 'mysql') return options;
  const version = await withDataSource(options, async (ds) => ((await ds.query('SELECT VERSION() AS v')) as Array<{ v: string }>)[0].v);
  return /mariadb/i.test(version) ? { ...options, type: 'mariadb' } : options;
}

/**
 * SQLite: an entity's `int` read as the migrations wrote it. TypeORM's SQLite driver turns every
 * `int` of an entity into `integer`, while its query runner wrote the migrations' `int` as given
 * (only their auto-increment keys are `integer`, as SQLite's AUTOINCREMENT requires). No entity
 * type keeps `int` on SQLite; both have SQLite's INTEGER affinity.
 */
function sqliteIntAsWritten(ds: DataSource): void {
  const driver = ds.driver;
  const normalizeType = driver.normalizeType.bind(driver);
  // The schema builder hands it column metadata, which says whether the column is generated.
  const generated = (column: object): boolean => 'isGenerated' in column && column.isGenerated === true;
  driver.normalizeType = (column) => (column.type === 'int' && !generated(column) ? 'int' : normalizeType(column));
}

/**
 * MariaDB/MySQL: an entity's LongTextColumn read as the migrations made it (LONGTEXT). The schema
 * builder hands normalizeType column metadata, which names the entity class and the property.
 */
function longTextAsWritten(ds: DataSource): void {
  const driver = ds.driver;
  const normalizeType = driver.normalizeType.bind(driver);
  const longText = (column: object): boolean => 'target' in column && 'propertyName' in column && isLongTextColumn(column.target, String(column.propertyName));
  driver.normalizeType = (column) => (longText(column) ? 'longtext' : normalizeType(column));
}
