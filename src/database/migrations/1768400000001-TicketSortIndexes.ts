import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

/**
 * One index per sort that ticket_search offers, led by `is_deleted` (every read has `is_deleted = 0`):
 * an unfiltered or broad search reads its page in order from the index and stops, instead of
 * sorting every visible ticket. The primary key rides along in both engines' secondary indexes, so
 * the keyset tie-break on id needs no extra column.
 */
const SORTS = ['date_mod', 'date', 'priority', 'status'];

export class TicketSortIndexes1768400000001 implements MigrationInterface {
  name = 'TicketSortIndexes1768400000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of SORTS) {
      await queryRunner.createIndex('glpi_tickets', new TableIndex({ name: `IDX_glpi_tickets_is_deleted_${column}`, columnNames: ['is_deleted', column] }));
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of SORTS) await queryRunner.dropIndex('glpi_tickets', `IDX_glpi_tickets_is_deleted_${column}`);
  }
}
