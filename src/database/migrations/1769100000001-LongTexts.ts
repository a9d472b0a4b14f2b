import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * MariaDB/MySQL: the columns that hold a long text become LONGTEXT, as GLPI's are. A text field
 * takes up to 65,000 characters (a ticket's content, a timeline entry, a project's description),
 * up to 260,000 bytes of utf8mb4, while TEXT holds 65,535 bytes: 60,000 × 'ç' failed to store. The
 * JSON columns that carry such a text whole (what a write applied, its replayed result, a held
 * write's payload) widen with them. SQLite's TEXT has no such bound: nothing changes there.
 * `down` narrows them back; MariaDB then refuses (strict mode) while a row holds more than TEXT does.
 */
const LONG_TEXTS: ReadonlyArray<{ table: string; column: string; nullable: boolean }> = [
  { table: 'glpi_tickets', column: 'content', nullable: true },
  { table: 'glpi_itilfollowups', column: 'content', nullable: false },
  { table: 'glpi_tickettasks', column: 'content', nullable: true },
  { table: 'glpi_itilsolutions', column: 'content', nullable: true },
  { table: 'glpi_ticketvalidations', column: 'comment_submission', nullable: true },
  { table: 'glpi_ticketvalidations', column: 'comment_validation', nullable: true },
  { table: 'glpi_projects', column: 'content', nullable: true },
  { table: 'glpi_projects', column: 'comment', nullable: true },
  { table: 'glpi_projecttasks', column: 'content', nullable: true },
  { table: 'audit_log', column: 'changes', nullable: true },
  { table: 'idempotency_records', column: 'result', nullable: true },
  { table: 'approvals', column: 'payload', nullable: false },
  { table: 'approvals', column: 'preview', nullable: false },
  { table: 'approvals', column: 'arguments', nullable: false },
];

export class LongTexts1769100000001 implements MigrationInterface {
  name = 'LongTexts1769100000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await retype(queryRunner, 'LONGTEXT');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await retype(queryRunner, 'TEXT');
  }
}

/** MODIFY keeps each column's data, nullability and the table's character set (utf8mb4). */
async function retype(queryRunner: QueryRunner, type: 'LONGTEXT' | 'TEXT'): Promise<void> {
  if (queryRunner.dataSource.options.type !== 'mysql') return;
  for (const { table, column, nullable } of LONG_TEXTS) {
    await queryRunner.query(`ALTER TABLE \`${table}\` MODIFY \`${column}\` ${type} ${nullable ? 'NULL' : 'NOT NULL'}`);
  }
}
