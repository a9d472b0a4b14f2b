import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import type { DataSourceOptions } from 'typeorm';

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
