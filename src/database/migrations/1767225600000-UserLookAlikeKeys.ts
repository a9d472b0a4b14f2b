import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { lookAlikeKey } from '../../text/look-alike.js';

const COLUMNS = ['name_lookalike', 'email_lookalike'] as const;
const BATCH = 500;

/**
 * Logins and emails unique up to look-alike characters: each user row keeps the look-alike key of
 * its login and email (indexed), so user_create / user_update find a taken look-alike with one index
 * probe. Not unique indexes: rows written before this rule may already collide.
 */
export class UserLookAlikeKeys1767225600000 implements MigrationInterface {
  name = 'UserLookAlikeKeys1767225600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns(
      'glpi_users',
      COLUMNS.map((name) => new TableColumn({ name, type: 'varchar', length: '255', isNullable: true })),
    );
    await queryRunner.createIndices(
      'glpi_users',
      COLUMNS.map((name) => new TableIndex({ name: `IDX_glpi_users_${name}`, columnNames: [name] })),
    );
    const rows = (await queryRunner.query('SELECT id, name, email FROM glpi_users')) as Array<{ id: number; name: string; email: string | null }>;
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      const cases = COLUMNS.map((column) => `${column} = CASE id ${batch.map(() => 'WHEN ? THEN ?').join(' ')} END`).join(', ');
      const params = [
        ...batch.flatMap((r) => [r.id, lookAlikeKey(r.name)]),
        ...batch.flatMap((r) => [r.id, r.email ? lookAlikeKey(r.email) : null]),
        ...batch.map((r) => r.id),
      ];
      await queryRunner.query(`UPDATE glpi_users SET ${cases} WHERE id IN (${batch.map(() => '?').join(', ')})`, params);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of COLUMNS) await queryRunner.dropIndex('glpi_users', `IDX_glpi_users_${name}`);
    await queryRunner.dropColumns('glpi_users', [...COLUMNS]);
  }
}
