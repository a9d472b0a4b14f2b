import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { lookAlikeKey } from '../../text/look-alike.js';

const PLAIN = 'IDX_glpi_users_email_lookalike';
const UNIQUE = 'UQ_glpi_users_email_lookalike';
const BATCH = 500;

/**
 * Emails unique where they are stored: the look-alike key of a user's email (case, accents and
 * look-alike characters aside) gets a unique index, so two users created or changed at once with
 * one email cannot both be stored, on MySQL/MariaDB too, where writes run side by side.
 *
 * Users stored before with an email another user already had: the oldest (lowest id) keeps the
 * key; the others keep their email, but not its key (null), until their email changes. The older
 * user's key still makes a new user with that email, or a look-alike of it, a taken one.
 * `down` gives every email its key again and makes the index a plain one.
 */
export class UniqueEmails1769300000000 implements MigrationInterface {
  name = 'UniqueEmails1769300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The database compares the keys as its unique index will (MySQL/MariaDB: under the collation).
    const later =
      queryRunner.dataSource.options.type === 'better-sqlite3'
        ? 'UPDATE glpi_users SET email_lookalike = NULL WHERE EXISTS (SELECT 1 FROM glpi_users o WHERE o.email_lookalike = glpi_users.email_lookalike AND o.id < glpi_users.id)'
        : 'UPDATE glpi_users u JOIN glpi_users o ON o.email_lookalike = u.email_lookalike AND o.id < u.id SET u.email_lookalike = NULL';
    await queryRunner.query(later);
    await queryRunner.dropIndex('glpi_users', PLAIN);
    await queryRunner.createIndex('glpi_users', new TableIndex({ name: UNIQUE, columnNames: ['email_lookalike'], isUnique: true }));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('glpi_users', UNIQUE);
    await queryRunner.createIndex('glpi_users', new TableIndex({ name: PLAIN, columnNames: ['email_lookalike'] }));
    const rows = (await queryRunner.query("SELECT id, email FROM glpi_users WHERE email_lookalike IS NULL AND email IS NOT NULL AND email <> ''")) as Array<{
      id: number;
      email: string;
    }>;
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      await queryRunner.query(
        `UPDATE glpi_users SET email_lookalike = CASE id ${batch.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE id IN (${batch.map(() => '?').join(', ')})`,
        [...batch.flatMap((r) => [r.id, lookAlikeKey(r.email.trim())]), ...batch.map((r) => r.id)],
      );
    }
  }
}
