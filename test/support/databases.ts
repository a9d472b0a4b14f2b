import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from '../../src/database/entities/index.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';

export type DbKind = 'sqlite' | 'mysql';

/** SQLite always; MySQL/MariaDB too when TEST_MYSQL_URL is set. */
export const DATABASES: DbKind[] = process.env.TEST_MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];

export interface TestDatabase {
  kind: DbKind;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database of `kind`: a temporary SQLite file, or `intentdesk_test_<random>` on the server. */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  const suffix = randomBytes(5).toString('hex');
  if (kind === 'sqlite') {
    const path = join(tmpdir(), `intentdesk-test-${suffix}.sqlite`);
    return {
      kind,
      url: `sqlite:${path}`,
      drop: async () => {
        for (const ext of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${ext}`, { force: true });
      },
    };
  }
  const server = new URL(process.env.TEST_MYSQL_URL!);
  const name = `intentdesk_test_${suffix}`;
  const admin = await mysql.createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username),
    password: decodeURIComponent(server.password),
  });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    drop: async () => {
      const conn = await mysql.createConnection({
        host: server.hostname,
        port: Number(server.port || 3306),
        user: decodeURIComponent(server.username),
        password: decodeURIComponent(server.password),
      });
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}

/** TypeORM connection options for a test database (entities and migrations are the caller's). */
export function dataSourceOptionsOf(db: TestDatabase): DataSourceOptions {
  if (db.kind === 'sqlite') return { type: 'better-sqlite3', database: db.url.slice('sqlite:'.length) };
  const url = new URL(db.url);
  return {
    type: 'mysql',
    host: url.hostname,
    port: Number(url.port || 3306),
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: url.pathname.slice(1),
    timezone: 'Z',
    charset: 'utf8mb4_unicode_ci',
  };
}

/** A connected data source on a fresh database of its kind, knowing every entity and migration. */
export interface MigrationDataSource {
  ds: DataSource;
  /** Disconnects and drops the database. */
  close(): Promise<void>;
}

/**
 * Undoes the migration named `name` together with every migration after it (a later one may touch
 * the same tables), so a spec of one migration does not depend on its being the last.
 */
export async function undoDownTo(ds: DataSource, name: string): Promise<void> {
  const position = MIGRATIONS.findIndex((migration) => migration.name === name);
  if (position < 0) throw new Error(`No migration named ${name}.`);
  for (let i = position; i < MIGRATIONS.length; i++) await ds.undoLastMigration({ transaction: 'all' });
}

/**
 * The product's entities and migrations on a fresh, empty database of `kind`, none of the migrations
 * run yet: a migration spec runs and undoes them itself.
 */
export async function migrationDataSource(kind: DbKind): Promise<MigrationDataSource> {
  const db = await createTestDatabase(kind);
  const ds = new DataSource({ ...dataSourceOptionsOf(db), entities: ENTITIES, migrations: MIGRATIONS });
  try {
    await ds.initialize();
  } catch (error) {
    await db.drop();
    throw error;
  }
  return {
    ds,
    close: async () => {
      if (ds.isInitialized) await ds.destroy();
      await db.drop();
    },
  };
}

export type Rows = Array<Record<string, unknown>>;

/** Reads `db` directly, on a connection of its own: as a stopped or killed server left it. */
export async function readRows(db: TestDatabase, sql: string): Promise<Rows> {
  if (db.kind === 'sqlite') {
    const file = new Database(db.url.slice('sqlite:'.length));
    try {
      return file.prepare(sql).all() as Rows;
    } finally {
      file.close();
    }
  }
  const connection = await mysql.createConnection(db.url);
  try {
    const [rows] = await connection.query(sql);
    return rows as Rows;
  } finally {
    await connection.end();
  }
}
