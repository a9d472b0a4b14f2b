import type { Connection } from 'mysql2/promise';
import type { DatabaseTarget } from '../config/app-config.js';

/**
 * Creates the MySQL/MariaDB database named in DATABASE_URL when it does not exist yet (utf8mb4), so
 * `DATABASE_URL=mysql://… npm start` works on an empty server. Without the privilege to create it,
 * nothing happens here and the connection reports the real problem.
 */
export async function ensureDatabase(target: DatabaseTarget, timeoutMs: number): Promise<void> {
  if (target.type !== 'mysql') return;
  const url = new URL(target.url);
  const name = target.database.replace(/`/g, '');
  let connection: Connection | undefined;
  try {
    // Loaded here, not at start: a process on SQLite never needs the MySQL client.
    const { default: mysql } = await import('mysql2/promise');
    connection = await mysql.createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      connectTimeout: timeoutMs,
    });
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } catch {
    // Not ours to report: TypeORM's connection attempt will say what is wrong.
  } finally {
    await connection?.end().catch(() => undefined);
  }
}
