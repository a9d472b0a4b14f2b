import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

/**
 * MariaDB/MySQL: one index per sort that ticket_search offers, led by `is_deleted` (every read has
 * `is_deleted = 0`): an unfiltered or broad search reads its page in order from the index and stops,
 * instead of sorting every visible ticket. The primary key rides along in secondary indexes, so the
 * keyset tie-break on id needs no extra column.
 *
 * Not on SQLite: there the single-column sort indexes already serve the order, and until it has
 * statistics SQLite takes `is_deleted = ?` for a selective probe, so an index led by it would win
 * over a filter's own index (measured: the 3-filter page went from 0.7 ms to 27 ms at 100k tickets).
 */
const SORTS = ['date_mod', 'date', 'priority', 'status'];

export class TicketSortIndexes1768400000001 implements MigrationInterface {
  name = 'TicketSortIndexes1768400000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.dataSource.options.type !== 'mysql') return;
    for (const column of SORTS) {
      await queryRunner.createIndex('glpi_tickets', new TableIndex({ name: `IDX_glpi_tickets_is_deleted_${column}`, columnNames: ['is_deleted', column] }));
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.dataSource.options.type !== 'mysql') return;
    for (const column of SORTS) await queryRunner.dropIndex('glpi_tickets', `IDX_glpi_tickets_is_deleted_${column}`);
  }
}
