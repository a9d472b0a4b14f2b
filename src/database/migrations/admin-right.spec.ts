import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { ENTITIES } from '../entities/index.js';
import { MIGRATIONS } from './index.js';

const KINDS = ['sqlite', ...(process.env.TEST_MYSQL_URL ? ['mysql'] : [])];

/** The rights of each profile, by name. */
async function rights(ds: DataSource): Promise<Record<string, unknown>> {
  const rows = (await ds.query('SELECT name, rights FROM glpi_profiles ORDER BY id')) as Array<{ name: string; rights: string }>;
  return Object.fromEntries(rows.map((row) => [row.name, row.rights.startsWith('{') ? JSON.parse(row.rights) : row.rights]));
}

describe.each(KINDS)('the admin right migration on %s', (kind) => {
  let ds: DataSource;
  let dropDatabase: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    if (kind === 'sqlite') {
      ds = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: ENTITIES, migrations: MIGRATIONS });
    } else {
      const url = new URL(process.env.TEST_MYSQL_URL!);
      const name = `intentdesk_test_${randomBytes(6).toString('hex')}`;
      const server = { host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
      const admin = await mysql.createConnection(server);
      await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await admin.end();
      dropDatabase = async () => {
        const conn = await mysql.createConnection(server);
        await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await conn.end();
      };
      ds = new DataSource({
        type: 'mysql',
        ...server,
        username: server.user,
        database: name,
        timezone: 'Z',
        charset: 'utf8mb4_unicode_ci',
        entities: ENTITIES,
        migrations: MIGRATIONS,
      });
    }
    await ds.initialize();
  });
  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    await dropDatabase();
  });

  it('gives Super-Admin and Admin the admin right on up, and takes it from every profile on down', async () => {
    // Back to the schema just before the admin right (later migrations reverted first).
    const later = MIGRATIONS.length - MIGRATIONS.findIndex((migration) => migration.name === 'AdminRight1765100000001');
    await ds.runMigrations({ transaction: 'all' });
    for (let i = 0; i < later; i++) await ds.undoLastMigration({ transaction: 'all' });
    // Profiles as a database made before the admin right holds them.
    const all = ['read', 'create', 'update', 'delete'];
    const before = {
      'Super-Admin': { project: all, ticket: all, user: all, ticket_scope: 'all' },
      Admin: { project: all, ticket: all, user: all, ticket_scope: 'all' },
      Technician: { project: ['read'], ticket: ['read'], user: ['read'], ticket_scope: 'all' },
    };
    for (const [name, value] of Object.entries(before)) {
      await ds.query('INSERT INTO glpi_profiles (name, name_key, interface, rights) VALUES (?, ?, ?, ?)', [
        name,
        name.toLowerCase(),
        'central',
        JSON.stringify(value),
      ]);
    }
    await ds.query('INSERT INTO glpi_profiles (name, name_key, interface, rights) VALUES (?, ?, ?, ?)', ['Broken', 'broken', 'central', 'not json']);

    const applied = await ds.runMigrations({ transaction: 'all' });
    expect(applied.map((migration) => migration.name)).toEqual(MIGRATIONS.slice(-later).map((migration) => migration.name));
    expect(await rights(ds)).toEqual({
      'Super-Admin': { ...before['Super-Admin'], admin: true },
      Admin: { ...before.Admin, admin: true },
      Technician: before.Technician,
      Broken: 'not json',
    });

    for (let i = 0; i < later; i++) await ds.undoLastMigration({ transaction: 'all' });
    expect(await rights(ds)).toEqual({ ...before, Broken: 'not json' });
  });
});
