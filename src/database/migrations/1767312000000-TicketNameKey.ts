import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { matchKey } from '../../text/normalize.js';

const BATCH = 500;

/**
 * Tickets are named by their title (ticket_get / ticket_update take one): each ticket row keeps the
 * match key of its title (lower case, accents stripped, indexed), filled on every write, so a title
 * is one index probe on every database, as names of other records are.
 */
export class TicketNameKey1767312000000 implements MigrationInterface {
  name = 'TicketNameKey1767312000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('glpi_tickets', new TableColumn({ name: 'name_key', type: 'varchar', length: '255', isNullable: true }));
    await queryRunner.createIndex('glpi_tickets', new TableIndex({ name: 'IDX_glpi_tickets_name_key', columnNames: ['name_key'] }));
    const rows = (await queryRunner.query('SELECT id, name FROM glpi_tickets')) as Array<{ id: number; name: string }>;
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      const params = [...batch.flatMap((r) => [r.id, matchKey(r.name)]), ...batch.map((r) => r.id)];
      await queryRunner.query(
        `UPDATE glpi_tickets SET name_key = CASE id ${batch.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE id IN (${batch.map(() => '?').join(', ')})`,
        params,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('glpi_tickets', 'IDX_glpi_tickets_name_key');
    await queryRunner.dropColumn('glpi_tickets', 'name_key');
  }
}
